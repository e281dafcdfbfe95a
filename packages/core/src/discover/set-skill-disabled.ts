import path from 'node:path';
import { UserInputError } from '../errors.js';
import { proveInside } from '../fs/prove-inside.js';
import { withFileLock } from '../fs/with-file-lock.js';
import { writeFileAtomic } from '../fs/write-file-atomic.js';
import { loadSettings, readSettingsObject, SETTINGS_RELATIVE_PATH } from './load-settings.js';

/** Options of {@link setSkillDisabled}. */
export interface SetSkillDisabledOptions {
  readonly projectRoot: string;
  /** Home folder of the user settings (whose list the project's replaces); default the user's home. */
  readonly homeDirectory?: string;
  readonly skillId: string;
  /** True switches the skill off, false on. */
  readonly disabled: boolean;
}

/**
 * Switches a skill off (or on) for a project: writes `skills.disabled` in the project's
 * `.skilldock/settings.json`, other keys untouched. The project list replaces the user's (settings
 * merge key by key), so it starts from the list in effect ({@link loadSettings}) to keep the
 * user's entries. Refuses (`settings_invalid`) to overwrite a settings file it cannot read as a
 * JSON object; unknown keys, `__proto__` included, are written back as read. The read-modify-write
 * holds the file's inter-process lock, and the file must be inside the project on real paths
 * (`path_outside_folder`, SPEC SEC1). Returns the file written.
 * @example await setSkillDisabled({ projectRoot, skillId: 'legacy-deploy', disabled: true });
 */
export async function setSkillDisabled(options: SetSkillDisabledOptions): Promise<string> {
  const { projectRoot, skillId, disabled } = options;
  const file = path.join(projectRoot, SETTINGS_RELATIVE_PATH);
  // A `.skilldock` that links out of the project must not redirect the write (SPEC SEC1).
  await proveInside(file, projectRoot);
  await withFileLock(file, async () => {
    const read = await readSettingsObject(file);
    if (read.error !== undefined) {
      throw new UserInputError('settings_invalid', `cannot update ${file}: ${read.error.message}`, {
        details: { path: file, ...(read.error.line === undefined ? {} : { line: read.error.line }) },
      });
    }
    const { settings } = await loadSettings({
      projectRoot,
      ...(options.homeDirectory === undefined ? {} : { homeDirectory: options.homeDirectory }),
    });
    const next = new Set(settings.skills?.disabled ?? []);
    if (disabled) next.add(skillId);
    else next.delete(skillId);
    const skills = {
      ...(read.value.skills as Record<string, unknown> | undefined),
      disabled: [...next].sort(),
    };
    await writeFileAtomic(file, `${JSON.stringify({ ...read.value, skills }, null, 2)}\n`);
  });
  return file;
}
