/**
 * @skilldock/core — parse, validate, discover, catalog and activate Agent Skills.
 * Every export is deliberate; nothing else in this package is public.
 */
export * from './catalog/types.js';
export { ConflictError, type ErrorDetails, SecurityError, SkilldockError, UserInputError } from './errors.js';
export { type Diagnostic, formatDiagnostic, hasErrors, type Severity } from './format/diagnostic.js';
export type * from './format/types.js';
