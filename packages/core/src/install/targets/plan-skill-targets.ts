import { existsSync } from 'node:fs';
import path from 'node:path';
import { assertSafeSkillId } from '../../fs/safe-path-segment.js';
import { UNIVERSAL_SKILLS_DIRECTORY } from './agent-definition.js';
import { type AgentEnvironment, agentGlobalDirectory } from './agent-environment.js';
import { findAgent } from './agent-table.js';

/** Project (`<project>/…`) or personal (`~/…`) install (SPEC P7). */
export type InstallScope = 'project' | 'global';

/** `symlink`: one real copy in `.agents/skills`, agent folders link to it; `copy`: a copy per folder. */
export type InstallMode = 'symlink' | 'copy';

/** One place a skill is written to. */
export interface SkillPlacement {
  /** Absolute path of the skill folder (`<skills folder>/<id>`). */
  readonly path: string;
  /** `directory`: a real copy; `link`: a relative symlink to `target`. */
  readonly kind: 'directory' | 'link';
  /** The folder a link points to (absolute). */
  readonly target?: string;
  /** Agents this placement serves. */
  readonly agents: readonly string[];
}

/** Where one skill goes: real folders first, then links; agents that get nothing, with why. */
export interface TargetPlan {
  readonly placements: readonly SkillPlacement[];
  readonly skipped: readonly { readonly agent: string; readonly reason: string }[];
}

/** Options of {@link planSkillTargets}. */
export interface PlanSkillTargetsOptions {
  readonly scope: InstallScope;
  readonly environment: AgentEnvironment;
  /** Agent ids (known ones; see `resolveAgentSelection`). */
  readonly agents: readonly string[];
  readonly mode: InstallMode;
}

/** The shared folder: `<project>/.agents/skills` or `~/.agents/skills`. */
export function universalSkillsDirectory(scope: InstallScope, environment: AgentEnvironment): string {
  return path.join(
    scope === 'global' ? environment.home : environment.projectRoot,
    UNIVERSAL_SKILLS_DIRECTORY,
  );
}

/**
 * The skills folder an agent reads in a scope, or `undefined` when it has none there. Universal
 * agents read the shared folder in both scopes, as in the `skills` CLI.
 */
export function agentSkillsDirectory(
  agentId: string,
  scope: InstallScope,
  environment: AgentEnvironment,
): string | undefined {
  const agent = findAgent(agentId);
  if (agent === undefined) return undefined;
  if (agent.projectDirectory === UNIVERSAL_SKILLS_DIRECTORY)
    return universalSkillsDirectory(scope, environment);
  if (scope === 'project') return path.join(environment.projectRoot, agent.projectDirectory);
  return agentGlobalDirectory(agent, environment);
}

/**
 * Where a skill goes for these agents, following the `skills` CLI: in symlink mode the shared
 * folder holds the real copy and other agents get a relative link (a project agent whose top
 * folder, e.g. `.cursor`, does not exist is skipped, except Claude Code); in copy mode every
 * distinct folder gets its own copy. Eve always gets a real folder of its own. An id that cannot
 * name a folder throws `invalid_skill_id` (SPEC SEC1).
 * @example planSkillTargets('pdf', { scope: 'project', environment, agents: ['claude-code'], mode: 'symlink' })
 */
export function planSkillTargets(
  id: string,
  { scope, environment, agents, mode }: PlanSkillTargetsOptions,
): TargetPlan {
  const directories = new Map<string, string[]>();
  const links = new Map<string, { target: string; agents: string[] }>();
  const skipped: { agent: string; reason: string }[] = [];
  const canonical = path.join(universalSkillsDirectory(scope, environment), assertSafeSkillId(id));
  const addDirectory = (folder: string, agent: string) => {
    const list = directories.get(folder) ?? [];
    list.push(agent);
    directories.set(folder, list);
  };
  for (const agentId of agents) {
    const agent = findAgent(agentId);
    const base = agentSkillsDirectory(agentId, scope, environment);
    if (agent === undefined || base === undefined) {
      skipped.push({
        agent: agentId,
        reason: `${agent?.displayName ?? agentId} has no global skills folder`,
      });
      continue;
    }
    const folder = path.join(base, id);
    const universal = agent.projectDirectory === UNIVERSAL_SKILLS_DIRECTORY;
    if (mode === 'copy' || agentId === 'eve') {
      addDirectory(folder, agentId);
      continue;
    }
    addDirectory(canonical, universal ? agentId : 'universal');
    if (universal) continue;
    const topFolder = agent.projectDirectory.split('/')[0] ?? agent.projectDirectory;
    if (
      scope === 'project' &&
      agentId !== 'claude-code' &&
      !existsSync(path.join(environment.projectRoot, topFolder))
    ) {
      skipped.push({ agent: agentId, reason: `${topFolder} does not exist in the project` });
      continue;
    }
    if (folder === canonical) continue;
    const link = links.get(folder) ?? { target: canonical, agents: [] };
    link.agents.push(agentId);
    links.set(folder, link);
  }
  const placements: SkillPlacement[] = [];
  for (const [folder, served] of directories) {
    placements.push({ path: folder, kind: 'directory', agents: unique(served) });
  }
  for (const [folder, link] of links) {
    if (directories.has(folder)) continue;
    placements.push({ path: folder, kind: 'link', target: link.target, agents: link.agents });
  }
  return { placements, skipped };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
