import { readdir } from 'node:fs/promises';
import type { Settings } from '@skilldock/core/discover';
import { isMaintenanceDue } from './age-generated-skill.js';
import { checkCuratorFolders } from './check-curator-folders.js';
import type { CuratorPaths } from './curator-paths.js';
import { type CuratorFileSystem, moveFoldersWithRollback, NODE_FILE_SYSTEM } from './move-folders.js';
import { type CurationPlan, planCuration } from './plan-curation.js';
import { readCuratorState } from './read-curator-state.js';
import { scanGeneratedSkills } from './scan-generated-skills.js';
import { type UpdateCuratorStateOptions, withCuratorLock, writeCuratorState } from './write-curator-state.js';

/** Options of {@link runCurator}. */
export interface RunCuratorOptions extends UpdateCuratorStateOptions {
  readonly paths: CuratorPaths;
  /** The clock; default `() => new Date()`. */
  readonly now?: () => Date;
  /** Plan only: read, never write, never move, take no lock. */
  readonly dryRun?: boolean;
  /** Where the moves happen; tests pass one that fails on cue. Default Node's `rename`. */
  readonly fileSystem?: CuratorFileSystem;
}

/** What a maintenance run did (or, dry, would do). */
export interface CuratorRunReport extends Omit<CurationPlan, 'state'> {
  readonly dryRun: boolean;
  /** ISO time of the run. */
  readonly ranAt: string;
  /** Where `moves` went (or would go), absolute: `CuratorPaths.archiveDirectory`. */
  readonly archiveDirectory: string;
}

/**
 * One maintenance run (SPEC L3), as `skilldock curator run [--dry-run]` does it: records newly seen
 * generated skills, marks stale ones, moves those 90 days inactive to the archive (`.qwen/archived-skills/`
 * beside `.qwen/skills`, else `.skilldock/archived-skills/`: see `curatorArchiveDirectory`)
 * (nothing is deleted) and writes the state — under the lock, with the moves rolled back if a
 * later move or the state write fails (see {@link moveFoldersWithRollback}).
 * @example const report = await runCurator({ paths: curatorPaths(root, settings), dryRun: true });
 */
export async function runCurator({
  paths,
  now = () => new Date(),
  dryRun = false,
  fileSystem = NODE_FILE_SYSTEM,
  ...lock
}: RunCuratorOptions): Promise<CuratorRunReport> {
  if (dryRun) return report(await planNow(paths, now()), paths, true);
  return withCuratorLock(paths, () => applyPlan(paths, now(), fileSystem), lock);
}

/** Options of {@link runAutomaticCuration}. */
export interface AutomaticCurationOptions extends Omit<RunCuratorOptions, 'dryRun'> {
  readonly settings: Pick<Settings, 'memory'>;
}

/** What an automatic run decided. */
export type AutomaticCurationResult =
  | { readonly ran: true; readonly report: CuratorRunReport }
  | { readonly ran: false; readonly reason: 'auto_skill_off' | 'not_due' };

/**
 * Automatic maintenance at a session's start (SPEC L3): only when auto skill is on
 * (`memory.enableAutoSkill`), and at most every 7 days — checked first without the lock (the
 * common case costs one read), then again under it, so two sessions starting together run it once.
 */
export async function runAutomaticCuration({
  settings,
  paths,
  now = () => new Date(),
  fileSystem = NODE_FILE_SYSTEM,
  ...lock
}: AutomaticCurationOptions): Promise<AutomaticCurationResult> {
  if (settings.memory?.enableAutoSkill !== true) return { ran: false, reason: 'auto_skill_off' };
  if (!isMaintenanceDue((await readCuratorState(paths)).lastRunAt, now()))
    return { ran: false, reason: 'not_due' };
  return withCuratorLock(
    paths,
    async (): Promise<AutomaticCurationResult> => {
      const at = now();
      if (!isMaintenanceDue((await readCuratorState(paths)).lastRunAt, at))
        return { ran: false, reason: 'not_due' };
      return { ran: true, report: await applyPlan(paths, at, fileSystem) };
    },
    lock,
  );
}

async function applyPlan(
  paths: CuratorPaths,
  at: Date,
  fileSystem: CuratorFileSystem,
): Promise<CuratorRunReport> {
  const plan = await planNow(paths, at);
  if (plan.moves.length > 0) await checkCuratorFolders(paths);
  const moves = plan.moves.map((name) => ({ name, from: paths.skillsDirectory, to: paths.archiveDirectory }));
  await moveFoldersWithRollback(moves, () => writeCuratorState(paths, plan.state), fileSystem);
  return report(plan, paths, false);
}

async function planNow(paths: CuratorPaths, now: Date): Promise<CurationPlan> {
  const [state, skills, archived] = await Promise.all([
    readCuratorState(paths),
    scanGeneratedSkills(paths.skillsDirectory),
    folderNames(paths.archiveDirectory),
  ]);
  return planCuration({ state, skills, archived, now });
}

function report({ state, ...plan }: CurationPlan, paths: CuratorPaths, dryRun: boolean): CuratorRunReport {
  return {
    ...plan,
    dryRun,
    ranAt: state.lastRunAt ?? new Date().toISOString(),
    archiveDirectory: paths.archiveDirectory,
  };
}

/** Names of the entries of a folder; a missing folder has none. */
export async function folderNames(directory: string): Promise<Set<string>> {
  try {
    return new Set(await readdir(directory));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return new Set();
    throw error;
  }
}
