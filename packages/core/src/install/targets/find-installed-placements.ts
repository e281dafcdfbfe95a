import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeSkillId } from '../../fs/safe-path-segment.js';
import type { AgentEnvironment } from './agent-environment.js';
import { AGENT_IDS } from './agent-table.js';
import { agentSkillsDirectory, type InstallScope } from './plan-skill-targets.js';

/** A skill folder or link found on disk, with the agents that read it. */
export interface InstalledPlacement {
  readonly path: string;
  readonly kind: 'directory' | 'link' | 'other';
  readonly agents: readonly string[];
}

/**
 * Where skill `id` is installed in a scope: every agent's skills folder is checked for `<id>`
 * (folders, links — even dangling — and stray files), one entry per distinct path. An id that
 * cannot name a folder throws `invalid_skill_id` (SPEC SEC1).
 */
export async function findInstalledPlacements(
  id: string,
  scope: InstallScope,
  environment: AgentEnvironment,
): Promise<InstalledPlacement[]> {
  assertSafeSkillId(id);
  const byPath = new Map<string, string[]>();
  for (const agent of AGENT_IDS) {
    const folder = agentSkillsDirectory(agent, scope, environment);
    if (folder === undefined) continue;
    const target = path.join(folder, id);
    const agents = byPath.get(target) ?? [];
    agents.push(agent);
    byPath.set(target, agents);
  }
  const found = await Promise.all(
    [...byPath].map(async ([target, agents]): Promise<InstalledPlacement | undefined> => {
      try {
        const stats = await lstat(target);
        const kind = stats.isSymbolicLink() ? 'link' : stats.isDirectory() ? 'directory' : 'other';
        return { path: target, kind, agents };
      } catch (error) {
        if (
          (error as NodeJS.ErrnoException).code === 'ENOENT' ||
          (error as NodeJS.ErrnoException).code === 'ENOTDIR'
        )
          return undefined;
        throw error;
      }
    }),
  );
  return found.filter((placement) => placement !== undefined);
}
