import type { CuratorPaths } from './curator-paths.js';
import { withSkillRecord } from './curator-state.js';
import { type UpdateCuratorStateOptions, updateCuratorState } from './write-curator-state.js';

/**
 * Records one successful activation of the generated skill in folder `name` (SPEC R10, L3): its
 * last use and use count, under the lock so that concurrent sessions count every use. A skill the
 * curator has not seen yet is recorded, first seen now.
 * @example await recordGeneratedSkillUse(paths, 'learned-skill-pdf', new Date());
 */
export async function recordGeneratedSkillUse(
  paths: CuratorPaths,
  name: string,
  at: Date,
  options: UpdateCuratorStateOptions = {},
): Promise<void> {
  await updateCuratorState(
    paths,
    (state) => {
      const time = at.toISOString();
      const existing = state.skills[name] ?? { firstSeen: time, useCount: 0, state: 'active', pinned: false };
      const record = {
        ...existing,
        lastUsed: time,
        useCount: existing.useCount + 1,
        // A used skill is alive again; an archived one stays archived until restored.
        state: existing.state === 'archived' ? existing.state : ('active' as const),
      };
      return { state: withSkillRecord(state, name, record), result: undefined };
    },
    options,
  );
}
