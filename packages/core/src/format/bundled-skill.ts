import type { InlineFileContent, Skill } from './types.js';

/**
 * The marker every skill a build plugin bundles carries (a registered symbol, so it is the same
 * across copies of this package and in code generated without importing it).
 */
export const BUNDLED_SKILL_MARKER: unique symbol = Symbol.for('skilldock.bundled-skill') as never;

/**
 * A skill imported from a SKILL.md at build time (`import refunds from './skills/refunds/SKILL.md'`,
 * SPEC I5): a frozen session skill whose supporting files travel in the bundle, so the runtime serves
 * them at `/.skills/<id>/<file>` without a file system (R3, R4).
 */
export interface BundledSkill extends Skill {
  readonly [BUNDLED_SKILL_MARKER]: true;
  /** Every supporting file's content, text or base64 bytes (SKILL.md itself is `body`). */
  readonly inlineFiles: Readonly<Record<string, InlineFileContent>>;
  /** The import specifier the build resolved, for messages (`./skills/refunds/SKILL.md`). */
  readonly module: string;
}

/**
 * True when `value` is a skill a build plugin bundled, as opposed to a plain object that merely
 * looks like one (a mounting hook tells the two apart before trusting the files it carries).
 * @example
 * import refunds from './skills/refunds/SKILL.md';
 * isBundledSkill(refunds); // true
 */
export function isBundledSkill(value: unknown): value is BundledSkill {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[BUNDLED_SKILL_MARKER] === true &&
    Object.isFrozen(value)
  );
}
