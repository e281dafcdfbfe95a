import { lstatSync, type Stats, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../format/diagnostic.js';
import { SKILL_FILE_NAME } from '../format/limits.js';
import type { LoadSkillResult } from '../format/types.js';
import { type LoadSkillFolderOptions, loadSkillFolder } from './load-skill-folder.js';
import type { LocatedSkillRoot } from './locate-skill-roots.js';
import type { SkillChangeJournal } from './skill-change-journal.js';
import { isInFolderOrder, sortSkillFolders } from './skill-folder-order.js';
import type { SkillRootStatus } from './types.js';
import { type FoundSkillFolder, walkSkillFolders } from './walk-skill-folders.js';

/** Walk limits and the validation profile, shared by every root of a discovery. */
export interface ScanOptions {
  readonly maxDepth?: number;
  readonly maxFolders?: number;
  readonly profile?: 'spec' | 'lenient';
  /** List each skill's supporting files (default true); listings that show none skip it. */
  readonly listFiles?: boolean;
  /** Keep each skill's instructions (default true); listings that show none skip them. */
  readonly readBodies?: boolean;
  /**
   * Record a stamp per skill folder (see {@link SkillRootScan.stamps}) so a later scan given this
   * one as `previous` reuses what did not change. Costs one stat per skill; the watcher sets it.
   */
  readonly stamp?: boolean;
  /**
   * Arms a watch on every folder before it is read (see `SkillChangeJournal`), and is told which
   * skill folders it cannot vouch for (their SKILL.md is a link, read through the folder listing).
   */
  readonly journal?: SkillChangeJournal;
}

/** One root's skill folders and their load results: the unit a watcher caches and replaces. */
export interface SkillRootScan {
  readonly located: LocatedSkillRoot;
  readonly status: SkillRootStatus;
  /** Load result per real skill folder, in folder order (see `skillFolderOrderKey`). */
  readonly results: ReadonlyMap<string, LoadSkillResult>;
  /** Walk problems (limits, refused links) and why a root failed. */
  readonly diagnostics: readonly Diagnostic[];
  /**
   * Per skill folder (with `stamp`): its SKILL.md's identity, size and times plus the folder's own
   * modification time, taken before the folder was loaded.
   */
  readonly stamps?: ReadonlyMap<string, string>;
}

/**
 * Walks one located root and loads every skill folder in it as soon as the walk finds the folder
 * (with the entries the walk already read). A root that cannot be read gives status `failed` with a diagnostic.
 */
export async function scanSkillRoot(
  located: LocatedSkillRoot,
  options: ScanOptions = {},
  previous?: SkillRootScan,
): Promise<SkillRootScan> {
  if (located.status !== 'pending' || located.realDirectory === undefined) {
    return {
      located,
      status: located.status === 'pending' ? 'missing' : located.status,
      results: new Map(),
      diagnostics: [],
    };
  }
  const loaded = new Map<string, LoadSkillResult>();
  const stamps = options.stamp === true ? new Map<string, string>() : undefined;
  const reusable =
    previous?.stamps !== undefined &&
    previous.status === 'loaded' &&
    previous.located.realDirectory === located.realDirectory
      ? previous
      : undefined;
  const folderOptions = loadOptions(options);
  try {
    const walk = await walkSkillFolders(located.realDirectory, {
      ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
      ...(options.maxFolders === undefined ? {} : { maxFolders: options.maxFolders }),
      allowedRoots: located.allowedRoots,
      ...(options.journal === undefined ? {} : { onFolder: journalArm(options.journal) }),
      ...(reusable === undefined
        ? {}
        : {
            isUnchangedSkillFolder: (directory: string) => {
              const before = reusable.stamps?.get(directory);
              return before !== undefined && before === stampSkillFolder(directory);
            },
          }),
      onSkillFolder: (directory: string, found: FoundSkillFolder) => {
        if (found.unchanged) {
          loaded.set(directory, reusable!.results.get(directory)!);
          stamps?.set(directory, reusable!.stamps!.get(directory)!);
          return;
        }
        if (found.skillFile === undefined) options.journal?.markVolatile(directory);
        // Stamped before loading: a change made while loading shows as a new stamp next time.
        const stamp = stamps === undefined ? undefined : stampSkillFolder(directory, found.skillFile?.stats);
        if (stamp !== undefined) stamps?.set(directory, stamp);
        loaded.set(directory, loadSkillFolder(directory, located, folderOptions, found));
      },
    });
    return {
      located,
      status: 'loaded',
      results: inFolderOrder(loaded),
      diagnostics: walk.diagnostics,
      ...(stamps === undefined ? {} : { stamps }),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { located, status: 'missing', results: new Map(), diagnostics: [] };
    }
    return { located, status: 'failed', results: new Map(), diagnostics: [rootFailure(located, error)] };
  }
}

/** The map itself when its keys are in folder order already (a walk hands them over so), else a sorted copy. */
function inFolderOrder(loaded: Map<string, LoadSkillResult>): Map<string, LoadSkillResult> {
  if (isInFolderOrder(loaded.keys())) return loaded;
  return new Map(sortSkillFolders(loaded.keys()).map((directory) => [directory, loaded.get(directory)!]));
}

/** The walk's `onFolder` hook that arms a journal's watch. */
export function journalArm(journal: SkillChangeJournal): (directory: string) => void {
  return (directory) => journal.arm(directory);
}

/** What loading one skill folder takes from the scan options. */
export function loadOptions(options: ScanOptions): LoadSkillFolderOptions {
  return {
    profile: options.profile ?? 'lenient',
    ...(options.listFiles === undefined ? {} : { listFiles: options.listFiles }),
    ...(options.readBodies === undefined ? {} : { readBody: options.readBodies }),
  };
}

/**
 * A skill folder's stamp: SKILL.md's device, inode, size, modification and change times (from
 * `skillFileStats` when the caller has them) and the folder's own modification time, which moves
 * when a file is added, removed or renamed in it. `undefined` when SKILL.md is not a regular file.
 * A supporting file edited in place inside a subfolder does not move it (the file watcher sees that).
 */
export function stampSkillFolder(directory: string, skillFileStats?: Stats): string | undefined {
  const skillFile = skillFileStats ?? lstatSync(join(directory, SKILL_FILE_NAME), { throwIfNoEntry: false });
  if (skillFile === undefined || !skillFile.isFile()) return undefined;
  const folder = statSync(directory, { throwIfNoEntry: false });
  if (folder === undefined) return undefined;
  return `${skillFile.dev}:${skillFile.ino}:${skillFile.size}:${skillFile.mtimeMs}:${skillFile.ctimeMs}:${folder.mtimeMs}`;
}

/**
 * True when `after` holds exactly what `before` did: the same root state and walk notes, and the
 * very same load result (reused by stamp) for every skill folder.
 */
export function isSameScan(before: SkillRootScan, after: SkillRootScan): boolean {
  if (before.located.root.directory !== after.located.root.directory) return false;
  if (before.status !== after.status || before.results.size !== after.results.size) return false;
  if (JSON.stringify(before.diagnostics) !== JSON.stringify(after.diagnostics)) return false;
  for (const [directory, result] of after.results) if (before.results.get(directory) !== result) return false;
  return true;
}

/** The diagnostic for a root that could not be walked. */
export function rootFailure(located: LocatedSkillRoot, error: unknown): Diagnostic {
  const code = (error as NodeJS.ErrnoException).code;
  const message =
    code === 'ENOTDIR'
      ? `${located.root.sourceType} skill folder is not a folder`
      : `cannot read ${located.root.sourceType} skill folder: ${(error as Error).message}`;
  return { code: 'skill_root_unreadable', severity: 'warning', message, file: located.root.directory };
}
