/**
 * Type declarations for Markdown imports (SPEC I5). Reference them once:
 * `/// <reference types="@skilldock/build/client" />`, or `"types": ["@skilldock/build/client"]`.
 */

/** A SKILL.md import: the frozen, bundled skill (validated at build time). */
declare module '*/SKILL.md' {
  const skill: import('@skilldock/core').BundledSkill;
  export default skill;
}

/** Any other Markdown import: its text (turn it into a skill with `defineSkill`). */
declare module '*.md' {
  const text: string;
  export default text;
}
