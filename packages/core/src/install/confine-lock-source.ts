import { realpath } from 'node:fs/promises';
import { SecurityError } from '../errors.js';
import { isPathInside } from '../format/is-path-inside.js';
import type { ResolvedSource } from './install-draft.js';
import { confinementRoot, type InstallTargetOptions } from './install-target-options.js';

/**
 * The source a lock entry names, fit to fetch (SPEC SEC1, P7). A project's `skills-lock.json`
 * comes with a cloned repository, so a local source it names (a folder, an archive or a SKILL.md,
 * however the entry spells it: absolute, `../…`, `~/…`, a link) must lie inside the project on
 * real paths, links resolved; the source returned then names that real path, so what is read is
 * what was checked. The personal (global) lock is the user's own and may name any folder.
 * @throws SecurityError `path_outside_folder` saying why and what to do instead.
 * @example const source = await confineLockSource(resolveSource(input, { cwd }), options);
 */
export async function confineLockSource(
  source: ResolvedSource,
  options: Pick<InstallTargetOptions, 'scope' | 'projectRoot'>,
): Promise<ResolvedSource> {
  const projectRoot = confinementRoot(options);
  if (projectRoot === undefined || source.path === undefined) return source;
  const [realSource, realProject] = await Promise.all([
    realpath(source.path).catch(() => undefined),
    realpath(projectRoot).catch(() => undefined),
  ]);
  if (realSource !== undefined && realProject !== undefined && isPathInside(realSource, realProject))
    return { ...source, path: realSource };
  throw new SecurityError(
    'path_outside_folder',
    `The project's skills-lock.json names the local source ${source.input}, which is ${realSource ?? source.path}: outside the project ${projectRoot}. A project's lock may name only folders inside the project (a cloned project's lock could otherwise copy any folder of this machine into it), so nothing was read or copied. Put the source inside the project and install it from there, or install the skill for yourself (skills add SOURCE --global), whose lock may name any folder.`,
    { details: { source: source.input, path: source.path, realPath: realSource, folder: projectRoot } },
  );
}
