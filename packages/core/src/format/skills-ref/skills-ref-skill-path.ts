import { stat } from 'node:fs/promises';
import { type PythonPath, parsePythonPath, pythonPathName, pythonPathParent } from './python-path.js';
import { skillsRefDiskPath } from './skills-ref-path.js';

/**
 * The reference CLI's path rule: a path to a regular file named `SKILL.md` or `skill.md` (any
 * case) stands for its folder (`pdf/SKILL.md` → `pdf`, `SKILL.md` → `.`); anything else is kept.
 */
export async function skillsRefSkillPath(pathArgument: string, cwd: string): Promise<PythonPath> {
  const typed = parsePythonPath(pathArgument);
  if (pythonPathName(typed).toLowerCase() !== 'skill.md') return typed;
  try {
    const stats = await stat(skillsRefDiskPath(typed, cwd));
    return stats.isFile() ? pythonPathParent(typed) : typed;
  } catch {
    return typed;
  }
}
