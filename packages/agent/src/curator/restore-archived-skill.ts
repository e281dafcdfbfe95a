import path from 'node:path';
import { checkCuratorFolders } from './check-curator-folders.js';
import type { CuratorPaths } from './curator-paths.js';
import { type CuratedSkillRecord, withSkillRecord } from './curator-state.js';
import { type CuratorFileSystem, moveFoldersWithRollback, NODE_FILE_SYSTEM } from './move-folders.js';
import { readCuratorState } from './read-curator-state.js';
import { resolveCuratedSkill } from './resolve-curated-skill.js';
import { type UpdateCuratorStateOptions, withCuratorLock, writeCuratorState } from './write-curator-state.js';

/** Options of {@link restoreArchivedSkill}. */
export interface RestoreArchivedSkillOptions extends UpdateCuratorStateOptions {
  readonly paths: CuratorPaths;
  readonly cwd: string;
  readonly now?: () => Date;
  readonly fileSystem?: CuratorFileSystem;
}

/**
 * `curator restore DIR` (SPEC L3): moves an archived folder back into the skills folder and makes
 * it active with a fresh start (its last activity is now, so it does not age out again at once).
 * A skill of that name already in the skills folder is a `ConflictError` `skill_exists`; a state
 * write that fails moves the folder back.
 */
export async function restoreArchivedSkill(
  argument: string,
  { paths, cwd, now = () => new Date(), fileSystem = NODE_FILE_SYSTEM, ...lock }: RestoreArchivedSkillOptions,
): Promise<{ readonly name: string; readonly directory: string; readonly record: CuratedSkillRecord }> {
  const folder = await resolveCuratedSkill(argument, { cwd, folders: [paths.archiveDirectory] });
  return withCuratorLock(
    paths,
    async () => {
      await checkCuratorFolders(paths);
      const state = await readCuratorState(paths);
      const at = now().toISOString();
      const { archivedAt: _archivedAt, ...existing } = state.skills[folder.name] ?? {
        firstSeen: at,
        useCount: 0,
        pinned: false,
      };
      const record: CuratedSkillRecord = { ...existing, state: 'active', lastActivity: at };
      await moveFoldersWithRollback(
        [{ name: folder.name, from: paths.archiveDirectory, to: paths.skillsDirectory }],
        () => writeCuratorState(paths, withSkillRecord(state, folder.name, record)),
        fileSystem,
      );
      return { name: folder.name, directory: path.join(paths.skillsDirectory, folder.name), record };
    },
    lock,
  );
}
