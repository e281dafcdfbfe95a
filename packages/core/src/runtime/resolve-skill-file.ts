import { lstat, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';

/** Why a file inside a skill folder cannot be served. */
export type SkillFileProblem =
  | 'skill_folder_missing'
  | 'not_found'
  | 'symlink'
  | 'not_a_file'
  | 'outside_skill';

/** A file that passed every check, or why it did not. */
export type ResolvedSkillFile =
  | {
      readonly ok: true;
      readonly absolutePath: string;
      readonly size: number;
      /** Device and inode seen by `lstat`, so the reader can check it opened the same file. */
      readonly identity: { readonly dev: number; readonly ino: number };
    }
  | { readonly ok: false; readonly problem: SkillFileProblem; readonly message: string };

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
    return { ok: false, problem: 'skill_folder_missing', message: 'The skill folder no longer exists.' };
  }
  const segments = file.split('/');
  let current = base;
  for (const [index, segment] of segments.entries()) {
    current = join(current, segment);
    let stats: Awaited<ReturnType<typeof lstat>>;
    try {
      stats = await lstat(current);
    } catch (error) {
      if (isMissing(error))
        return { ok: false, problem: 'not_found', message: 'No such file in this skill.' };
      throw error;
    }
    if (stats.isSymbolicLink()) {
      return { ok: false, problem: 'symlink', message: 'Symbolic links inside skills are not followed.' };
    }
    const last = index === segments.length - 1;
    if (!last && !stats.isDirectory()) {
      return { ok: false, problem: 'not_found', message: 'No such file in this skill.' };
    }
    if (last && !stats.isFile()) {
      const what = stats.isDirectory() ? 'a folder' : 'not a regular file';
      return { ok: false, problem: 'not_a_file', message: `The path is ${what}; name a file.` };
    }
    if (last) {
      // Defence in depth: the walk saw no links, so the real path must agree.
      const real = await realpath(current);
      if (!real.startsWith(base + sep)) {
        return { ok: false, problem: 'outside_skill', message: 'The path leaves the skill folder.' };
      }
      return {
        ok: true,
        absolutePath: current,
        size: stats.size,
        identity: { dev: stats.dev, ino: stats.ino },
      };
    }
  }
  return { ok: false, problem: 'not_found', message: 'No such file in this skill.' };
}
