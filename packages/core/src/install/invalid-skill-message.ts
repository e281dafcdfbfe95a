import type { Diagnostic } from '../format/diagnostic.js';

/**
 * The message of an `invalid_skill` draft failure: what failed and why, in one sentence, so every
 * reader — a listing, JSON, a server response — gets the reason even when it shows no diagnostics.
 * @example invalidSkillMessage('claude-api is not a valid skill', diagnostics)
 * // 'claude-api is not a valid skill: description has 1087 characters; at most 1024 are allowed.'
 */
export function invalidSkillMessage(subject: string, diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length === 0) return `${subject}.`;
  return `${subject}: ${errors.map((diagnostic) => diagnostic.message).join('; ')}.`;
}
