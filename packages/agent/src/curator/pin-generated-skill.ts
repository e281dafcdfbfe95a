import { SkilldockError } from '@skilldock/core/errors';
import { loadSkill } from '@skilldock/core/format';
import type { CuratorPaths } from './curator-paths.js';
import { type CuratedSkillRecord, withSkillRecord } from './curator-state.js';
import { resolveCuratedSkill } from './resolve-curated-skill.js';
import { type UpdateCuratorStateOptions, updateCuratorState } from './write-curator-state.js';

/** Options of {@link pinGeneratedSkill}. */
export interface PinGeneratedSkillOptions extends UpdateCuratorStateOptions {
  readonly paths: CuratorPaths;
  /** The folder a relative `DIR` is resolved against. */
  readonly cwd: string;
  readonly now?: () => Date;
}

/**
 * `curator pin DIR` / `unpin DIR` (SPEC L3): marks a generated skill so it never ages (or lets it
 * age again, from now). `DIR` goes through {@link resolveCuratedSkill}; the folder must hold a
 * generated skill (`source: learned` or `auto-skill`). Returns the updated record.
 * @throws SecurityError for a hostile `DIR`; `curator_skill_not_found` for a missing or user skill.
 */
export async function pinGeneratedSkill(
  argument: string,
  pinned: boolean,
  { paths, cwd, now = () => new Date(), ...lock }: PinGeneratedSkillOptions,
): Promise<{ readonly name: string; readonly record: CuratedSkillRecord }> {
  const folder = await resolveCuratedSkill(argument, {
    cwd,
    folders: [paths.skillsDirectory, paths.archiveDirectory],
  });
  const loaded = await loadSkill(folder.directory, { profile: 'lenient', listFiles: false });
  if (!loaded.ok || loaded.skill.fields.source === undefined) {
    throw new SkilldockError(
      'curator_skill_not_found',
      `${folder.directory} is not a generated skill (its SKILL.md has no \`source: learned\` or \`source: auto-skill\`); the curator leaves your own skills alone.`,
      { details: { path: folder.directory } },
    );
  }
  return updateCuratorState(
    paths,
    (state) => {
      const at = now().toISOString();
      const existing = state.skills[folder.name];
      const archived = folder.parent === paths.archiveDirectory;
      const record: CuratedSkillRecord = {
        ...(existing ?? { firstSeen: at, useCount: 0, state: archived ? 'archived' : 'active' }),
        pinned,
        lastActivity: at,
        ...(archived || existing?.state === 'archived' ? {} : { state: 'active' as const }),
      };
      return { state: withSkillRecord(state, folder.name, record), result: { name: folder.name, record } };
    },
    lock,
  );
}
