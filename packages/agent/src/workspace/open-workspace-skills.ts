import { SkillWatcher, trustWorkspace } from '@skilldock/core/discover';
import { hasProjectSubagentFiles } from '../subagents/subagent-folders.js';
import type { WorkspaceSettings } from './workspace-settings.js';

/** The skill source of a workspace, and the trust decision it was opened under. */
export interface WorkspaceSkills {
  readonly watcher: SkillWatcher;
  readonly trusted: boolean;
  /** What was left out because the workspace is untrusted (empty when trusted). */
  readonly skipped: readonly string[];
}

/** Options of {@link openWorkspaceSkills}. */
export interface OpenWorkspaceSkillsOptions {
  readonly projectRoot: string;
  readonly homeDirectory: string;
  readonly settings: WorkspaceSettings;
  /** Trusted already (remembered, `--trust`, `SKILLDOCK_TRUST=1`). */
  readonly trusted: boolean;
  /** Safe mode: project subagents are not loaded, so they are no reason to ask for trust. */
  readonly safeMode?: boolean;
  /** Asked when untrusted parts would be loaded; a yes is remembered (`~/.skilldock/trusted.json`). */
  readonly askTrust?: (projectRoot: string) => Promise<boolean>;
  /** The discovery cache folder (see `OpenWorkspaceOptions.discoveryCache`). */
  readonly discoveryCache?: string;
}

/**
 * Discovers the workspace's skills (SPEC D2). An untrusted workspace with project skills, subagents
 * or MCP servers to load is asked about once, when `askTrust` is given; a yes trusts it, remembers
 * that and discovers again with the project's skills.
 */
export async function openWorkspaceSkills({
  projectRoot,
  homeDirectory,
  settings,
  trusted,
  safeMode = false,
  askTrust,
  discoveryCache,
}: OpenWorkspaceSkillsOptions): Promise<WorkspaceSkills> {
  const start = async (isTrusted: boolean) => {
    // Refreshed before every model request: the change journal re-reads only what file events name.
    const watcher = new SkillWatcher({
      projectRoot,
      homeDirectory,
      trusted: isTrusted,
      watch: false,
      trackChanges: true,
      ...(discoveryCache === undefined ? {} : { cacheDirectory: discoveryCache }),
    });
    await watcher.start();
    return watcher;
  };
  let watcher = await start(trusted);
  const untrustedParts = () => [
    ...(watcher.discovery?.roots.some((root) => root.status === 'untrusted') ||
    (!safeMode && hasProjectSubagentFiles(projectRoot, homeDirectory))
      ? ['project skills and subagents']
      : []),
    ...(settings.projectServers.length > 0
      ? [`project MCP servers (${settings.projectServers.join(', ')})`]
      : []),
  ];
  if (!trusted && untrustedParts().length > 0 && askTrust !== undefined && (await askTrust(projectRoot))) {
    await trustWorkspace(projectRoot, { homeDirectory });
    await watcher.close();
    watcher = await start(true);
    return { watcher, trusted: true, skipped: [] };
  }
  return { watcher, trusted, skipped: trusted ? [] : untrustedParts() };
}
