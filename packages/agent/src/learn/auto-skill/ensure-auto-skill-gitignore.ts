import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError } from '@skilldock/core/errors';
import { proveInside, writeFileAtomic } from '@skilldock/core/fs';

/** The rule that keeps auto skills out of git (SPEC L2). */
export const AUTO_SKILL_GITIGNORE_RULE = '/auto-skill-*/';

/** Largest `.gitignore` read and rewritten; a larger one is left alone. */
const MAX_GITIGNORE_BYTES = 256 * 1024;

/**
 * Adds {@link AUTO_SKILL_GITIGNORE_RULE} to `<skillsDirectory>/.gitignore` unless a line already
 * says it (idempotent): the user's lines are kept byte for byte and the rule appended on its own
 * line. A `.gitignore` that is a link, or a skills folder leading out of the project, is refused
 * (SPEC SEC1). Returns whether the file changed.
 * @example await ensureAutoSkillGitignore(paths.skillsDirectory, paths.projectRoot);
 */
export async function ensureAutoSkillGitignore(
  skillsDirectory: string,
  projectRoot: string,
): Promise<boolean> {
  const file = await proveInside(path.join(skillsDirectory, '.gitignore'), projectRoot);
  let text = '';
  try {
    const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
    try {
      const stats = await handle.stat();
      if (!stats.isFile() || stats.size > MAX_GITIGNORE_BYTES) return false;
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK')
      throw new SecurityError(
        'symlink_refused',
        `${file} is a link; the auto-skill rule was not added to it.`,
        {
          details: { path: file },
          cause: error,
        },
      );
    if (code !== 'ENOENT') throw error;
  }
  const rules = new Set(['auto-skill-*', 'auto-skill-*/', '/auto-skill-*', AUTO_SKILL_GITIGNORE_RULE]);
  if (text.split(/\r?\n/).some((line) => rules.has(line.trim()))) return false;
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  await writeFileAtomic(
    file,
    `${text}${separator}# Auto skills (skilldock, memory.enableAutoSkill) stay local\n${AUTO_SKILL_GITIGNORE_RULE}\n`,
  );
  return true;
}
