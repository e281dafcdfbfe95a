import { lstatSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, relative, sep } from 'node:path';
import { MapEdit } from '../catalog/patched-map.js';
import type { Diagnostic } from '../format/diagnostic.js';
import { isPathInside } from '../format/is-path-inside.js';
import { SKILL_FILE_NAME } from '../format/limits.js';
import { IGNORED_FOLDER_NAMES } from '../format/list-skill-files.js';
import type { LoadSkillResult } from '../format/types.js';
import { loadSkillFolder } from './load-skill-folder.js';
import {
  journalArm,
  loadOptions,
  rootFailure,
  type ScanOptions,
  type SkillRootScan,
  stampSkillFolder,
} from './scan-skill-root.js';
import { DEFAULT_MAX_DEPTH } from './settings.js';
import { sortSkillFolders } from './skill-folder-order.js';
import { walkSkillFolders } from './walk-skill-folders.js';

/**
 * Applies file changes to one root's scan without walking the whole root (SPEC D7): a change inside
 * a known skill folder reloads that folder only; a new or removed folder elsewhere walks or drops
 * just that subtree. `changedPaths` must be real absolute paths inside the scan's root. Returns a
 * new scan; the input is not modified.
 */
export async function updateSkillRootScan(
  scan: SkillRootScan,
  changedPaths: readonly string[],
  options: ScanOptions = {},
): Promise<SkillRootScan> {
  const root = scan.located.realDirectory;
  if (root === undefined || scan.status !== 'loaded') return scan;
  // Copy-on-write: reloading one folder among 10,000 patches the maps instead of copying them.
  const results = new MapEdit(scan.results);
  // Stamps follow the results, so the next stat-validated rescan reuses what this update loaded.
  const stamps =
    scan.stamps === undefined && options.stamp !== true ? undefined : new MapEdit(scan.stamps ?? new Map());
  const load = (directory: string) => {
    const stamp = stamps === undefined ? undefined : stampSkillFolder(directory);
    if (stamp === undefined) stamps?.delete(directory);
    else stamps?.set(directory, stamp);
    results.set(directory, loadSkillFolder(directory, scan.located, loadOptions(options)));
  };
  const drop = (directory: string) => {
    results.delete(directory);
    stamps?.delete(directory);
  };
  const diagnostics: Diagnostic[] = [];
  const reload = new Set<string>();
  const rewalk = new Set<string>();
  for (const path of changedPaths) {
    if (!isPathInside(path, root) || isInSkippedFolder(root, path)) continue;
    const owner = owningSkillFolder(path, root, results);
    if (owner !== undefined) reload.add(owner);
    else rewalk.add(path);
  }

  let structural = false;
  for (const directory of reload) {
    if (lstatOrUndefined(`${directory}${sep}${SKILL_FILE_NAME}`) !== undefined) {
      load(directory);
      continue;
    }
    // No SKILL.md any more: the folder is no skill, but folders inside it may now be.
    drop(directory);
    structural = true;
    rewalk.add(directory);
  }

  for (const path of collapseNested(rewalk)) {
    const stats = await stat(path).catch(() => undefined);
    let subtree = path;
    if (stats === undefined) {
      for (const directory of [...results.keys()]) if (isPathInside(directory, path)) drop(directory);
      structural = true;
      continue;
    }
    if (!stats.isDirectory()) {
      if (basename(path) !== SKILL_FILE_NAME) continue;
      subtree = dirname(path);
    }
    const depth = subtree === root ? 0 : relative(root, subtree).split(sep).length;
    const maxDepth = (options.maxDepth ?? DEFAULT_MAX_DEPTH) - depth;
    if (maxDepth < 0) continue;
    try {
      const walk = await walkSkillFolders(subtree, {
        maxDepth,
        ...(options.maxFolders === undefined ? {} : { maxFolders: options.maxFolders }),
        allowedRoots: scan.located.allowedRoots,
        ...(options.journal === undefined ? {} : { onFolder: journalArm(options.journal) }),
      });
      diagnostics.push(...walk.diagnostics);
      const found = new Set(walk.skillDirectories);
      for (const directory of [...results.keys()]) {
        if (isPathInside(directory, subtree) && !found.has(directory)) drop(directory);
      }
      for (const directory of walk.skillDirectories) if (!results.has(directory)) load(directory);
      structural = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      diagnostics.push(rootFailure(scan.located, error));
    }
  }

  const ordered = structural
    ? new Map(sortSkillFolders(results.keys()).map((key) => [key, results.get(key)!]))
    : results.result();
  return {
    located: scan.located,
    status: scan.status,
    results: ordered as ReadonlyMap<string, LoadSkillResult>,
    diagnostics: [
      ...scan.diagnostics.filter((diagnostic) => diagnostic.code !== 'skill_root_unreadable'),
      ...diagnostics,
    ],
    ...(stamps === undefined ? {} : { stamps: stamps.result() }),
  };
}

/** The file's lstat, or `undefined` when it cannot be had (gone, not a folder above it, denied). */
function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** The known skill folder holding `path` (or being it), if any. */
function owningSkillFolder(
  path: string,
  root: string,
  results: { has(directory: string): boolean },
): string | undefined {
  for (let directory = path; isPathInside(directory, root); directory = dirname(directory)) {
    if (results.has(directory)) return directory;
    if (directory === root) break;
  }
  return undefined;
}

function isInSkippedFolder(root: string, path: string): boolean {
  if (path === root) return false;
  return relative(root, path)
    .split(sep)
    .some((segment) => IGNORED_FOLDER_NAMES.has(segment));
}

/** Drops paths inside another path of the set: walking the outer one covers them. */
function collapseNested(paths: ReadonlySet<string>): string[] {
  const sorted = [...paths].sort((left, right) => left.length - right.length);
  const kept: string[] = [];
  for (const path of sorted) if (!kept.some((outer) => isPathInside(path, outer))) kept.push(path);
  return kept;
}
