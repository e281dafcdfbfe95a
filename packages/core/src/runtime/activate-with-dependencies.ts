import { resolveSkillDependencies } from '../catalog/resolve-skill-dependencies.js';
import type { CatalogSkill, CatalogSnapshot } from '../catalog/types.js';
import type { Skill } from '../format/types.js';
import type { Failure } from '../result.js';
import { formatActivationBrief } from './activation-brief.js';
import { activationOrder } from './activation-order.js';
import { loadFreshSkill } from './load-fresh-skill.js';
import type { UsageOutcome } from './types.js';

/** What an activation reads from and writes to: the session's catalog and its active skills. */
export interface ActivationLedger {
  readonly catalog: CatalogSnapshot;
  /** Whether briefs point at `read_skill_resource` for the skill's files. */
  readonly resourceTool: boolean;
  /** Active, in the catalog's current version: nothing new to deliver. */
  isCurrent(skill: CatalogSkill): boolean;
  markActive(skill: Skill, catalogSkill: CatalogSkill): void;
  record(skillId: string, outcome: UsageOutcome): void;
}

/** A skill activated with its dependencies: the briefs to deliver, dependencies first. */
export type Activation =
  | { ok: true; root: Skill; rootBrief: string; dependencyBriefs: string[]; notes: string[] }
  | Failure<'skill_unreadable'>;

/**
 * Activates `skill` (SPEC R2, R3): re-reads it from disk, then activates the dependencies that are
 * not current yet in dependency order, each read fresh. A dependency that cannot be read or is
 * missing becomes a note; only the root failing to read fails the activation.
 */
export async function activateWithDependencies(
  skill: CatalogSkill,
  ledger: ActivationLedger,
  rootOutcome: UsageOutcome = 'activated',
): Promise<Activation> {
  const { catalog } = ledger;
  const root = await loadFreshSkill(skill);
  if (!root.ok) return root;
  const dependencyBriefs: string[] = [];
  const notes = resolveSkillDependencies(catalog, [skill.id])
    .diagnostics.filter((diagnostic) => diagnostic.code === 'skill_dependency_missing')
    .map((diagnostic) => `Note: ${diagnostic.message}.`);
  for (const id of activationOrder(catalog, [skill.id])) {
    if (id === skill.id) continue;
    const dependency = catalog.get(id);
    if (dependency === undefined || ledger.isCurrent(dependency)) continue;
    const loaded = await loadFreshSkill(dependency);
    if (!loaded.ok) {
      notes.push(`Note: the dependency ${id} could not be read: ${loaded.message}`);
      continue;
    }
    ledger.markActive(loaded.skill, dependency);
    ledger.record(id, 'activated');
    dependencyBriefs.push(formatActivationBrief(loaded.skill, { resourceTool: ledger.resourceTool }));
  }
  ledger.markActive(root.skill, skill);
  ledger.record(skill.id, rootOutcome);
  const rootBrief = formatActivationBrief(root.skill, { resourceTool: ledger.resourceTool });
  return { ok: true, root: root.skill, rootBrief, dependencyBriefs, notes };
}
