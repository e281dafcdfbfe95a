import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { DiscoverSkillsOptions, SkillRoot } from './types.js';

/** Agent folders searched in a project and in the home folder, highest precedence first (SPEC D1). */
export const STANDARD_SKILL_FOLDERS: readonly string[] = [
  join('.agents', 'skills'),
  join('.qwen', 'skills'),
  join('.claude', 'skills'),
];

/** Options of {@link resolveSkillRoots}. */
export type ResolveSkillRootsOptions = Pick<
  DiscoverSkillsOptions,
  'projectRoot' | 'homeDirectory' | 'settings' | 'extensions' | 'sharedDirectories' | 'builtinDirectories'
>;

/**
 * Lists the folders to search, in precedence order (SPEC D1): project (standard folders, then
 * `skills.directories`), personal (standard folders, then `skills.personalDirectories`), extensions,
 * shared, builtin. Pure: touches no file.
 */
export function resolveSkillRoots({
  projectRoot,
  homeDirectory = homedir(),
  settings = {},
  extensions = [],
  sharedDirectories = [],
  builtinDirectories = [],
}: ResolveSkillRootsOptions = {}): SkillRoot[] {
  const roots: SkillRoot[] = [];
  const home = resolve(homeDirectory);
  if (projectRoot !== undefined) {
    const project = resolve(projectRoot);
    for (const folder of STANDARD_SKILL_FOLDERS)
      roots.push({ directory: join(project, folder), sourceType: 'project' });
    for (const folder of settings.skills?.directories ?? []) {
      roots.push({
        directory: resolveConfigured(folder, project, home),
        sourceType: 'project',
        sourceScope: 'settings',
      });
    }
  }
  for (const folder of STANDARD_SKILL_FOLDERS)
    roots.push({ directory: join(home, folder), sourceType: 'personal' });
  for (const folder of settings.skills?.personalDirectories ?? []) {
    roots.push({
      directory: resolveConfigured(folder, home, home),
      sourceType: 'personal',
      sourceScope: 'settings',
    });
  }
  for (const extension of extensions) {
    roots.push({
      directory: resolve(extension.directory),
      sourceType: 'extension',
      sourceScope: extension.owner,
    });
  }
  for (const folder of sharedDirectories) roots.push({ directory: resolve(folder), sourceType: 'shared' });
  for (const folder of builtinDirectories) roots.push({ directory: resolve(folder), sourceType: 'builtin' });
  return roots;
}

/** `~/x` is under the home folder; other relative paths are under `base`. */
function resolveConfigured(folder: string, base: string, home: string): string {
  if (folder === '~') return home;
  if (folder.startsWith('~/') || folder.startsWith('~\\')) return join(home, folder.slice(2));
  return isAbsolute(folder) ? resolve(folder) : resolve(base, folder);
}
