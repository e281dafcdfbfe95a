import type { Skill } from '../format/types.js';
import type { CatalogSkill } from './types.js';

// Winners that override nothing are the same object from one build to the next, so a refresh of a
// large catalog allocates only for what changed.
const plainWinners = new WeakMap<Skill, CatalogSkill>();

/** Shared by every winner that overrides nothing (frozen: nothing can add to it). */
const NO_OVERRIDES: readonly [] = Object.freeze([]);

/** The catalog entry of a winner that overrides nothing (one object per skill object). */
export function plainWinner(skill: Skill): CatalogSkill {
  let cached = plainWinners.get(skill);
  if (cached === undefined) {
    cached = Object.freeze({ ...skill, overrides: NO_OVERRIDES });
    plainWinners.set(skill, cached);
  }
  return cached;
}
