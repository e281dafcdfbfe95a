import { lstat, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { type Failure, failure } from '../result.js';

/** Why a file inside a skill folder cannot be served. */
export type SkillFileProblem =
  | 'skill_folder_missing'
  | 'skill_file_not_found'
  | 'symlink_refused'
  | 'skill_file_not_a_file'
  | 'path_outside_folder';

/** A file that passed every check, or why it did not. */
export type ResolvedSkillFile =
  | {
      readonly ok: true;
      readonly absolutePath: string;
      readonly size: number;
      /** Device and inode seen by `lstat`, so the reader can check it opened the same file. */
      readonly identity: { readonly dev: number; readonly ino: number };
    }
  | Failure<SkillFileProblem>;

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Find `file` (POSIX, relative, already free of `.`/`..`) inside a skill folder without following a
 * link: every component below the folder is `lstat`ed and must not be a symlink, the last must be a
 * regular file, and its real path must stay inside the folder's real path (SPEC R4).
 */
export async function resolveSkillFile(directory: string, file: string): Promise<ResolvedSkillFile> {
  let base: string;
  try {
    base = await realpath(directory);
  } catch {
    return failure('skill_folder_missing', 'The skill folder no longer exists.');
  }
  const segments = file.split('/');
  let current = base;
  for (const [index, segment] of segments.entries()) {
    current = join(current, segment);
    let stats: Awaited<ReturnType<typeof lstat>>;
    try {
      stats = await lstat(current);
    } catch (error) {
      if (isMissing(error)) return failure('skill_file_not_found', 'No such file in this skill.');
      throw error;
    }
    if (stats.isSymbolicLink()) {
      return failure('symlink_refused', 'Symbolic links inside skills are not followed.');
    }
    const last = index === segments.length - 1;
    if (!last && !stats.isDirectory()) {
      return failure('skill_file_not_found', 'No such file in this skill.');
    }
    if (last && !stats.isFile()) {
      const what = stats.isDirectory() ? 'a folder' : 'not a regular file';
      return failure('skill_file_not_a_file', `The path is ${what}; name a file.`);
    }
    if (last) {
      // Defence in depth: the walk saw no links, so the real path must agree.
      const real = await realpath(current);
      if (!real.startsWith(base + sep)) {
        return failure('path_outside_folder', 'The path leaves the skill folder.');
      }
      return {
        ok: true,
        absolutePath: current,
        size: stats.size,
        identity: { dev: stats.dev, ino: stats.ino },
      };
    }
  }
  return failure('skill_file_not_found', 'No such file in this skill.');
}
