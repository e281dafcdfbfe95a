import { statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '@skilldock/core/format';
import { loadCore } from './load-core.js';

/** A skill folder named on the command line, checked to be a skill a client would load. */
export interface SkillFolderArgument {
  readonly directory: string;
  /** Warnings of the lenient check (a name/folder mismatch, an unknown field); errors never get here. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The absolute skill folder a command argument names, relative to `cwd`, validated with the
 * `lenient` profile (what a client loads) before anything reads or writes it. A missing path is
 * `path_not_found` and a file is `not_a_skill_path` (usage errors, exit 2); a folder that is not a
 * valid skill (no SKILL.md, `.agents/skills` itself, a missing description) is `invalid_skill`
 * (exit 1), with the diagnostics in `details`.
 */
export async function resolveSkillFolderArgument(
  cwd: string,
  argument: string,
): Promise<SkillFolderArgument> {
  const directory = path.resolve(cwd, argument);
  const stats = statSync(directory, { throwIfNoEntry: false });
  const { UserInputError, validateSkill } = await loadCore('errors', 'format');
  if (stats === undefined) {
    throw new UserInputError('path_not_found', `${argument} does not exist`, {
      details: { path: directory },
    });
  }
  if (!stats.isDirectory()) {
    throw new UserInputError(
      'not_a_skill_path',
      `${argument} is not a folder; pass the skill folder holding SKILL.md`,
      { details: { path: directory } },
    );
  }
  const validation = await validateSkill(directory, { profile: 'lenient' });
  if (!validation.valid) {
    const errors = validation.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    throw new UserInputError(
      'invalid_skill',
      `${argument} is not a valid skill folder: ${errors.map((diagnostic) => diagnostic.message).join('; ') || 'it cannot be loaded'} (check it with: skilldock skills validate ${argument})`,
      { details: { path: directory, diagnostics: validation.diagnostics } },
    );
  }
  return { directory, diagnostics: validation.diagnostics };
}
