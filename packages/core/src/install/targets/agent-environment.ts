import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AgentDefinition, AgentPath } from './agent-definition.js';

/** Where agent folders are looked up: the project root, the home folder and the environment. */
export interface AgentEnvironment {
  readonly projectRoot: string;
  readonly home: string;
  /** `CODEX_HOME`, `CLAUDE_CONFIG_DIR`, `XDG_CONFIG_HOME`, …; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const HOME_VARIABLES = {
  'codex-home': ['CODEX_HOME', '.codex'],
  'claude-home': ['CLAUDE_CONFIG_DIR', '.claude'],
  'vibe-home': ['VIBE_HOME', '.vibe'],
  'hermes-home': ['HERMES_HOME', '.hermes'],
  'autohand-home': ['AUTOHAND_HOME', '.autohand'],
} as const;

/** The absolute path an {@link AgentPath} names, or `undefined` when its root is an unset variable. */
export function resolveAgentPath(agentPath: AgentPath, environment: AgentEnvironment): string | undefined {
  const env = environment.env ?? process.env;
  const root = agentPath.root;
  let base: string | undefined;
  if (root === 'home') base = environment.home;
  else if (root === 'project') base = environment.projectRoot;
  else if (root === 'absolute') base = '/';
  // Same fallbacks as the `skills` CLI (xdg-basedir, then `?.trim() ||` for the agent homes).
  else if (root === 'config') base = env.XDG_CONFIG_HOME || path.join(environment.home, '.config');
  else if (root === 'appdata') base = env.APPDATA?.trim() || undefined;
  else if (root === 'flatpak-config') base = env.FLATPAK_XDG_CONFIG_HOME?.trim() || undefined;
  else {
    const [variable, folder] = HOME_VARIABLES[root];
    base = env[variable]?.trim() || path.join(environment.home, folder);
  }
  if (base === undefined) return undefined;
  return agentPath.path === '' ? base : path.join(base, agentPath.path);
}

/** The agent's personal skills folder, or `undefined` when it has none. */
export function agentGlobalDirectory(
  agent: AgentDefinition,
  environment: AgentEnvironment,
): string | undefined {
  for (const candidate of agent.globalDirectoryByMarker ?? []) {
    const marker = resolveAgentPath(candidate.marker, environment);
    if (marker !== undefined && existsSync(marker)) return resolveAgentPath(candidate.directory, environment);
  }
  return agent.globalDirectory === undefined
    ? undefined
    : resolveAgentPath(agent.globalDirectory, environment);
}

/** True when one of the agent's detection rules holds (the `skills` CLI's `detectInstalled`). */
export function isAgentInstalled(agent: AgentDefinition, environment: AgentEnvironment): boolean {
  return agent.detect.some((rule) => {
    const target = resolveAgentPath(rule.exists, environment);
    if (target === undefined || !existsSync(target)) return false;
    return rule.dependency === undefined || hasDependency(environment.projectRoot, rule.dependency);
  });
}

function hasDependency(projectRoot: string, name: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, unknown>;
      devDependencies?: Record<string, unknown>;
    };
    return Boolean(manifest.dependencies?.[name] || manifest.devDependencies?.[name]);
  } catch {
    return false;
  }
}
