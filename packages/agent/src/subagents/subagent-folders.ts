import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { SubagentLevel } from './subagent-types.js';

/** The folders below a project root or the home folder that hold agent files, in precedence order. */
export const SUBAGENT_FOLDER_NAMES: readonly string[] = [
  path.join('.qwen', 'agents'),
  path.join('.agents', 'agents'),
  path.join('.claude', 'agents'),
];

/** The folders below a project root or the home folder that hold fork profiles (SPEC S7). */
export const FORK_PROFILE_FOLDER_NAMES: readonly string[] = [
  path.join('.qwen', 'fork-profiles'),
  path.join('.agents', 'fork-profiles'),
];

/** One folder of agent files and the level its definitions take. */
export interface SubagentFolder {
  readonly level: Extract<SubagentLevel, 'project' | 'user' | 'extension'>;
  readonly directory: string;
}

/**
 * The folders searched for agent files, highest precedence first (SPEC A1): the project's
 * `.qwen/agents`, `.agents/agents`, `.claude/agents`; the same under the home folder; then each
 * extension folder. The project is left out when it is the home folder (its files are the user's).
 */
export function subagentFolders({
  projectRoot,
  homeDirectory,
  extensionDirectories = [],
  includeProject = true,
}: {
  projectRoot: string;
  homeDirectory: string;
  extensionDirectories?: readonly string[];
  includeProject?: boolean;
}): readonly SubagentFolder[] {
  const project =
    includeProject && path.resolve(projectRoot) !== path.resolve(homeDirectory)
      ? SUBAGENT_FOLDER_NAMES.map((name) => ({
          level: 'project' as const,
          directory: path.join(projectRoot, name),
        }))
      : [];
  return [
    ...project,
    ...SUBAGENT_FOLDER_NAMES.map((name) => ({
      level: 'user' as const,
      directory: path.join(homeDirectory, name),
    })),
    ...extensionDirectories.map((directory) => ({ level: 'extension' as const, directory })),
  ];
}

/**
 * True when the project (not the home folder) has an agent file in one of its agent folders: what
 * makes an untrusted workspace worth asking about (SPEC D2).
 */
export function hasProjectSubagentFiles(projectRoot: string, homeDirectory: string): boolean {
  if (path.resolve(projectRoot) === path.resolve(homeDirectory)) return false;
  return SUBAGENT_FOLDER_NAMES.some((name) => {
    try {
      return readdirSync(path.join(projectRoot, name)).some((entry) => entry.endsWith('.md'));
    } catch {
      return false;
    }
  });
}
