import type { CatalogSkill } from '../catalog/types.js';
import { formatDiagnostic } from '../format/diagnostic.js';
import { loadSkill } from '../format/load-skill.js';
import type { Skill } from '../format/types.js';
import { type Failure, failure } from '../result.js';

/** A skill as it is now, or why it cannot be read. */
export type FreshSkill = { readonly ok: true; readonly skill: Skill } | Failure<'skill_unreadable'>;

/**
 * Read a catalog skill again at activation so edits made during the session are seen (SPEC R3).
 * Inline skills are already in memory. The catalog id is kept even if the edit changed the name:
 * activation, dependencies and signals all speak of the id the model was given.
 */
export async function loadFreshSkill(skill: CatalogSkill): Promise<FreshSkill> {
  if (skill.directory === undefined) return { ok: true, skill };
  const allowedRoots = [
    skill.directory,
    ...(skill.origin.sourceDir === undefined ? [] : [skill.origin.sourceDir]),
  ];
  const loaded = await loadSkill(skill.directory, { origin: skill.origin, allowedRoots });
  if (!loaded.ok) {
    const first =
      loaded.diagnostics.find((diagnostic) => diagnostic.severity === 'error') ?? loaded.diagnostics[0];
    const detail = first === undefined ? 'it could not be loaded' : formatDiagnostic(first);
    return failure('skill_unreadable', `The skill ${skill.id} cannot be read now: ${detail}`);
  }
  return { ok: true, skill: Object.freeze({ ...loaded.skill, id: skill.id }) };
}
