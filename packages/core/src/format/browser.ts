/**
 * The browser-safe part of `@skilldock/core/format`: parsing and validating a SKILL.md text
 * without the file system, for the web app's live diagnostics (the same messages as the CLI).
 */
export { type Diagnostic, formatDiagnostic, hasErrors, type Severity } from './diagnostic.js';
export { type ParseSkillOptions, parseSkill } from './parse-skill.js';
export type { ParseSkillResult, SkillFields } from './types.js';
