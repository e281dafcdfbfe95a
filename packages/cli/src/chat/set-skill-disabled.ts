import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadCore } from '../load-core.js';

/**
 * Switches a skill off (or on) for a project: writes `skills.disabled` in the project's
 * `.skilldock/settings.json`, other keys untouched. The project list replaces the user's (settings
 * merge key by key), so it starts from the list in effect, `currentlyDisabled`, to keep the user's
 * entries. Refuses to overwrite a settings file that is not valid JSON. Unknown keys, `__proto__`
 * included, are written back as read. The read-modify-write holds the file's inter-process lock,
 * and the file must be inside the project on real paths (`path_outside_folder`).
 * Returns the file written.
 */
export async function setSkillDisabled(
  projectRoot: string,
  skillId: string,
  disabled: boolean,
  currentlyDisabled: readonly string[],
): Promise<string> {
  const { SETTINGS_RELATIVE_PATH, proveInside, withFileLock } = await loadCore();
  const file = path.join(projectRoot, SETTINGS_RELATIVE_PATH);
  // A `.skilldock` that links out of the project must not redirect the write (SPEC SEC1).
  await proveInside(file, projectRoot);
  await withFileLock(file, () => rewriteSettings(file, skillId, disabled, currentlyDisabled));
  return file;
}

async function rewriteSettings(
  file: string,
  skillId: string,
  disabled: boolean,
  currentlyDisabled: readonly string[],
): Promise<void> {
  const { UserInputError, writeFileAtomic } = await loadCore();
  let settings: Record<string, unknown> = {};
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text !== undefined && text.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new Error('not an object');
      settings = parsed as Record<string, unknown>;
    } catch (error) {
      throw new UserInputError(
        'settings_invalid',
        `cannot update ${file}: it is not a JSON object (${(error as Error).message})`,
        {
          details: { path: file },
        },
      );
    }
  }
  const next = new Set(currentlyDisabled);
  if (disabled) next.add(skillId);
  else next.delete(skillId);
  const skills = { ...(settings.skills as Record<string, unknown> | undefined), disabled: [...next].sort() };
  const updated = { ...settings, skills };
  await writeFileAtomic(file, `${JSON.stringify(updated, null, 2)}\n`);
}
