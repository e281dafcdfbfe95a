import { withFileLock } from '../fs/with-file-lock.js';
import { cancelDraft } from './cancel-draft.js';
import {
  type InspectInstalledOptions,
  type Inspection,
  type InstalledSkillStatus,
  inspectInstalled,
} from './inspect-installed.js';
import { confinementRoot } from './install-target-options.js';
import { buildLockUpdate, lockFileFor } from './locks/build-lock-update.js';
import { publishSkills, type SkillPublication } from './publish/publish-skills.js';
import type { AgentEnvironment } from './targets/agent-environment.js';
import { findInstalledPlacements } from './targets/find-installed-placements.js';
import { planSkillTargets } from './targets/plan-skill-targets.js';

/** The result of {@link updateInstalled}. */
export interface UpdateInstalledResult {
  /** Every checked skill's status before the update. */
  readonly skills: readonly InstalledSkillStatus[];
  /** Ids replaced by this run. */
  readonly updated: readonly string[];
  readonly lock: string;
  readonly warnings: readonly string[];
}

/**
 * Check, then replace the changed skills (SPEC P7, P8): each changed skill's folders are swapped for
 * the new version (staged beside, old moved aside and kept until the lock is written), links stay,
 * the lock records the new hashes and dates. All-or-nothing across the skills of one run.
 * @example await updateInstalled({ scope: 'project', projectRoot, home })
 */
export async function updateInstalled(
  options: InspectInstalledOptions & { readonly now?: Date },
): Promise<UpdateInstalledResult> {
  const now = options.now ?? new Date();
  const inspection = await inspectInstalled(options);
  try {
    // Fetching happened above; where the skills sit, the lock read and the writes happen under the
    // lock file's lock, so a concurrent add or remove is never lost.
    return await withFileLock(lockFileFor(options), () => replaceChanged(inspection, options, now));
  } finally {
    await Promise.all(inspection.drafts.map((draft) => cancelDraft(draft)));
  }
}

async function replaceChanged(
  inspection: Inspection,
  options: InspectInstalledOptions,
  now: Date,
): Promise<UpdateInstalledResult> {
  const environment: AgentEnvironment = {
    projectRoot: options.projectRoot,
    home: options.home,
    env: options.env,
  };
  const changed = inspection.statuses.filter((status) => status.status === 'changed');
  const publications: SkillPublication[] = [];
  const agentsFor = new Map<string, readonly string[]>();
  for (const status of changed) {
    const draft = inspection.draftFor.get(status.id);
    const skill = draft?.skills.find((candidate) => candidate.id === status.id);
    if (draft === undefined || skill === undefined) continue;
    const existing = await findInstalledPlacements(skill.id, options.scope, environment);
    const folders = existing.filter((placement) => placement.kind === 'directory');
    const recordedAgents = inspection.entries[skill.id]?.agents;
    const agents = Array.isArray(recordedAgents)
      ? recordedAgents.map(String)
      : existing.flatMap((placement) => placement.agents);
    agentsFor.set(skill.id, agents);
    // Nothing left on disk: put it back in the shared folder rather than leave a lock entry without files.
    const placements =
      folders.length > 0
        ? folders.map((placement) => ({
            path: placement.path,
            kind: 'directory' as const,
            agents: placement.agents,
          }))
        : planSkillTargets(skill.id, {
            scope: options.scope,
            environment,
            agents: ['universal'],
            mode: 'copy',
          }).placements;
    publications.push({ id: skill.id, directory: skill.directory, placements });
  }
  const lockUpdate = await buildLockUpdate(
    options,
    (editor) => {
      for (const publication of publications) {
        const draft = inspection.draftFor.get(publication.id);
        const skill = draft?.skills.find((candidate) => candidate.id === publication.id);
        if (draft !== undefined && skill !== undefined) {
          editor.set(publication.id, {
            source: draft.source,
            skill,
            agents: agentsFor.get(publication.id) ?? [],
          });
        }
      }
    },
    now,
  );
  const warnings =
    publications.length === 0
      ? []
      : await publishSkills(publications, {
          replace: true,
          lockFile: lockUpdate.file,
          lockContent: lockUpdate.content,
          faults: options.faults,
          root: confinementRoot(options),
        });
  return {
    skills: inspection.statuses,
    updated: publications.map((publication) => publication.id),
    lock: lockUpdate.file,
    warnings,
  };
}
