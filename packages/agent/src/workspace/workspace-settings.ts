import {
  type LoadSettingsResult,
  loadSettings,
  type McpServerSettings,
  mcpServerHash,
  type Settings,
} from '@skilldock/core/discover';
import type { Diagnostic } from '@skilldock/core/format';
import type { WorkspaceNotice } from './workspace-notice.js';

/**
 * The two readings of a workspace's settings (SPEC D2): the user's file alone, and user and project
 * merged. Until the workspace is trusted, the project's settings choose nothing.
 */
export interface WorkspaceSettings {
  /** `~/.skilldock/settings.json` alone. */
  readonly user: Settings;
  /** User and project merged (the project winning), with the problems found in either file. */
  readonly merged: LoadSettingsResult;
  /** Names of the MCP servers the project settings add or change (the user's own entries excluded). */
  readonly projectServers: readonly string[];
  /** The settings that apply: merged when trusted, the user's alone when not. */
  applying(trusted: boolean): Settings;
  /** The settings files' problems as notices. */
  notices(): WorkspaceNotice[];
}

/** Reads the user's and the project's settings files once for a workspace (the user's alone in safe mode). */
export async function loadWorkspaceSettings(
  projectRoot: string,
  homeDirectory: string,
  { safeMode = false }: { readonly safeMode?: boolean } = {},
): Promise<WorkspaceSettings> {
  const userRead = await loadSettings({ homeDirectory });
  const user = userRead.settings;
  // Safe mode reads the user's settings alone, as if the project had none (SPEC A11).
  const merged = safeMode ? userRead : await loadSettings({ projectRoot, homeDirectory });
  return {
    user,
    merged,
    projectServers: projectOnlyServers(user.mcpServers ?? {}, merged.settings),
    applying: (trusted) => (trusted ? merged.settings : user),
    notices: () => merged.diagnostics.map(settingsNotice),
  };
}

/** Names of the MCP servers the project settings add or change (the user's own entries excluded). */
function projectOnlyServers(
  userServers: Readonly<Record<string, McpServerSettings>>,
  merged: Settings,
): string[] {
  return Object.entries(merged.mcpServers ?? {})
    .filter(([name, server]) => {
      const own = userServers[name];
      return own === undefined || mcpServerHash(own) !== mcpServerHash(server);
    })
    .map(([name]) => name);
}

/** A settings file problem as a notice: `file:line:column: message (ignored)`. */
function settingsNotice(diagnostic: Diagnostic): WorkspaceNotice {
  const location =
    diagnostic.file === undefined || diagnostic.file === ''
      ? 'settings'
      : `${diagnostic.file}${diagnostic.line === undefined ? '' : `:${diagnostic.line}:${diagnostic.column ?? 1}`}`;
  const ignored = diagnostic.severity === 'error' && !diagnostic.message.includes('ignored');
  return {
    code: 'settings_invalid',
    message: `${location}: ${diagnostic.message}${ignored ? ' (ignored)' : ''}`,
  };
}
