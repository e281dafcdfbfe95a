import type { ValidationProfile } from './types.js';
import { type SkillValidation, validateSkill } from './validate-skill.js';

/** The verdict on one skill folder of a batch. */
export interface SkillFolderValidation extends SkillValidation {
  readonly directory: string;
}

/** Counts over a batch: folders, valid and invalid ones, and warnings in all of them. */
export interface ValidationSummary {
  readonly total: number;
  readonly valid: number;
  readonly invalid: number;
  readonly warnings: number;
}

/** Options of {@link validateSkillFolders}. */
export interface ValidateSkillFoldersOptions {
  /** Skill folders to validate, each once per time it is named. */
  readonly folders: readonly string[];
  /** Paths that should hold skills and hold none: each is an invalid result `no_skills_found`. */
  readonly empty?: readonly { readonly directory: string; readonly label: string }[];
  readonly profile?: ValidationProfile;
  readonly strict?: boolean;
}

/**
 * Validates a batch of skill folders (SPEC S3, I1): every folder under the profile, plus an
 * invalid result for each path that holds no skill, sorted by directory, with their summary.
 * @example const { results, summary } = await validateSkillFolders({ folders, profile: 'spec' });
 */
export async function validateSkillFolders({
  folders,
  empty = [],
  profile = 'spec',
  strict = false,
}: ValidateSkillFoldersOptions): Promise<{ results: SkillFolderValidation[]; summary: ValidationSummary }> {
  const results: SkillFolderValidation[] = empty.map(({ directory, label }) => ({
    directory,
    valid: false,
    diagnostics: [
      {
        code: 'no_skills_found',
        severity: 'error',
        message: `no skill folders (folders holding SKILL.md) found under ${label}`,
      },
    ],
  }));
  const validated = await Promise.all(
    folders.map(async (directory) => ({
      directory,
      ...(await validateSkill(directory, { profile, strict })),
    })),
  );
  results.push(...validated);
  results.sort((left, right) =>
    left.directory < right.directory ? -1 : left.directory > right.directory ? 1 : 0,
  );
  return { results, summary: summarizeValidation(results) };
}

/**
 * Counts a batch's results.
 * @example summarizeValidation(results) // { total: 3, valid: 2, invalid: 1, warnings: 4 }
 */
export function summarizeValidation(results: readonly SkillValidation[]): ValidationSummary {
  const invalid = results.filter((result) => !result.valid).length;
  const warnings = results.reduce(
    (count, result) =>
      count + result.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning').length,
    0,
  );
  return { total: results.length, valid: results.length - invalid, invalid, warnings };
}
