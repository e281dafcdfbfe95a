import { realpath } from 'node:fs/promises';
import { findSkillsRefSkillFile } from './find-skills-ref-skill-file.js';
import { readSkillsRefProperties } from './read-skills-ref-properties.js';
import { renderSkillsRefPrompt, type SkillsRefPromptEntry } from './render-skills-ref-prompt.js';
import {
  checkSkillsRefPathExists,
  type SkillsRefCommandOptions,
  type SkillsRefCommandResult,
  skillsRefUsageError,
} from './skills-ref-command-result.js';
import { skillsRefDiskPath } from './skills-ref-path.js';
import { skillsRefSkillPath } from './skills-ref-skill-path.js';

const USAGE = '[OPTIONS] SKILL_PATHS...';
const METAVAR = 'SKILL_PATHS...';

/**
 * `skills-ref to-prompt SKILL_PATH...`: the `<available_skills>` XML on stdout and exit 0. Each
 * folder is resolved (symbolic links followed, like `Path.resolve()`) and read with
 * read-properties rules, not validated; the first unreadable skill aborts with `Error: <message>`
 * (exit 1) and nothing on stdout. Every path is checked to exist first (exit 2 otherwise), and at
 * least one is required, as click does.
 * @example const { stdout } = await skillsRefToPrompt(['skills/pdf', 'skills/csv']);
 */
export async function skillsRefToPrompt(
  pathArguments: readonly string[],
  options: SkillsRefCommandOptions = {},
): Promise<SkillsRefCommandResult> {
  const cwd = options.cwd ?? process.cwd();
  const commandPath = options.commandPath ?? 'skilldock skills prompt';
  if (pathArguments.length === 0)
    return skillsRefUsageError(commandPath, USAGE, `Missing argument '${METAVAR}'.`);
  for (const pathArgument of pathArguments) {
    const missing = await checkSkillsRefPathExists(pathArgument, METAVAR, cwd);
    if (missing !== undefined) return skillsRefUsageError(commandPath, USAGE, missing);
  }
  const entries: SkillsRefPromptEntry[] = [];
  for (const pathArgument of pathArguments) {
    const directory = await realpath(skillsRefDiskPath(await skillsRefSkillPath(pathArgument, cwd), cwd));
    const result = await readSkillsRefProperties(directory, { cwd });
    if (!result.ok) {
      const stderr = result.crash === undefined ? `Error: ${result.message}\n` : `${result.crash}\n`;
      return { stdout: '', stderr, exitCode: 1 };
    }
    const fileName = (await findSkillsRefSkillFile(directory)) ?? 'SKILL.md';
    const location = directory === '/' ? `/${fileName}` : `${directory}/${fileName}`;
    entries.push({ name: result.properties.name, description: result.properties.description, location });
  }
  return { stdout: `${renderSkillsRefPrompt(entries)}\n`, stderr: '', exitCode: 0 };
}
