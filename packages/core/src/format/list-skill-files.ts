import { type Dirent, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from './diagnostic.js';
import { SKILL_FILE_NAME } from './limits.js';
import type { SkillFileEntry } from './types.js';

/** Folders that never hold skill content (SPEC D2, P2). */
export const IGNORED_FOLDER_NAMES: ReadonlySet<string> = new Set([
  '.git',
  'node_modules',
  'dist',
  'build',
  '.cache',
]);

/** Supporting files listed per skill at most; a larger folder is reported, not silently cut. */
export const MAX_LISTED_FILES = 2000;

/** Folder depth below the skill root that is listed. */
export const MAX_LISTED_DEPTH = 16;

export interface ListSkillFilesResult {
  readonly files: readonly SkillFileEntry[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Lists a skill's supporting files as sorted POSIX paths with sizes. Symlinks and special files are
 * left out with a note (resources are never read through links, SPEC R4).
 * Synchronous for the same reason as `readRegularFile`: most skill folders hold only SKILL.md and
 * the walk already read them, so the common case makes no system call at all.
 * @param rootEntries the root folder's entries when the caller already read them (saves a readdir).
 */
export function listSkillFiles(directory: string, rootEntries?: readonly Dirent[]): ListSkillFilesResult {
  const files: SkillFileEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  let truncated = false;

  const visit = (relativeFolder: string, depth: number, known?: readonly Dirent[]): void => {
    const absoluteFolder = relativeFolder ? path.join(directory, relativeFolder) : directory;
    let entries: readonly Dirent[];
    try {
      entries = known ?? readdirSync(absoluteFolder, { withFileTypes: true });
    } catch {
      diagnostics.push({
        code: 'folder_unreadable',
        severity: 'warning',
        message: `cannot read folder '${relativeFolder || '.'}'`,
        file: absoluteFolder,
      });
      return;
    }
    for (const entry of entries) {
      const relative = relativeFolder ? `${relativeFolder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (IGNORED_FOLDER_NAMES.has(entry.name)) continue;
        if (depth >= MAX_LISTED_DEPTH) {
          diagnostics.push({
            code: 'folder_too_deep',
            severity: 'warning',
            message: `'${relative}' is deeper than ${MAX_LISTED_DEPTH} levels; not listed`,
            file: path.join(directory, relative),
          });
          continue;
        }
        visit(relative, depth + 1);
      } else if (entry.isFile()) {
        if (!relativeFolder && entry.name === SKILL_FILE_NAME) continue;
        if (files.length >= MAX_LISTED_FILES) {
          truncated = true;
          continue;
        }
        const stats = statSync(path.join(directory, relative), { throwIfNoEntry: false });
        files.push({ path: relative, size: stats?.size ?? 0 });
      } else if (entry.isSymbolicLink()) {
        diagnostics.push({
          code: 'resource_symlink_skipped',
          severity: 'info',
          message: `'${relative}' is a symbolic link; skill resources are never read through links`,
          file: path.join(directory, relative),
        });
      }
    }
  };

  visit('', 0, rootEntries);
  if (truncated) {
    diagnostics.push({
      code: 'too_many_files',
      severity: 'warning',
      message: `more than ${MAX_LISTED_FILES} supporting files; only the first ${MAX_LISTED_FILES} are listed`,
      file: directory,
    });
  }
  files.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  return { files, diagnostics };
}
