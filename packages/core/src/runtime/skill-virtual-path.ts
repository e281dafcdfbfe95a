import { type Failure, failure } from '../result.js';

/** Where skills' supporting files appear to the model (SPEC R4): `/.skills/<id>/<file>`. */
export const SKILLS_VIRTUAL_ROOT = '/.skills';

/** One way to read a requested path: which skill, which file inside its folder (POSIX, relative). */
export interface SkillPathCandidate {
  readonly skillId: string;
  readonly file: string;
}

/** Why a requested resource path was refused before any file was looked at. */
export type SkillPathProblem =
  | 'skill_path_empty'
  | 'skill_path_nul_byte'
  | 'skill_path_backslash'
  | 'skill_path_traversal'
  | 'skill_path_segment_too_long'
  | 'skill_path_absolute'
  | 'skill_path_no_file'
  | 'not_a_skill_path';

/** Result of {@link parseSkillVirtualPath}: candidates to try in order, or why the path is refused. */
export type ParsedSkillPath =
  | { readonly ok: true; readonly candidates: readonly SkillPathCandidate[] }
  | Failure<SkillPathProblem>;

/** Longest file or folder name the file systems allow (NAME_MAX). */
const MAX_SEGMENT_BYTES = 255;
// TextEncoder, not Buffer: the runtime also runs in bundles without Node's globals (I5).
const UTF8 = new TextEncoder();

// A segment needs encoding when it would be ambiguous or unreadable in a listing.
const NEEDS_ENCODING = /[\u0000-\u001f\u007f%]/;

/**
 * The exact virtual path that reads `file` of skill `id`. Segments holding `%` or control characters
 * are percent-encoded; everything else is listed as is.
 * @example skillVirtualPath('pdf', 'scripts/fill form.py') // '/.skills/pdf/scripts/fill form.py'
 */
export function skillVirtualPath(id: string, file?: string): string {
  const encode = (segment: string) => (NEEDS_ENCODING.test(segment) ? encodeURIComponent(segment) : segment);
  const tail = file === undefined ? '' : `/${file.split('/').map(encode).join('/')}`;
  return `${SKILLS_VIRTUAL_ROOT}/${encode(id)}${tail}`;
}

function decodeOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** Split one spelling into skill id and file, or say what is wrong with it. */
function splitSpelling(
  spelling: string,
  id: string | undefined,
): SkillPathCandidate | Failure<SkillPathProblem> {
  if (spelling.includes('\u0000')) return failure('skill_path_nul_byte', 'The path contains a NUL byte.');
  if (spelling.includes('\\')) return failure('skill_path_backslash', 'Use forward slashes in skill paths.');
  let rest: string;
  let skillId = id;
  if (
    spelling.startsWith(`${SKILLS_VIRTUAL_ROOT}/`) ||
    spelling.startsWith(`${SKILLS_VIRTUAL_ROOT.slice(1)}/`)
  ) {
    rest = spelling.slice(spelling.indexOf('/', 1) + 1);
    skillId = undefined;
  } else if (spelling.startsWith('/') || /^[A-Za-z]:/.test(spelling) || spelling.startsWith('~')) {
    return failure(
      'skill_path_absolute',
      `Only virtual skill paths can be read here: ${SKILLS_VIRTUAL_ROOT}/<id>/<file>.`,
    );
  } else {
    rest = spelling;
  }
  const segments = rest.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.')) {
    return failure('skill_path_traversal', 'The path may not contain "." or ".." segments.');
  }
  // A longer name cannot exist on disk; the file system's error would quote the real path.
  if (segments.some((segment) => UTF8.encode(segment).length > MAX_SEGMENT_BYTES)) {
    return failure(
      'skill_path_segment_too_long',
      `A file or folder name in the path is longer than ${MAX_SEGMENT_BYTES} bytes.`,
    );
  }
  if (skillId === undefined) skillId = segments.shift();
  if (skillId === undefined || skillId === '') {
    return failure('not_a_skill_path', `Expected ${SKILLS_VIRTUAL_ROOT}/<id>/<file>.`);
  }
  if (segments.length === 0)
    return failure('skill_path_no_file', 'The path names a skill but no file in it.');
  return { skillId, file: segments.join('/') };
}

/**
 * Parse a requested skill resource path (SPEC R4). Accepted: `/.skills/<id>/<file>` (also without the
 * leading slash), percent-encoded or decoded, and — when `id` is given — a path relative to that
 * skill's folder; without `id`, a relative `<id>/<file>`. The literal spelling is tried first, then the
 * decoded one. NUL bytes, backslashes, `.`/`..` segments (in either spelling) and real absolute paths
 * are refused.
 */
export function parseSkillVirtualPath(path: string, { id }: { id?: string } = {}): ParsedSkillPath {
  const trimmed = path.trim();
  if (trimmed === '') return failure('skill_path_empty', 'The path is empty.');
  const decoded = decodeOrUndefined(trimmed);
  const spellings = decoded === undefined || decoded === trimmed ? [trimmed] : [trimmed, decoded];
  const candidates: SkillPathCandidate[] = [];
  for (const spelling of spellings) {
    const split = splitSpelling(spelling, id);
    // A hostile decoded spelling (e.g. %2e%2e) condemns the whole request.
    if ('ok' in split) return split;
    candidates.push(split);
  }
  return { ok: true, candidates };
}

/** True when `path` is spelled as a virtual skill path (`/.skills/…`), whatever follows. */
export function isSkillVirtualPath(path: string): boolean {
  return path.startsWith(`${SKILLS_VIRTUAL_ROOT}/`);
}
