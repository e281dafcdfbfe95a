import type { Dirent } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from './diagnostic.js';
import { MAX_SKILL_FILE_BYTES, SKILL_FILE_NAME } from './limits.js';
import { listSkillFiles } from './list-skill-files.js';
import { parseSkill } from './parse-skill.js';
import { type ReadRegularFileResult, readRegularFile } from './read-regular-file.js';
import type { LoadSkillResult, Skill, SkillOrigin } from './types.js';

/** How to load a skill folder. */
export interface LoadSkillOptions {
  readonly profile?: 'spec' | 'lenient';
  readonly strict?: boolean;
  /** Where the skill was found; defaults to a project skill under the folder's parent. */
  readonly origin?: SkillOrigin;
  /** A symlinked SKILL.md is read only when its target lies inside one of these (default: the folder). */
  readonly allowedRoots?: readonly string[];
  /** Skip listing supporting files (e.g. when only the frontmatter is wanted). */
  readonly listFiles?: boolean;
  /** The folder's entries when the caller already read them, to save a readdir. */
  readonly entries?: readonly Dirent[];
  /**
   * `SKILL.md` as the caller already read it safely with `readRegularFile` (discovery's walk), to
   * save reading it again.
   */
  readonly skillFile?: Extract<ReadRegularFileResult, { ok: true }>;
  /**
   * `false` when the folder's name means nothing: a lone SKILL.md (an upload, a file path) was put
   * into a folder named by the installer, so its `name` is not checked against that folder.
   */
  readonly checkFolderName?: boolean;
}

/**
 * Loads one skill folder: reads its `SKILL.md` safely (regular file, at most 4 MiB, never through a
 * link that leaves the allowed roots), parses and validates it, and lists its supporting files.
 * @example
 * const result = await loadSkill('/repo/.agents/skills/refunds');
 * if (!result.ok) for (const d of result.diagnostics) console.error(formatDiagnostic(d));
 */
export async function loadSkill(directory: string, options: LoadSkillOptions = {}): Promise<LoadSkillResult> {
  return loadSkillSync(directory, options);
}

/**
 * {@link loadSkill} without the promise: discovery loads thousands of folders in a row, and every
 * step here is a synchronous call of a few microseconds.
 */
export function loadSkillSync(directory: string, options: LoadSkillOptions = {}): LoadSkillResult {
  const absolute = isPlainAbsolute(directory) ? directory : path.resolve(directory);
  const skillFile = `${absolute}${path.sep}${SKILL_FILE_NAME}`;
  const read =
    options.skillFile ??
    readRegularFile(skillFile, {
      maxBytes: MAX_SKILL_FILE_BYTES,
      allowedRoots: options.allowedRoots ?? [absolute],
    });
  if (!read.ok) return { ok: false, diagnostics: [readFailureDiagnostic(read, skillFile)] };

  const parsed = parseSkill(read.bytes, {
    file: skillFile,
    ...(options.checkFolderName === false
      ? {}
      : { folderName: absolute.slice(absolute.lastIndexOf(path.sep) + 1) }),
    profile: options.profile ?? 'lenient',
    ...(options.strict === undefined ? {} : { strict: options.strict }),
  });
  if (!parsed.ok) return parsed;

  const listing = options.listFiles === false ? NO_FILES : listSkillFiles(absolute, options.entries);
  const diagnostics =
    listing.diagnostics.length === 0 ? parsed.diagnostics : [...parsed.diagnostics, ...listing.diagnostics];
  const origin = options.origin ?? { sourceType: 'project', sourceDir: path.dirname(absolute) };
  const { id, name, description, body, fields, frontmatter } = parsed.skill;
  // One literal, one shape for every skill: a spread of the parsed skill gave 10,000 skills
  // property lookups the JIT could not predict (discover benchmark).
  const skill: Skill = {
    id,
    name,
    description,
    body,
    fields,
    frontmatter,
    directory: absolute,
    skillFile,
    files: listing.files.length === 0 ? NO_FILES.files : Object.freeze(listing.files),
    origin,
    diagnostics: diagnostics.length === 0 ? NO_FILES.diagnostics : Object.freeze(diagnostics),
  };
  return { ok: true, skill: Object.freeze(skill), diagnostics: skill.diagnostics };
}

/** Shared by every skill without supporting files or diagnostics (frozen: nothing can add to it). */
const NO_FILES = Object.freeze({
  files: Object.freeze([]) as readonly [],
  diagnostics: Object.freeze([]) as readonly [],
});

/**
 * True for an absolute POSIX path that `path.resolve` would return unchanged (no `.` or `..`
 * segment, no empty segment, no trailing separator, not the root): discovery passes real folders,
 * and normalising 10,000 of them again was a tenth of loading them (discover benchmark).
 */
function isPlainAbsolute(directory: string): boolean {
  return path.sep === '/' && directory.length > 1 && directory[0] === '/' && !NOT_PLAIN.test(directory);
}

const NOT_PLAIN = /\/\/|\/\.\.?(?:\/|$)|\/$/;

function readFailureDiagnostic(
  failure: Exclude<ReturnType<typeof readRegularFile>, { ok: true }>,
  file: string,
): Diagnostic {
  switch (failure.code) {
    case 'path_not_found':
      return {
        code: 'skill_file_missing',
        severity: 'error',
        message: `no ${SKILL_FILE_NAME} in this folder`,
        file,
      };
    case 'special_file':
      return {
        code: 'skill_file_not_regular',
        severity: 'error',
        message: `${SKILL_FILE_NAME} is a ${failure.kind}, not a regular file; it was not read`,
        file,
      };
    case 'symlink_refused':
      return {
        code: 'skill_file_symlink_outside',
        severity: 'error',
        message: `${SKILL_FILE_NAME} is a symbolic link to '${failure.target}', outside the allowed folders; it was not read`,
        file,
      };
    case 'file_too_large':
      return {
        code: 'file_too_large',
        severity: 'error',
        message: `file is ${failure.size} bytes; a ${SKILL_FILE_NAME} may be at most ${MAX_SKILL_FILE_BYTES} bytes (4 MiB)`,
        file,
        line: 1,
        column: 1,
      };
    case 'file_unreadable':
      return {
        code: 'skill_file_unreadable',
        severity: 'error',
        message: `cannot read ${SKILL_FILE_NAME}: ${failure.error.code ?? failure.error.message}`,
        file,
      };
  }
}
