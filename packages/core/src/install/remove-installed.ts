import { readlink } from 'node:fs/promises';
import path from 'node:path';
import { UserInputError } from '../errors.js';
import { assertSafeSkillId } from '../fs/safe-path-segment.js';
import { withFileLock } from '../fs/with-file-lock.js';
import { confinementRoot, type InstallTargetOptions } from './install-target-options.js';
import { buildLockUpdate, lockFileFor } from './locks/build-lock-update.js';
import { readLockFile } from './locks/read-lock-file.js';
import { unpublishPaths } from './publish/publish-skills.js';
import type { AgentEnvironment } from './targets/agent-environment.js';
import { findInstalledPlacements, type InstalledPlacement } from './targets/find-installed-placements.js';
import { resolveAgentSelection } from './targets/resolve-agent-selection.js';

/** Options of {@link removeInstalled}. */
export interface RemoveInstalledOptions extends InstallTargetOptions {
  /** Only these agents' folders (`'*'`: all); default every folder in the scope and the lock entry. */
  readonly agents?: readonly string[] | '*';
  /**
   * Ids that no lock records whose folders the user confirmed deleting (`'*'`: every id given),
   * SPEC SEC12. Such a folder is content someone wrote (by hand, `skills new`, learn), not an
   * install `skills add` could bring back; default none.
   */
  readonly confirmedUnrecorded?: readonly string[] | '*';
}

/** A skill no lock records, found where agents load skills: removing it needs confirmation. */
export interface UnrecordedSkill {
  readonly id: string;
  /** The folders and links that would be deleted. */
  readonly paths: readonly string[];
}

/** What a remove did, per skill. */
export interface RemovedSkill {
  readonly id: string;
  /** Folders and links removed. */
  readonly paths: readonly string[];
  /** True when the scope's lock recorded the skill; false for content no install put there. */
  readonly recorded: boolean;
  /** True when the lock entry was dropped (nothing of the skill is left in the scope). */
  readonly unlocked: boolean;
}

/**
 * Removes installed skills from a scope, all-or-nothing (SPEC P7, P8): every folder and link is moved
 * aside, the lock is rewritten, then what was moved aside is deleted; any failure restores it all.
 * With `agents`, only those agents' folders go (and links left pointing at a removed shared folder);
 * the lock entry goes once nothing is left. An id that is neither on disk nor in the lock is a
 * `UserInputError` `skill_not_installed`; an id that cannot name a folder (`..`, `a/b`) is
 * `invalid_skill_id`, checked before anything is read. In a project, every folder and link removed
 * must be inside the project on real paths (SPEC SEC1). An id the lock does not record is
 * user-authored content: unless `confirmedUnrecorded` names it, nothing is removed and a
 * `UserInputError` `removal_needs_confirmation` lists such skills in `details.skills` (SPEC SEC12).
 * @example await removeInstalled(['pdf'], { scope: 'project', projectRoot, home })
 */
export async function removeInstalled(
  ids: readonly string[],
  options: RemoveInstalledOptions,
): Promise<{ removed: RemovedSkill[]; lock: string; warnings: string[] }> {
  const environment: AgentEnvironment = {
    projectRoot: options.projectRoot,
    home: options.home,
    env: options.env,
  };
  for (const id of ids) assertSafeSkillId(id);
  const filter =
    options.agents === undefined ? undefined : new Set(resolveAgentSelection(options.agents, environment));
  return withFileLock(lockFileFor(options), () => removeLocked(ids, options, environment, filter));
}

async function removeLocked(
  ids: readonly string[],
  options: RemoveInstalledOptions,
  environment: AgentEnvironment,
  filter: ReadonlySet<string> | undefined,
): Promise<{ removed: RemovedSkill[]; lock: string; warnings: string[] }> {
  const lock = await readLockFile(lockFileFor(options));
  const plans: { id: string; remove: string[]; recorded: boolean; unlock: boolean }[] = [];
  for (const id of new Set(ids)) {
    const placements = await findInstalledPlacements(id, options.scope, environment);
    const locked = lock.skills[id] !== undefined;
    if (placements.length === 0 && !locked) {
      throw new UserInputError(
        'skill_not_installed',
        `${id} is not installed in the ${options.scope} scope`,
        {
          details: { id },
        },
      );
    }
    const chosen = filter === undefined ? placements : selectForAgents(placements, filter);
    const remove = [
      ...chosen.map((placement) => placement.path),
      ...(await danglingLinks(placements, chosen)),
    ];
    plans.push({ id, remove, recorded: locked, unlock: locked && remove.length === placements.length });
  }
  assertUnrecordedConfirmed(plans, options.confirmedUnrecorded ?? [], options.scope);
  const lockUpdate = await buildLockUpdate(
    options,
    (editor) => {
      for (const plan of plans) if (plan.unlock) editor.delete(plan.id);
    },
    new Date(),
  );
  const warnings = await unpublishPaths(
    plans.flatMap((plan) => plan.remove),
    {
      lockFile: lockUpdate.file,
      lockContent: lockUpdate.changed ? lockUpdate.content : undefined,
      faults: options.faults,
      root: confinementRoot(options),
    },
  );
  return {
    removed: plans.map((plan) => ({
      id: plan.id,
      paths: plan.remove,
      recorded: plan.recorded,
      unlocked: plan.unlock,
    })),
    lock: lockUpdate.file,
    warnings,
  };
}

/** Throws `removal_needs_confirmation` when a plan deletes unrecorded folders nobody confirmed. */
function assertUnrecordedConfirmed(
  plans: readonly { id: string; remove: readonly string[]; recorded: boolean }[],
  confirmed: readonly string[] | '*',
  scope: string,
): void {
  const unconfirmed: UnrecordedSkill[] = plans
    .filter((plan) => !plan.recorded && plan.remove.length > 0)
    .filter((plan) => confirmed !== '*' && !confirmed.includes(plan.id))
    .map((plan) => ({ id: plan.id, paths: plan.remove }));
  if (unconfirmed.length === 0) return;
  const names = unconfirmed.map((skill) => skill.id).join(', ');
  throw new UserInputError(
    'removal_needs_confirmation',
    `${names}: no lock in the ${scope} scope records ${unconfirmed.length === 1 ? 'this skill' : 'these skills'}, so ${unconfirmed.length === 1 ? 'it is' : 'they are'} content someone wrote, not an install that can be added back; deleting needs confirmation. Nothing was removed.`,
    { details: { skills: unconfirmed } },
  );
}

function selectForAgents(
  placements: readonly InstalledPlacement[],
  agents: ReadonlySet<string>,
): InstalledPlacement[] {
  return placements.filter((placement) => placement.agents.some((agent) => agents.has(agent)));
}

/** Links that are kept but point at a folder being removed; they would dangle, so they go too. */
async function danglingLinks(
  all: readonly InstalledPlacement[],
  chosen: readonly InstalledPlacement[],
): Promise<string[]> {
  const removed = new Set(chosen.map((placement) => placement.path));
  const result: string[] = [];
  for (const placement of all) {
    if (placement.kind !== 'link' || removed.has(placement.path)) continue;
    const target = path.resolve(path.dirname(placement.path), await readlink(placement.path));
    if (removed.has(target)) result.push(placement.path);
  }
  return result;
}
