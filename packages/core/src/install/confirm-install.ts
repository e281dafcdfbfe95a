import { ConflictError } from '../errors.js';
import { withFileLock } from '../fs/with-file-lock.js';
import { assertDraftUsable } from './assert-draft-usable.js';
import { cancelDraft } from './cancel-draft.js';
import type { DraftSkill, InstallDraft } from './install-draft.js';
import { confinementRoot, type InstallTargetOptions } from './install-target-options.js';
import { buildLockUpdate, lockFileFor } from './locks/build-lock-update.js';
import { stagedTreeOf } from './publish/copy-skill-directory.js';
import { publishSkills } from './publish/publish-skills.js';
import { PublishTransaction } from './publish/publish-transaction.js';
import { selectDraftSkills } from './select-draft-skills.js';
import type { AgentEnvironment } from './targets/agent-environment.js';
import { type InstallMode, planSkillTargets, type TargetPlan } from './targets/plan-skill-targets.js';
import { resolveAgentSelection } from './targets/resolve-agent-selection.js';
import { resolveInstallMode } from './targets/resolve-install-mode.js';

/** Options of {@link confirmInstall}. */
export interface ConfirmInstallOptions extends InstallTargetOptions {
  /** Skill ids from the draft, or `'*'` for every skill that prepared. */
  readonly ids: readonly string[] | '*';
  /** Agent ids, `'*'` for all; default the detected agents plus the shared folder. */
  readonly agents?: readonly string[] | '*';
  /** Default `symlink`. */
  readonly mode?: InstallMode;
  /** Clock for expiry and lock dates; default now. */
  readonly now?: Date;
}

/** One skill written by a confirm. */
export interface InstalledSkill {
  readonly id: string;
  /** Every folder or link written, real folders first. */
  readonly paths: readonly string[];
  readonly revision: string;
  readonly computedHash: string;
  /** Agents that got nothing, and why (no global folder, top folder missing in symlink mode). */
  readonly skipped: TargetPlan['skipped'];
}

/** The result of {@link confirmInstall}. */
export interface ConfirmInstallResult {
  readonly installed: readonly InstalledSkill[];
  /** The lock file written. */
  readonly lock: string;
  readonly agents: readonly string[];
  /** The mode used: the requested one, or `copy` when the agents share one folder. */
  readonly mode: InstallMode;
  readonly warnings: readonly string[];
}

/**
 * Confirms a draft (SPEC P6–P8): publishes the chosen skills into the scope's agent folders and
 * records them in the lock, all-or-nothing. A skill whose target folder exists (even empty) fails
 * the whole confirm with `ConflictError` `skill_exists` before anything is written. On success the
 * draft's staging folder is removed.
 * @example await confirmInstall(draft, { ids: '*', scope: 'project', projectRoot, home, mode: 'copy' })
 */
export async function confirmInstall(
  draft: InstallDraft,
  options: ConfirmInstallOptions,
): Promise<ConfirmInstallResult> {
  const now = options.now ?? new Date();
  assertDraftUsable(draft, now);
  const skills = selectDraftSkills(draft, options.ids);
  const environment: AgentEnvironment = {
    projectRoot: options.projectRoot,
    home: options.home,
    env: options.env,
  };
  const agents = resolveAgentSelection(options.agents, environment);
  const mode = resolveInstallMode(agents, options.mode ?? 'symlink');
  const plans = skills.map((skill) => ({
    skill,
    plan: planSkillTargets(skill.id, { scope: options.scope, environment, agents, mode }),
  }));
  // The existence check, the lock read and the writes happen under the lock file's lock, so
  // concurrent installs neither miss each other's folders nor drop each other's lock entries.
  const { lockFile, warnings } = await withFileLock(lockFileFor(options), () =>
    publishPlans(draft, plans, agents, options, now),
  );
  await cancelDraft(draft);
  return {
    installed: plans.map(({ skill, plan }) => installedSkill(skill, plan)),
    lock: lockFile,
    agents,
    mode,
    warnings,
  };
}

async function publishPlans(
  draft: InstallDraft,
  plans: readonly { skill: DraftSkill; plan: TargetPlan }[],
  agents: readonly string[],
  options: ConfirmInstallOptions,
  now: Date,
): Promise<{ lockFile: string; warnings: string[] }> {
  const probe = new PublishTransaction(undefined, confinementRoot(options));
  await probe.assertAllWritable(
    plans.flatMap(({ plan }) => plan.placements.map((placement) => placement.path)),
  );
  const taken = await Promise.all(
    plans.flatMap(({ skill, plan }) =>
      plan.placements.map(async (placement) =>
        (await probe.exists(placement.path)) ? { skill, placement } : undefined,
      ),
    ),
  );
  const conflict = taken.find((found) => found !== undefined);
  if (conflict !== undefined) throw skillExists(conflict.skill, conflict.placement.path);
  const lockUpdate = await buildLockUpdate(
    options,
    (lock) => {
      for (const { skill } of plans) lock.set(skill.id, { source: draft.source, skill, agents });
    },
    now,
  );
  const warnings = await publishSkills(
    plans.map(({ skill, plan }) => {
      const tree = stagedTreeOf(skill);
      return {
        id: skill.id,
        directory: skill.directory,
        placements: plan.placements,
        ...(tree === undefined ? {} : { tree }),
      };
    }),
    {
      replace: false,
      lockFile: lockUpdate.file,
      lockContent: lockUpdate.content,
      faults: options.faults,
      root: confinementRoot(options),
    },
  );
  return { lockFile: lockUpdate.file, warnings };
}

function installedSkill(skill: DraftSkill, plan: TargetPlan): InstalledSkill {
  return {
    id: skill.id,
    paths: plan.placements.map((placement) => placement.path),
    revision: skill.revision,
    computedHash: skill.computedHash,
    skipped: plan.skipped,
  };
}

function skillExists(skill: DraftSkill, target: string): ConflictError {
  return new ConflictError(
    'skill_exists',
    `${target} already exists; run \`skilldock skills remove ${skill.id}\` first, or \`skilldock skills update ${skill.id}\` to replace it`,
    { details: { path: target, id: skill.id } },
  );
}
