import { connectMcpServers, type McpConnection } from '../tools/mcp/connect-mcp-servers.js';
import { type McpServerToApprove, selectMcpServers } from './select-mcp-servers.js';
import type { WorkspaceNotice } from './workspace-notice.js';
import type { WorkspaceSettings } from './workspace-settings.js';

/** Options of {@link startWorkspaceMcp}. */
export interface StartWorkspaceMcpOptions {
  readonly projectRoot: string;
  readonly homeDirectory: string;
  readonly settings: WorkspaceSettings;
  readonly trusted: boolean;
  /** Environment the servers start with. */
  readonly env: NodeJS.ProcessEnv;
  readonly approveMcp?: readonly string[];
  readonly askMcpApproval?: (server: McpServerToApprove) => Promise<boolean>;
}

/**
 * Starts the MCP servers of a workspace (SPEC SEC2): the user's own entries, and project entries
 * only once their exact content was approved. Unapproved, unknown and failed servers become notices.
 */
export async function startWorkspaceMcp({
  projectRoot,
  homeDirectory,
  settings,
  trusted,
  env,
  approveMcp,
  askMcpApproval,
}: StartWorkspaceMcpOptions): Promise<{ mcp?: McpConnection; notices: WorkspaceNotice[] }> {
  const selection = await selectMcpServers({
    projectRoot,
    homeDirectory,
    userServers: settings.user.mcpServers ?? {},
    servers: settings.applying(trusted).mcpServers ?? {},
    declared: Object.keys(settings.merged.settings.mcpServers ?? {}),
    ...(approveMcp === undefined ? {} : { approved: approveMcp }),
    ...(askMcpApproval === undefined ? {} : { askApproval: askMcpApproval }),
  });
  const notices = [...selection.notices];
  if (Object.keys(selection.servers).length === 0) return { notices };
  const mcp = await connectMcpServers(selection.servers, { workingDirectory: projectRoot, environment: env });
  for (const status of mcp.statuses) {
    if (status.ok) continue;
    notices.push({
      code: 'mcp_server_failed',
      message: `The MCP server ${status.name} did not start: ${status.message}. Its tools are unavailable.`,
    });
  }
  return { mcp, notices };
}
