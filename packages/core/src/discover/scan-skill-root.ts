import type { Diagnostic } from '../format/diagnostic.js';
import type { LoadSkillResult } from '../format/types.js';
import { loadSkillFolder } from './load-skill-folder.js';
import type { LocatedSkillRoot } from './locate-skill-roots.js';
import { sortSkillFolders } from './skill-folder-order.js';
import type { SkillRootStatus } from './types.js';
import { type FoundSkillFolder, walkSkillFolders } from './walk-skill-folders.js';

/** Walk limits and the validation profile, shared by every root of a discovery. */
export interface ScanOptions {
  readonly maxDepth?: number;
  readonly maxFolders?: number;
  readonly profile?: 'spec' | 'lenient';
  /** List each skill's supporting files (default true); listings that show none skip it. */
  readonly listFiles?: boolean;
}

/** One root's skill folders and their load results: the unit a watcher caches and replaces. */
export interface SkillRootScan {
  readonly located: LocatedSkillRoot;
  readonly status: SkillRootStatus;
  /** Load result per real skill folder, in folder order (see `skillFolderOrderKey`). */
  readonly results: ReadonlyMap<string, LoadSkillResult>;
  /** Walk problems (limits, refused links) and why a root failed. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Walks one located root and loads every skill folder in it as soon as the walk finds the folder
 * (with the entries the walk already read). A root that cannot be read gives status `failed` with a diagnostic.
 */
export async function scanSkillRoot(
  located: LocatedSkillRoot,
  options: ScanOptions = {},
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
  const profile = options.profile ?? 'lenient';
  try {
    const walk = await walkSkillFolders(located.realDirectory, {
      ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
      ...(options.maxFolders === undefined ? {} : { maxFolders: options.maxFolders }),
      allowedRoots: located.allowedRoots,
      onSkillFolder: (directory: string, found: FoundSkillFolder) => {
        loaded.set(
          directory,
          loadSkillFolder(directory, located, {
            profile,
            ...found,
            ...(options.listFiles === undefined ? {} : { listFiles: options.listFiles }),
          }),
        );
      },
    });
    const results = new Map<string, LoadSkillResult>();
    for (const directory of sortSkillFolders(loaded.keys())) results.set(directory, loaded.get(directory)!);
    return { located, status: 'loaded', results, diagnostics: walk.diagnostics };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { located, status: 'missing', results: new Map(), diagnostics: [] };
    }
    return { located, status: 'failed', results: new Map(), diagnostics: [rootFailure(located, error)] };
  }
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
