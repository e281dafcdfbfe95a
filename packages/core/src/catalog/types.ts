import type { Diagnostic } from '../format/diagnostic.js';
import type { Skill, SkillOrigin } from '../format/types.js';

/** A pointer to a skill that lost or won a precedence contest (SPEC D1). */
export interface SkillReference extends SkillOrigin {
  readonly id: string;
  readonly name: string;
  /** Absolute folder of that skill, when it has one. */
  readonly directory?: string;
}

/** A skill that won its id: it records every skill it hides. */
export interface CatalogSkill extends Skill {
  /** Lower-precedence skills with the same id, nearest first. Empty when it overrides nothing. */
  readonly overrides: readonly SkillReference[];
}

/** A skill hidden by a higher-precedence skill with the same id. */
export interface ShadowedSkill {
  readonly skill: Skill;
  readonly shadowedBy: SkillReference;
}

/** Why a skill is not offered to the model. */
export type HiddenReason = 'disabled' | 'disable-model-invocation' | 'path-gated';

/**
 * An immutable, versioned view of every resolved skill (SPEC D1, D7). Never mutated: a refresh
 * produces a new snapshot with a higher `version`.
 */
export interface CatalogSnapshot {
  readonly version: number;
  /** Project root used for path gates (D3); absent when there is no project. */
  readonly projectRoot?: string;
  /** Winners, one per id, sorted by id (the model's order, D5). Disabled skills are left out. */
  readonly skills: readonly CatalogSkill[];
  /** Losers of precedence contests. */
  readonly shadowed: readonly ShadowedSkill[];
  /** Ids switched off in settings. */
  readonly disabled: readonly string[];
  /** Everything found while building: invalid skills, collisions, dependency cycles, broken sources. */
  readonly diagnostics: readonly Diagnostic[];
  /** The winner for an id, if any. */
  get(id: string): CatalogSkill | undefined;
}

/** A catalog size limit; when both are set, both must hold (SPEC D8). */
export interface CatalogBudget {
  /** Most tokens the rendered catalog may take (counted with the o200k encoding). */
  readonly tokens?: number;
  /** Most characters (UTF-16 code units) the rendered catalog may take. */
  readonly characters?: number;
}
