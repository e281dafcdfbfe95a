import type { CatalogSkill, CatalogSnapshot } from '../catalog/types.js';
import type { Skill } from '../format/types.js';

/** A stable digest of what the model could notice about a skill; equal strings mean no change. */
export function skillFingerprint(skill: Skill): string {
  return JSON.stringify([
    skill.name,
    skill.description,
    skill.body,
    skill.fields,
    skill.files,
    skill.inlineFiles ?? null,
    skill.directory ?? null,
  ]);
}

/** Appended message announcing a skill the model can now use (SPEC R7, D3). */
export function skillAddedSignal(skill: Pick<Skill, 'id' | 'description'>): string {
  return `New skill available: ${skill.id} — ${skill.description}`;
}

/** Appended message announcing that a skill is gone (SPEC R7). */
export function skillRemovedSignal(id: string): string {
  return `The skill ${id} is no longer available.`;
}

/** Appended message announcing a change; an active skill is told to reload its instructions (SPEC R7). */
export function skillUpdatedSignal(skill: Pick<Skill, 'id' | 'description'>, active: boolean): string {
  const reload = active ? ' Call activate_skill again to load its new instructions.' : '';
  return `The skill ${skill.id} was updated.${reload} Description: ${skill.description}`;
}

/** What the model knows before a refresh. */
export interface ModelKnowledge {
  /** Skills the model was shown or told about: id → fingerprint of that version. */
  readonly announced: ReadonlyMap<string, string>;
  /** Active skills: id → fingerprint of the catalog version when they were activated. */
  readonly active: ReadonlyMap<string, string>;
}

/** The signals a refresh produces and what the model knows afterwards. */
export interface CatalogChange {
  /** Removed and updated skills in id order, then added ones in catalog order. */
  readonly signals: readonly string[];
  readonly announced: Map<string, string>;
  /** Active skills that left the catalog and must stop being active. */
  readonly removed: readonly string[];
}

/**
 * Compare a new snapshot with what the model knows (SPEC R7). A known skill that left the catalog,
 * or that the model can no longer see and never activated, is announced as gone; one whose content
 * changed is announced as updated (with a hint to reload it when it is active); a visible skill the
 * model never heard of is announced as new. Skills hidden from the model produce no signals.
 * @param visible the skills the model may see in `snapshot` now
 */
export function catalogChangeSignals(
  snapshot: Pick<CatalogSnapshot, 'get'>,
  visible: readonly CatalogSkill[],
  knowledge: ModelKnowledge,
): CatalogChange {
  const visibleIds = new Set(visible.map((skill) => skill.id));
  const announced = new Map(knowledge.announced);
  const signals: string[] = [];
  const removed: string[] = [];
  const known = new Set([...knowledge.announced.keys(), ...knowledge.active.keys()]);
  for (const id of [...known].sort()) {
    const skill = snapshot.get(id);
    const active = knowledge.active.get(id);
    if (skill === undefined || (!visibleIds.has(id) && active === undefined)) {
      signals.push(skillRemovedSignal(id));
      announced.delete(id);
      if (skill === undefined && active !== undefined) removed.push(id);
      continue;
    }
    const fingerprint = skillFingerprint(skill);
    if (fingerprint !== (announced.get(id) ?? active)) {
      signals.push(skillUpdatedSignal(skill, active !== undefined && active !== fingerprint));
    }
    if (visibleIds.has(id)) announced.set(id, fingerprint);
  }
  for (const skill of visible) {
    if (known.has(skill.id)) continue;
    announced.set(skill.id, skillFingerprint(skill));
    signals.push(skillAddedSignal(skill));
  }
  return { signals, announced, removed };
}
