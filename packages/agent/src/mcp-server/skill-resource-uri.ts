import { SKILL_FILE_NAME } from '@skilldock/core/format';
import { skillVirtualPath } from '@skilldock/core/runtime';

/** URI of the catalog resource: the skills the model may activate, re-rendered on every change. */
export const SKILLS_CATALOG_URI = 'skills://catalog';

/** Scheme of a skill's files as MCP resources: `skill://<id>/<file>`. */
export const SKILL_RESOURCE_SCHEME = 'skill://';

/** Where a resource URI leads: the catalog, or a skill file as its virtual path (SPEC R4). */
export type SkillResourceTarget =
  | { readonly kind: 'catalog' }
  | { readonly kind: 'file'; readonly skillId: string; readonly virtualPath: string };

/**
 * The MCP resource URI of a skill's file: `skill://<id>/<file>`, the id and each path segment
 * percent-encoded (an extension id such as `rust:pdf` would otherwise read as a host and port).
 * @example skillResourceUri('pdf-tools', 'references/guide.md') // 'skill://pdf-tools/references/guide.md'
 */
export function skillResourceUri(skillId: string, file: string = SKILL_FILE_NAME): string {
  const segments = file.split('/').map((segment) => encodeURIComponent(segment));
  return `${SKILL_RESOURCE_SCHEME}${encodeURIComponent(skillId)}/${segments.join('/')}`;
}

/**
 * Reads a resource URI back. A file URI becomes the virtual path `/.skills/<id>/<file>`, which the
 * skill session then checks like any `read_skill_resource` path (traversal, absolute and encoded
 * forms, links out: SPEC R4); an id that is not one path segment is refused here already.
 * Returns undefined for anything that is not one of ours.
 */
export function parseSkillResourceUri(uri: string): SkillResourceTarget | undefined {
  if (uri === SKILLS_CATALOG_URI) return { kind: 'catalog' };
  if (!uri.startsWith(SKILL_RESOURCE_SCHEME)) return undefined;
  const rest = uri.slice(SKILL_RESOURCE_SCHEME.length);
  const slash = rest.indexOf('/');
  if (slash <= 0 || slash === rest.length - 1) return undefined;
  let skillId: string;
  try {
    skillId = decodeURIComponent(rest.slice(0, slash));
  } catch {
    return undefined;
  }
  if (skillId === '.' || skillId === '..' || /[/\\\0]/.test(skillId)) return undefined;
  if (/[?#]/.test(rest)) return undefined;
  return { kind: 'file', skillId, virtualPath: `${skillVirtualPath(skillId)}/${rest.slice(slash + 1)}` };
}
