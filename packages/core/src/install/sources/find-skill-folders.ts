import { type Dirent, lstatSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';
import { SecurityError, UserInputError } from '../../errors.js';
import { isPathInside } from '../../format/is-path-inside.js';
import { SKILL_FILE_NAME } from '../../format/limits.js';
import { AGENT_SKILL_FOLDERS, SKIPPED_SEARCH_FOLDERS } from './agent-skill-folders.js';
import { readPluginSkillFolders } from './read-plugin-skill-folders.js';
import type { SkillCandidate } from './skill-candidate.js';

/** Where and how far to look. */
export interface FindSkillFoldersOptions {
  /** POSIX folder inside `root` to search instead of the root. */
  readonly subpath?: string;
  /** Deepest level of the fallback search below the search folder; default 5. */
  readonly maxDepth?: number;
  /** Folders the fallback search reads before it stops with a warning; default 2000. */
  readonly maxFolders?: number;
}

/** Skill folders found, in the order they were found. */
export interface FoundSkillFolders {
  readonly candidates: readonly SkillCandidate[];
  readonly warnings: readonly string[];
}

/**
 * Finds the skills in a fetched tree (SPEC P4), the way the `skills` CLI does: a `SKILL.md` in the
 * search folder makes it the only skill; otherwise its direct sub-folders, `skills/` (and its
 * `.curated`, `.experimental`, `.system` groups), the agent folders such as `.claude/skills`, and the
 * folders a `.claude-plugin` manifest names; when all of those are empty, a bounded recursive search.
 * Links are never followed, and a skill folder is not searched for skills inside it.
 * @throws UserInputError `subpath_not_found`; SecurityError `unsafe_subpath`.
 */
export async function findSkillFolders(
  root: string,
  options: FindSkillFoldersOptions = {},
): Promise<FoundSkillFolders> {
  const base = path.resolve(root);
  const searchPath = path.resolve(base, ...(options.subpath ?? '').split('/').filter(Boolean));
  if (!isPathInside(searchPath, base))
    throw new SecurityError('unsafe_subpath', `Path '${options.subpath}' leaves the source.`, {
      details: { path: options.subpath },
    });
  const stats = lstatOrUndefined(searchPath);
  if (!stats?.isDirectory())
    throw options.subpath
      ? new UserInputError('subpath_not_found', `The source has no folder '${options.subpath}'.`, {
          details: { path: options.subpath },
        })
      : new UserInputError('source_not_found', `No such folder: ${base}`, { details: { path: base } });

  const found = new Map<string, SkillCandidate>();
  const add = (directory: string) => {
    if (!found.has(directory))
      found.set(directory, {
        directory,
        sourcePath: path.relative(base, directory).split(path.sep).join('/'),
      });
  };
  if (holdsSkillFile(searchPath)) {
    add(searchPath);
    return { candidates: [...found.values()], warnings: [] };
  }

  const containers = [
    'skills',
    'skills/.curated',
    'skills/.experimental',
    'skills/.system',
    ...AGENT_SKILL_FOLDERS,
  ].map((folder) => path.join(searchPath, ...folder.split('/')));
  const plugins = await readPluginSkillFolders(searchPath);
  for (const folder of [searchPath, ...containers, ...plugins.folders]) {
    const deep = folder !== searchPath && containers.includes(folder);
    for (const child of subfolders(folder)) {
      if (holdsSkillFile(child)) add(child);
      else if (deep)
        for (const grandchild of subfolders(child)) if (holdsSkillFile(grandchild)) add(grandchild);
    }
  }
  const warnings = [...plugins.warnings];
  if (found.size === 0) searchRecursively(searchPath, options, add, warnings);
  return { candidates: [...found.values()], warnings };
}

function searchRecursively(
  searchPath: string,
  options: FindSkillFoldersOptions,
  add: (directory: string) => void,
  warnings: string[],
): void {
  const maxDepth = options.maxDepth ?? 5;
  const maxFolders = options.maxFolders ?? 2000;
  let queue = [searchPath];
  let read = 0;
  for (let depth = 0; depth <= maxDepth && queue.length > 0; depth++) {
    const next: string[] = [];
    for (const folder of queue) {
      if (read++ >= maxFolders) {
        warnings.push(
          `Stopped searching for skills after ${maxFolders} folders; name a sub-folder to look deeper.`,
        );
        return;
      }
      if (folder !== searchPath && holdsSkillFile(folder)) {
        add(folder);
        continue;
      }
      next.push(...subfolders(folder));
    }
    queue = next;
  }
}

/**
 * Real sub-folders (no links), sorted by name, noise folders left out. Synchronous like the rest of
 * the search: a source of hundreds of skills costs hundreds of tiny calls, and the promise API's
 * round trip through the thread pool costs more than each call.
 */
function subfolders(folder: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isDirectory() && !SKIPPED_SEARCH_FOLDERS.has(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((name) => path.join(folder, name));
}

/** A linked `SKILL.md` still marks a skill, so that staging can refuse it visibly. */
function holdsSkillFile(folder: string): boolean {
  const stats = lstatOrUndefined(path.join(folder, SKILL_FILE_NAME));
  return stats !== undefined && (stats.isFile() || stats.isSymbolicLink());
}

/** The entry's own stats (links not followed), or undefined when it cannot be read. */
function lstatOrUndefined(target: string): Stats | undefined {
  try {
    return lstatSync(target, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
