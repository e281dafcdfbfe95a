import type { AgentWorkspace } from '@skilldock/agent/workspace';
import type { Settings } from '@skilldock/core/discover';
import type { CliContext } from '../cli-context.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { warnAboutSettings } from '../warn-about-settings.js';

/** Where a curator command works and what it may do there. */
export interface CuratorScope {
  readonly projectRoot: string;
  /** The folder a relative `DIR` is resolved against. */
  readonly cwd: string;
  /** The settings that apply: user and project when trusted outside safe mode, the user's alone else. */
  readonly settings: Settings;
  readonly trusted: boolean;
  readonly safeMode: boolean;
}

/**
 * The scope of `skilldock curator …` in a folder: trust from the trust store (or
 * `SKILLDOCK_TRUST=1`), and the settings the agent would apply there (so `learn.directory` from a
 * project counts only in a trusted workspace outside safe mode, as in a session).
 */
export async function openCuratorScope(
  context: CliContext,
  { safeMode = false }: { readonly safeMode?: boolean },
  output: Output,
): Promise<CuratorScope> {
  const { loadTrustedSettings } = await loadCore('discover');
  const read = await loadTrustedSettings({
    projectRoot: context.projectRoot,
    homeDirectory: context.homeDirectory,
    env: context.env,
    safeMode,
  });
  warnAboutSettings(read.diagnostics, output);
  return {
    projectRoot: context.projectRoot,
    cwd: context.cwd,
    settings: read.settings,
    trusted: read.trusted,
    safeMode,
  };
}

/** The scope of `/curator` and `/skills pending` in a chat: the chat's own workspace. */
export function workspaceCuratorScope(
  workspace: Pick<AgentWorkspace, 'projectRoot' | 'settings' | 'trusted' | 'safeMode'>,
): CuratorScope {
  return {
    projectRoot: workspace.projectRoot,
    cwd: workspace.projectRoot,
    settings: workspace.settings,
    trusted: workspace.trusted,
    safeMode: workspace.safeMode,
  };
}
