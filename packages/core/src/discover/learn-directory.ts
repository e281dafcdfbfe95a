import path from 'node:path';
import { SecurityError } from '../errors.js';
import { unsafeRelativePathReason } from '../format/unsafe-relative-path-reason.js';
import type { Settings } from './settings.js';

/** Where generated skills go when `learn.directory` is not set (SPEC L1). */
export const DEFAULT_LEARN_DIRECTORY = '.agents/skills';

/**
 * The absolute folder that `skilldock learn` and auto skill write generated skills to, and that the
 * curator tracks (SPEC L1–L3): `learn.directory` under `projectRoot`, default `.agents/skills`. The
 * setting may come from a cloned project, so it must be a plain relative path inside the project:
 * `..`, absolute paths, backslashes and control characters throw `SecurityError`
 * `path_outside_folder` naming the setting. Links on the way are the writer's to refuse.
 * @example learnDirectory('/repo', { learn: { directory: '.qwen/skills' } }) // '/repo/.qwen/skills'
 */
export function learnDirectory(projectRoot: string, settings: Pick<Settings, 'learn'>): string {
  const configured = settings.learn?.directory ?? DEFAULT_LEARN_DIRECTORY;
  const relative = configured.replace(/\/+$/, '');
  const reason = unsafeRelativePathReason(relative);
  if (reason !== undefined) {
    throw new SecurityError(
      'path_outside_folder',
      `learn.directory ${JSON.stringify(configured)} ${reason}; set a folder inside the project, e.g. ".agents/skills"`,
      { details: { field: 'learn.directory', path: configured } },
    );
  }
  return path.join(path.resolve(projectRoot), ...relative.split('/'));
}
