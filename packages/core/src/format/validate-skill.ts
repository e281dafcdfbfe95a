import type { Diagnostic } from './diagnostic.js';
import { loadSkill } from './load-skill.js';
import { validateSkillsRefDiagnostics } from './skills-ref/index.js';
import type { ValidationProfile } from './types.js';

/** The verdict on one skill folder. */
export interface SkillValidation {
  readonly valid: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Validates a skill folder under a profile (SPEC S3, I1): `spec` (default), `lenient`, or
 * `skills-ref` (the reference validator's rules and messages).
 * @example const { valid, diagnostics } = await validateSkill('skills/pdf-tools', { profile: 'spec', strict: true });
 */
export async function validateSkill(
  directory: string,
  { profile = 'spec', strict = false }: { profile?: ValidationProfile; strict?: boolean } = {},
): Promise<SkillValidation> {
  if (profile === 'skills-ref') {
    const diagnostics = await validateSkillsRefDiagnostics(directory);
    return { valid: !diagnostics.some((diagnostic) => diagnostic.severity === 'error'), diagnostics };
  }
  const result = await loadSkill(directory, { profile, strict });
  return { valid: result.ok, diagnostics: result.diagnostics };
}
