import type {
  BlobResourceContents,
  Resource,
  TextResourceContents,
} from '@modelcontextprotocol/sdk/types.js';
import {
  type CatalogSkill,
  type CatalogSnapshot,
  modelVisibility,
  renderCatalog,
} from '@skilldock/core/catalog';
import { type Failure, failure } from '@skilldock/core/errors';
import { readRegularFile, SKILL_FILE_NAME } from '@skilldock/core/format';
import type { SkillSession } from '@skilldock/core/runtime';
import { looksBinary } from '../tools/looks-binary.js';
import { parseSkillResourceUri, SKILLS_CATALOG_URI, skillResourceUri } from './skill-resource-uri.js';

/** Most bytes one `resources/read` returns (SEC4); larger files are read in pages with `read_skill_resource`. */
export const MAX_MCP_RESOURCE_BYTES = 4 * 1024 * 1024;

/** The skills the model may see in a snapshot (path-gated ones stay hidden: an MCP client reports no file touches). */
export function visibleSkills(snapshot: CatalogSnapshot): CatalogSkill[] {
  return snapshot.skills.filter((skill) => modelVisibility(skill).allowed);
}

/** The catalog resource's text: the model's catalog as a Markdown list, or a line saying there is none. */
export function renderCatalogResource(snapshot: CatalogSnapshot): string {
  const text = renderCatalog(visibleSkills(snapshot), { format: 'markdown' }).text;
  return text === '' ? 'No skills are available.\n' : `${text}\n`;
}

/**
 * Every resource the server lists (issue 16 §3): the catalog, then each visible skill's SKILL.md and
 * supporting files in catalog order. Only skills `read_skill_resource` would read are listed, so a
 * resource never reveals what the tool refuses.
 */
export function listSkillResources(snapshot: CatalogSnapshot): Resource[] {
  const resources: Resource[] = [
    {
      uri: SKILLS_CATALOG_URI,
      name: 'catalog',
      title: 'Skill catalog',
      description: 'The skills available to activate, one line each; it changes when skills change on disk.',
      mimeType: 'text/markdown',
    },
  ];
  for (const skill of visibleSkills(snapshot)) {
    const files = skill.inlineFiles
      ? Object.keys(skill.inlineFiles).sort()
      : skill.files.map((file) => file.path);
    resources.push({
      uri: skillResourceUri(skill.id, SKILL_FILE_NAME),
      name: `${skill.id}/${SKILL_FILE_NAME}`,
      title: skill.name,
      description: skill.description,
      mimeType: 'text/markdown',
    });
    for (const file of files) {
      if (file === SKILL_FILE_NAME) continue;
      resources.push({ uri: skillResourceUri(skill.id, file), name: `${skill.id}/${file}` });
    }
  }
  return resources;
}

/** Why a resource could not be read; the server answers it as a JSON-RPC error. */
export type SkillResourceReadFailure = Failure<'skill_resource_unreadable'>;

/**
 * Reads one resource through the connection's skill session: the path is checked exactly as
 * `read_skill_resource` checks it (SPEC R4: traversal, absolute, encoded, links out, other skills'
 * folders), then the file is read whole up to {@link MAX_MCP_RESOURCE_BYTES}; binary files come
 * as a base64 blob, as MCP describes them.
 */
export async function readSkillMcpResource(
  session: SkillSession,
  uri: string,
): Promise<
  | { readonly ok: true; readonly contents: (TextResourceContents | BlobResourceContents)[] }
  | SkillResourceReadFailure
> {
  const target = parseSkillResourceUri(uri);
  if (target === undefined)
    return failure('skill_resource_unreadable', `${uri} is not a resource of this server.`);
  if (target.kind === 'catalog') {
    return {
      ok: true,
      contents: [{ uri, mimeType: 'text/markdown', text: renderCatalogResource(session.catalog) }],
    };
  }
  const resolved = await session.resolveSkillResourcePath(target.virtualPath);
  if (!resolved.ok) return failure('skill_resource_unreadable', `Cannot read ${uri}: ${resolved.message}`);
  if (resolved.skillId !== target.skillId) {
    return failure(
      'skill_resource_unreadable',
      `Cannot read ${uri}: it is not a file of the skill ${target.skillId}.`,
    );
  }
  const canonical = skillResourceUri(resolved.skillId, resolved.file);
  const mimeType = resolved.file.endsWith('.md') ? 'text/markdown' : undefined;
  if (resolved.content !== undefined) {
    return {
      ok: true,
      contents: [{ uri: canonical, text: resolved.content, ...(mimeType ? { mimeType } : {}) }],
    };
  }
  const skill = session.catalog.get(resolved.skillId);
  const read = await readRegularFile(resolved.absolutePath!, {
    maxBytes: MAX_MCP_RESOURCE_BYTES,
    ...(skill?.directory === undefined ? {} : { allowedRoots: [skill.directory] }),
  });
  if (!read.ok) {
    const why =
      read.code === 'file_too_large'
        ? `it is ${read.size} bytes, more than ${MAX_MCP_RESOURCE_BYTES} a resource may be; read it in pages with read_skill_resource`
        : read.message;
    return failure('skill_resource_unreadable', `Cannot read ${uri}: ${why}.`);
  }
  if (looksBinary(read.bytes)) {
    return {
      ok: true,
      contents: [
        { uri: canonical, mimeType: 'application/octet-stream', blob: read.bytes.toString('base64') },
      ],
    };
  }
  return {
    ok: true,
    contents: [{ uri: canonical, text: read.bytes.toString('utf8'), ...(mimeType ? { mimeType } : {}) }],
  };
}
