import path from 'node:path';
import type { DraftSkill, ResolvedSource } from '../install-draft.js';
import type { InstallScope } from '../targets/plan-skill-targets.js';
import { GLOBAL_LOCK_RELATIVE_PATH, globalLockEntry } from './global-lock.js';
import { PROJECT_LOCK_FILE, projectLockEntry } from './project-lock.js';
import { dictionary, readLockFile, serializeLock } from './read-lock-file.js';

/** Edits to the scope's lock, applied in memory. */
export interface LockEditor {
  /** The entry as currently read. */
  entry(id: string): Readonly<Record<string, unknown>> | undefined;
  set(id: string, installed: { source: ResolvedSource; skill: DraftSkill; agents: readonly string[] }): void;
  delete(id: string): void;
}

/** The lock file to write and its new bytes. */
export interface LockUpdate {
  readonly file: string;
  readonly content: string;
  /** False when the edits left the file as it was (no write needed). */
  readonly changed: boolean;
}

/** The lock file of a scope: `<project>/skills-lock.json` or `~/.skilldock/skills-lock.json`. */
export function lockFileFor({
  scope,
  projectRoot,
  home,
}: {
  scope: InstallScope;
  projectRoot: string;
  home: string;
}): string {
  return scope === 'project'
    ? path.join(projectRoot, PROJECT_LOCK_FILE)
    : path.join(home, GLOBAL_LOCK_RELATIVE_PATH);
}

/**
 * Reads the scope's lock (a corrupt one throws `lock_corrupt` before anything is written), applies
 * `edit`, and serialises the result the way the `skills` CLI does.
 */
export async function buildLockUpdate(
  target: { scope: InstallScope; projectRoot: string; home: string },
  edit: (editor: LockEditor) => void,
  now: Date,
): Promise<LockUpdate> {
  const file = lockFileFor(target);
  const read = await readLockFile(file);
  const skills = dictionary(read.skills);
  edit({
    entry: (id) => read.skills[id],
    set(id, { source, skill, agents }) {
      const previous = read.skills[id];
      skills[id] =
        target.scope === 'project'
          ? projectLockEntry(source, skill, previous)
          : globalLockEntry(source, skill, { now, agents, previous });
    },
    delete(id) {
      delete skills[id];
    },
  });
  const content = serializeLock(skills, read.extra);
  return {
    file,
    content,
    changed:
      read.bytes === undefined ? Object.keys(skills).length > 0 : content !== read.bytes.toString('utf8'),
  };
}
