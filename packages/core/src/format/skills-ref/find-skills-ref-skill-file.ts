import { stat } from 'node:fs/promises';

/** The file names the reference looks for, in order. */
export const SKILLS_REF_SKILL_FILE_NAMES = ['SKILL.md', 'skill.md'] as const;

/**
 * The reference's `find_skill_md`: `SKILL.md` if it exists, else `skill.md`, else `undefined`.
 * "Exists" is Python's `Path.exists()`: symbolic links followed, any error counts as absent.
 * @param directory Folder to look in, absolute or relative to the process.
 */
export async function findSkillsRefSkillFile(
  directory: string,
): Promise<(typeof SKILLS_REF_SKILL_FILE_NAMES)[number] | undefined> {
  for (const name of SKILLS_REF_SKILL_FILE_NAMES) {
    try {
      await stat(`${directory}/${name}`);
      return name;
    } catch {
      // Absent, a broken link or unreadable: try the next name, as Path.exists() would.
    }
  }
  return undefined;
}
