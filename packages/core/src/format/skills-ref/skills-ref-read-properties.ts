import { formatPythonPath } from './python-path.js';
import { readSkillsRefProperties } from './read-skills-ref-properties.js';
import {
  checkSkillsRefPathExists,
  type SkillsRefCommandOptions,
  type SkillsRefCommandResult,
  skillsRefUsageError,
} from './skills-ref-command-result.js';
import { skillsRefPropertiesToJson } from './skills-ref-properties.js';
import { skillsRefSkillPath } from './skills-ref-skill-path.js';

/**
 * `skills-ref read-properties SKILL_PATH`: the properties as JSON (indent 2, ASCII-only) on stdout
 * and exit 0, or `Error: <message>` on stderr and exit 1; a missing path is a usage error (exit 2).
 * @example const { stdout } = await skillsRefReadProperties('skills/pdf/SKILL.md');
 */
export async function skillsRefReadProperties(
  pathArgument: string,
  options: SkillsRefCommandOptions = {},
): Promise<SkillsRefCommandResult> {
  const cwd = options.cwd ?? process.cwd();
  const commandPath = options.commandPath ?? 'skilldock skills read-properties';
  const missing = await checkSkillsRefPathExists(pathArgument, 'SKILL_PATH', cwd);
  if (missing !== undefined) return skillsRefUsageError(commandPath, '[OPTIONS] SKILL_PATH', missing);
  const shown = formatPythonPath(await skillsRefSkillPath(pathArgument, cwd));
  const result = await readSkillsRefProperties(shown, { cwd });
  if (!result.ok) {
    // A crash is not a SkillError in the reference: Python prints a traceback (its last line here).
    const stderr = result.crash === undefined ? `Error: ${result.message}\n` : `${result.crash}\n`;
    return { stdout: '', stderr, exitCode: 1 };
  }
  return { stdout: `${skillsRefPropertiesToJson(result.properties)}\n`, stderr: '', exitCode: 0 };
}
