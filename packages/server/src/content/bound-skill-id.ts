import { randomBytes } from 'node:crypto';
import { UserInputError } from '@skilldock/core/errors';
import './error-codes.js';

/** The id of an agent-bound skill (SPEC Y2): `self-` and 8 lowercase hex digits, one per agent. */
export const BOUND_SKILL_ID_PATTERN = /^self-[0-9a-f]{8}$/;

/**
 * Whether `id` has the shape reserved for agent-bound skills. No shared skill is ever given such
 * an id (a shared install that asks for one gets `-v2`), so the shape alone says "bound".
 */
export function isBoundSkillId(id: string): boolean {
  return BOUND_SKILL_ID_PATTERN.test(id);
}

/** A fresh agent-bound skill id, `self-<8 random hex>`. */
export function newBoundSkillId(): string {
  return `self-${randomBytes(4).toString('hex')}`;
}

/**
 * Refuses a skill whose dependencies name an agent-bound skill (SPEC Y6 / issue 13 §2: no skill
 * depends on one; it belongs to its agent and is preloaded only there).
 * @throws UserInputError `bound_skill_dependency` naming the ids.
 */
export function assertNoBoundSkillDependency(dependencies: readonly string[]): void {
  const bound = dependencies.filter(isBoundSkillId);
  if (bound.length === 0) return;
  throw new UserInputError(
    'bound_skill_dependency',
    `A skill may not depend on an agent-bound skill (${bound.join(', ')}); it belongs to its agent alone.`,
    { details: { path: 'SKILL.md', skills: bound } },
  );
}
