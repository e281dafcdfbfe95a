import type { Viewer } from '../auth/principal.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { listReadableSkills } from './list-readable-skills.js';

/** An agent's `skills` setting (SPEC Y8): every skill the user may read, or a list of ids. */
export type AgentSkillSelection = 'all' | readonly string[];

/** The skills an agent run gets for a user, and the configured ids it does not get. */
export interface ResolvedAgentSkills {
  /** Readable, enabled-for-the-viewer builtin and shared ids, sorted. */
  readonly skillIds: readonly string[];
  /** Configured ids the viewer may not read (or that do not exist), sorted: dropped, never granted. */
  readonly refused: readonly string[];
}

/**
 * Applies an agent's skill selection for the user running it (SPEC Y3: configuring an agent never
 * widens a user's access): the result is always a subset of `listReadableSkills(viewer)`, whatever
 * the agent names — another user's skills, disabled ones, agent-bound ones, ids that look like
 * paths or SQL. Saving an agent uses `refused` to reject the configuration; a run uses `skillIds`.
 */
export async function resolveAgentSkills(
  db: SkilldockDatabase | SkilldockTransaction,
  viewer: Viewer,
  selection: AgentSkillSelection,
): Promise<ResolvedAgentSkills> {
  const readable = (await listReadableSkills(db, viewer))
    .filter((skill) => skill.enabled)
    .map((skill) => skill.id);
  if (selection === 'all') return { skillIds: readable, refused: [] };
  const allowed = new Set(readable);
  const wanted = [...new Set(selection)].sort();
  return {
    skillIds: wanted.filter((id) => allowed.has(id)),
    refused: wanted.filter((id) => !allowed.has(id)),
  };
}
