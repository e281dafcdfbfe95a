import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { SKILL_FILE_NAME } from '../format/limits.js';
import { listSkillFiles } from '../format/list-skill-files.js';
import { skillMarkdown } from '../format/skill-markdown.js';
import type { InlineFileContent, Skill } from '../format/types.js';
import { type Failure, failure } from '../result.js';
import { closeNames } from './close-names.js';
import { describeByteRange, describeCutLines } from './describe-cut-text.js';
import { inlineFileBytes } from './inline-file-bytes.js';
import {
  type ByteRange,
  readByteRange,
  readBytesFromHandle,
  readBytesFromMemory,
} from './read-byte-range.js';
import { readTextPage, type TextPage } from './read-text-page.js';
import { resolveSkillFile, type SkillFileProblem } from './resolve-skill-file.js';
import {
  MAX_RESOURCE_BYTES,
  MAX_RESOURCE_LINE_BYTES,
  MAX_RESOURCE_LINES,
  READ_SKILL_RESOURCE_TOOL,
} from './tool-declarations.js';
import type { ToolResult } from './types.js';

/** A supporting file found for a request: on disk (checked, not yet opened) or held inline. */
export type SkillResource =
  | {
      readonly kind: 'disk';
      readonly file: string;
      readonly absolutePath: string;
      readonly size: number;
      readonly identity: { readonly dev: number; readonly ino: number };
    }
  | {
      readonly kind: 'inline';
      readonly file: string;
      readonly content: InlineFileContent;
      readonly size: number;
    };

/** Result of {@link findSkillResource}. */
export type FoundSkillResource =
  | { readonly ok: true; readonly resource: SkillResource }
  | Failure<
      SkillFileProblem,
      {
        /** For `skill_file_not_found`: files of the skill the request most likely meant. */
        readonly closeNames?: readonly string[];
      }
    >;

/**
 * Find the first of `files` (spellings of one request, most literal first) that a skill serves.
 * A refusal other than "not found" (a symlink, a folder) ends the search: it is never bypassed.
 * When no spelling names a file, a unique match ignoring case is served (SKILL.md files often get
 * the case of their own files wrong: `FORMS.md` for `forms.md`); otherwise the close names come back.
 */
export async function findSkillResource(skill: Skill, files: readonly string[]): Promise<FoundSkillResource> {
  for (const file of files) {
    const found = await findExact(skill, file);
    if (found !== undefined) return found;
  }
  const known = skill.inlineFiles ? [SKILL_FILE_NAME, ...Object.keys(skill.inlineFiles)] : filesOnDisk(skill);
  for (const file of files) {
    const sameLetters = known.filter((candidate) => candidate.toLowerCase() === file.toLowerCase());
    if (sameLetters.length !== 1) continue;
    const found = await findExact(skill, sameLetters[0]!);
    if (found !== undefined) return found;
  }
  const wanted = files[0] ?? '';
  const close = closeNames(wanted, known);
  return failure(
    'skill_file_not_found',
    'No such file in this skill.',
    close.length === 0 ? {} : { closeNames: close },
  );
}

// The file at exactly this path, a refusal that must not be bypassed, or undefined when absent.
async function findExact(skill: Skill, file: string): Promise<FoundSkillResource | undefined> {
  if (skill.inlineFiles) {
    // An in-memory skill has no SKILL.md until one is read: written from its fields then (I1, R5).
    const ownFile = file === SKILL_FILE_NAME;
    const content = ownFile ? skillMarkdown(skill) : skill.inlineFiles[file];
    if (content !== undefined && (ownFile || Object.hasOwn(skill.inlineFiles, file))) {
      const size = inlineFileBytes(content).length;
      return { ok: true, resource: { kind: 'inline', file, content, size } };
    }
    return undefined;
  }
  if (skill.directory === undefined) return undefined;
  const resolved = await resolveSkillFile(skill.directory, file);
  if (resolved.ok) {
    const { absolutePath, size, identity } = resolved;
    return { ok: true, resource: { kind: 'disk', file, absolutePath, size, identity } };
  }
  return resolved.code === 'skill_file_not_found' ? undefined : resolved;
}

/**
 * The skill's files as on disk now (a file added since discovery counts), by the same bounded
 * listing discovery uses (skipped folders, depth and count limits, no links), SKILL.md included.
 */
function filesOnDisk(skill: Skill): string[] {
  if (skill.directory === undefined) return skill.files.map((entry) => entry.path);
  return [SKILL_FILE_NAME, ...listSkillFiles(skill.directory).files.map((entry) => entry.path)];
}

type Page = TextPage | ByteRange | { readonly binary: true };

async function readPage(resource: SkillResource, request: PageRequest): Promise<Page | string> {
  const limits = {
    offset: request.offset,
    maxLines: request.limit,
    maxBytes: MAX_RESOURCE_BYTES,
    maxLineBytes: MAX_RESOURCE_LINE_BYTES,
  };
  if (resource.kind === 'inline') {
    const bytes = inlineFileBytes(resource.content);
    if (request.byteOffset !== undefined) {
      const range = { offset: request.byteOffset, maxBytes: MAX_RESOURCE_BYTES, size: bytes.length };
      return readByteRange(readBytesFromMemory(bytes), range);
    }
    return readTextPage(
      (async function* () {
        yield bytes;
      })(),
      limits,
    );
  }
  // O_NOFOLLOW and the identity check close the gap between the checks and the open.
  const handle = await open(resource.absolutePath, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.ino !== resource.identity.ino || stats.dev !== resource.identity.dev) {
      return 'The file changed while it was being opened; it was not read.';
    }
    if (request.byteOffset !== undefined) {
      const range = { offset: request.byteOffset, maxBytes: MAX_RESOURCE_BYTES, size: stats.size };
      return await readByteRange(readBytesFromHandle(handle), range);
    }
    return await readTextPage(
      handle.createReadStream({ autoClose: false, highWaterMark: 64 * 1024 }),
      limits,
    );
  } finally {
    await handle.close();
  }
}

interface PageRequest {
  readonly offset: number;
  readonly limit: number;
  readonly byteOffset?: number;
}

/**
 * Read one page of a supporting file and word it for the model (SPEC R4): at most 2000 lines and
 * 50 KB, with a note naming the offset that continues; binary files are described, not dumped.
 */
export async function readSkillResourcePage(
  resource: SkillResource,
  virtualPath: string,
  {
    offset = 1,
    limit = MAX_RESOURCE_LINES,
    byteOffset,
  }: { offset?: number; limit?: number; byteOffset?: number } = {},
): Promise<ToolResult> {
  const firstLine = Math.max(1, offset);
  const lineLimit = Math.min(Math.max(1, limit), MAX_RESOURCE_LINES);
  const readRest = (next: number) =>
    `call ${READ_SKILL_RESOURCE_TOOL} with path "${virtualPath}" and byte_offset ${next} to read on`;
  let page: Page | string;
  try {
    page = await readPage(resource, {
      offset: firstLine,
      limit: lineLimit,
      ...(byteOffset === undefined ? {} : { byteOffset }),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return { isError: true, content: `Could not read ${virtualPath} (${code}).` };
  }
  if (typeof page === 'string') return { isError: true, content: page };
  if ('size' in page) return { isError: false, content: describeByteRange(page, readRest) };
  if ('binary' in page || page.kind === 'binary') {
    const where =
      resource.kind === 'disk' ? ` It is at ${resource.absolutePath} for tools that handle binary data.` : '';
    return {
      isError: false,
      content: `${virtualPath} is a binary file (${resource.size} bytes); its contents are not shown.${where}`,
    };
  }
  if (page.lineCount === 0 && page.totalLines !== undefined && firstLine > 1) {
    return {
      isError: true,
      content: `${virtualPath} has ${page.totalLines} lines; offset ${firstLine} is past the end.`,
    };
  }
  if (page.lineCount === 0 && firstLine === 1)
    return { isError: false, content: `(${virtualPath} is empty.)` };
  const notes: string[] = [];
  if (page.cutLines !== undefined) notes.push(describeCutLines(page.cutLines, readRest));
  if (page.nextOffset !== undefined) {
    const lastLine = page.firstLine + page.lineCount - 1;
    notes.push(
      `Showing lines ${page.firstLine}-${lastLine}. The file continues: call ${READ_SKILL_RESOURCE_TOOL} with path "${virtualPath}" and offset ${page.nextOffset} to read more.`,
    );
  }
  const content =
    notes.length === 0
      ? page.text
      : `${page.text}${page.text.endsWith('\n') ? '' : '\n'}\n[${notes.join(' ')}]`;
  return { isError: false, content };
}
