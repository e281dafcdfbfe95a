import { formatPythonPath } from './python-path.js';
import {
  checkSkillsRefPathExists,
  type SkillsRefCommandOptions,
  type SkillsRefCommandResult,
  skillsRefUsageError,
} from './skills-ref-command-result.js';
import { skillsRefSkillPath } from './skills-ref-skill-path.js';
import { validateSkillsRef } from './validate-skills-ref.js';

/**
 * `skills-ref validate SKILL_PATH`: `Valid skill: <path>` on stdout and exit 0, or
 * `Validation failed for <path>:` and one `  - <message>` per error on stderr and exit 1; a missing
 * path is a usage error (exit 2). `<path>` is printed as Python's `pathlib` prints what was typed.
 * @example const { stdout, stderr, exitCode } = await skillsRefValidate('skills/pdf/');
 */
export async function skillsRefValidate(
  pathArgument: string,
  options: SkillsRefCommandOptions = {},
): Promise<SkillsRefCommandResult> {
  const cwd = options.cwd ?? process.cwd();
  const commandPath = options.commandPath ?? 'skilldock skills validate';
  const missing = await checkSkillsRefPathExists(pathArgument, 'SKILL_PATH', cwd);
  if (missing !== undefined) return skillsRefUsageError(commandPath, '[OPTIONS] SKILL_PATH', missing);
  const shown = formatPythonPath(await skillsRefSkillPath(pathArgument, cwd));
  const { errors, crash } = await validateSkillsRef(shown, { cwd });
  // The reference does not catch these: Python prints a traceback, whose last line this is.
  if (crash !== undefined) return { stdout: '', stderr: `${crash}\n`, exitCode: 1 };
  if (errors.length === 0) return { stdout: `Valid skill: ${shown}\n`, stderr: '', exitCode: 0 };
  const lines = errors.map((error) => `  - ${error}\n`).join('');
  return { stdout: '', stderr: `Validation failed for ${shown}:\n${lines}`, exitCode: 1 };
}
