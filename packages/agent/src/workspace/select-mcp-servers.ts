import {
  approveMcpServer,
  isMcpServerApproved,
  type McpServerSettings,
  mcpServerHash,
} from '@skilldock/core/discover';
import type { WorkspaceNotice } from './workspace-notice.js';

/** A project MCP server entry waiting for the user's approval (SPEC SEC2). */
export interface McpServerToApprove {
  readonly name: string;
  readonly server: McpServerSettings;
  /** What it would run or reach: command and args, env names, url, header names. */
  readonly description: string;
}

/** Options of {@link selectMcpServers}. */
export interface SelectMcpServersOptions {
  readonly projectRoot: string;
  readonly homeDirectory: string;
  /** Servers of the user settings file: trusted as they are. */
  readonly userServers: Readonly<Record<string, McpServerSettings>>;
  /** The servers the session would start (user and project merged, the project winning). */
  readonly servers: Readonly<Record<string, McpServerSettings>>;
  /** Every server name the user and project settings declare, started or not (for `--approve-mcp` typos). */
  readonly declared?: readonly string[];
  /** `--approve-mcp NAME`: approved for this process only, not remembered. */
  readonly approved?: readonly string[];
  /** Asks the user about one entry (chat); a yes is remembered by content hash. Absent: skipped. */
  readonly askApproval?: (server: McpServerToApprove) => Promise<boolean>;
}

/** The servers to start, and notices for the project entries that were left out. */
export interface McpServerSelection {
  readonly servers: Record<string, McpServerSettings>;
  readonly notices: readonly WorkspaceNotice[];
}

/**
 * Which MCP servers a session starts (SPEC SEC2): an entry from the user's own settings as it is;
 * an entry that comes from project settings only when the user approved that exact entry (its
 * content hash in the trust store, `--approve-mcp NAME`, or a yes in chat, which is remembered).
 * A changed entry has another hash and asks again. Skipped entries get a notice naming the flag.
 * @example
 * const { servers, notices } = await selectMcpServers({ projectRoot, homeDirectory, userServers, servers: merged });
 */
export async function selectMcpServers(options: SelectMcpServersOptions): Promise<McpServerSelection> {
  const { projectRoot, homeDirectory, userServers } = options;
  const approvedNames = new Set(options.approved ?? []);
  const servers: Record<string, McpServerSettings> = {};
  const notices: WorkspaceNotice[] = [];
  for (const [name, server] of Object.entries(options.servers)) {
    const own = userServers[name];
    const entry = { name, server, projectRoot };
    const hash = mcpServerHash(server);
    if (
      (own !== undefined && mcpServerHash(own) === hash) ||
      approvedNames.has(name) ||
      (await isMcpServerApproved(entry, { homeDirectory }))
    ) {
      servers[name] = server;
      continue;
    }
    const description = describeMcpServer(server);
    if (options.askApproval !== undefined && (await options.askApproval({ name, server, description }))) {
      await approveMcpServer(entry, { homeDirectory });
      servers[name] = server;
      continue;
    }
    notices.push({
      code: 'mcp_server_unapproved',
      message: `The project MCP server ${name} (${description}) was not started: this entry of the project settings has not been approved. Approve it with --approve-mcp ${name} (this run only), by answering yes in skilldock chat (remembered), or by adding it to ~/.skilldock/settings.json.`,
    });
  }
  const declared = new Set([...(options.declared ?? []), ...Object.keys(options.servers)]);
  for (const name of approvedNames) {
    if (!declared.has(name)) {
      notices.push({
        code: 'mcp_server_unknown',
        message: `--approve-mcp ${name} names no MCP server in the settings of ${projectRoot}; nothing was approved.`,
      });
    }
  }
  return { servers, notices };
}

/**
 * One line saying what an MCP server entry runs or reaches, without secret values: the command and
 * its arguments, the names of the variables it sets, its folder, or its URL and header names.
 * @example describeMcpServer({ command: 'npx', args: ['-y', 'srv'], env: { TOKEN: 'x' } }) // 'runs npx -y srv, env TOKEN'
 */
export function describeMcpServer(server: McpServerSettings): string {
  if ('url' in server) {
    const headers = Object.keys(server.headers ?? {});
    return `connects to ${server.url}${headers.length > 0 ? `, headers ${headers.join(', ')}` : ''}`;
  }
  const command = [server.command, ...(server.args ?? [])].map(quoteIfNeeded).join(' ');
  const env = Object.keys(server.env ?? {});
  return [
    `runs ${command}`,
    ...(env.length > 0 ? [`env ${env.join(', ')}`] : []),
    ...(server.cwd === undefined ? [] : [`in ${server.cwd}`]),
  ].join(', ');
}

function quoteIfNeeded(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : JSON.stringify(word);
}
