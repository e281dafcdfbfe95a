import { resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Settings } from '@skilldock/core/discover';
import { type Failure, failure } from '@skilldock/core/errors';
import { loadOnce } from '../../load-once.js';
import { abortable } from '../../loop/abortable.js';
import type { AgentTool } from '../agent-tool.js';
import { createMcpTool, type ListedMcpTool } from './create-mcp-tool.js';
import { mcpToolName } from './mcp-tool-name.js';

/** One `mcpServers` entry of the settings: `{ command, args?, env?, cwd? }` or `{ url, headers? }`. */
export type McpServerConfig = NonNullable<Settings['mcpServers']>[string];

/** How connecting to one server went. */
export type McpServerStatus =
  | (McpServerFacts & { readonly ok: true })
  /** `message`: the error, and for stdio servers the end of what they printed to stderr. */
  | Failure<'mcp_server_failed', McpServerFacts>;

/** What every server status says, started or not. */
export interface McpServerFacts {
  readonly name: string;
  readonly toolCount: number;
  readonly transport: 'stdio' | 'http';
}

/** Options of {@link connectMcpServers}. */
export interface ConnectMcpServersOptions {
  /** Aborts connecting (servers not yet connected are reported as failed and closed). */
  readonly signal?: AbortSignal;
  /** Called once per server as soon as it is connected or has failed. */
  readonly onStatus?: (status: McpServerStatus) => void;
  /** Bound on starting, initializing and listing one server's tools. */
  readonly connectTimeoutMs?: number;
  /** Bound on one tool call; progress notifications from the server restart it. */
  readonly callTimeoutMs?: number;
  /** Most characters of one tool result (head and tail are kept). */
  readonly maxResultCharacters?: number;
  /** Base of relative `cwd` values, and the working folder of stdio servers without one. */
  readonly workingDirectory?: string;
  /**
   * The environment stdio servers inherit their few safe variables from (`HOME`, `PATH`, `SHELL`,
   * `TERM`, `USER`, `LOGNAME`; an entry's own `env` comes on top); default `process.env`. A host
   * running for another user or home (the CLI in process, a server) passes its own.
   */
  readonly environment?: Readonly<Record<string, string | undefined>>;
}

/** Live connections to MCP servers and the tools they offer. */
export interface McpConnection {
  /** `mcp__<server>__<tool>` tools of every connected server, by server name then server order. */
  readonly tools: readonly AgentTool[];
  /** One status per configured server, in name order. */
  readonly statuses: readonly McpServerStatus[];
  /** Closes every connection; stdio servers' processes are stopped. */
  close(): Promise<void>;
}

/**
 * Connects to the configured MCP servers (stdio and streamable HTTP, SPEC G4) in parallel and
 * wraps their tools as {@link AgentTool}s named `mcp__<server>__<tool>` (kind `execute`). A server
 * that cannot start, crashes or does not answer within `connectTimeoutMs` is reported in
 * `statuses`; the others keep working.
 * @example
 * const mcp = await connectMcpServers(settings.mcpServers ?? {}, { signal });
 * try { runAgent({ tools: [...builtins, ...mcp.tools] }); } finally { await mcp.close(); }
 */
export async function connectMcpServers(
  servers: Readonly<Record<string, McpServerConfig>>,
  {
    signal,
    onStatus,
    connectTimeoutMs = 10_000,
    callTimeoutMs = 600_000,
    maxResultCharacters = 30_000,
    workingDirectory = process.cwd(),
    environment,
  }: ConnectMcpServersOptions = {},
): Promise<McpConnection> {
  const names = Object.keys(servers).sort();
  const connections = await Promise.all(
    names.map(async (name) => {
      const connection = await connectOne(name, servers[name]!, {
        signal,
        connectTimeoutMs,
        workingDirectory,
        environment,
      });
      onStatus?.(connection.status);
      return connection;
    }),
  );
  const taken = new Set<string>();
  const tools: AgentTool[] = [];
  for (const { status, client, listed } of connections) {
    if (client === undefined) continue;
    for (const tool of listed) {
      const declaredName = mcpToolName(status.name, tool.name, taken);
      taken.add(declaredName);
      tools.push(
        createMcpTool({
          client,
          server: status.name,
          tool,
          declaredName,
          callTimeoutMs,
          maxResultCharacters,
        }),
      );
    }
  }
  return {
    tools,
    statuses: connections.map((connection) => connection.status),
    async close() {
      await Promise.all(connections.map((connection) => connection.client?.close().catch(() => undefined)));
    },
  };
}

// The MCP client (~150 ms to import) loads with the first server, not with `@skilldock/agent`.
const loadMcpClient = loadOnce(async () => {
  const [
    { Client },
    { StdioClientTransport, DEFAULT_INHERITED_ENV_VARS },
    { StreamableHTTPClientTransport },
  ] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  return { Client, StdioClientTransport, DEFAULT_INHERITED_ENV_VARS, StreamableHTTPClientTransport };
});

type McpClientModule = Awaited<ReturnType<typeof loadMcpClient>>;

interface ServerConnection {
  readonly status: McpServerStatus;
  readonly client?: Client;
  readonly listed: readonly ListedMcpTool[];
}

async function connectOne(
  name: string,
  config: McpServerConfig,
  options: {
    signal: AbortSignal | undefined;
    connectTimeoutMs: number;
    workingDirectory: string;
    environment: Readonly<Record<string, string | undefined>> | undefined;
  },
): Promise<ServerConnection> {
  const kind = 'url' in config ? 'http' : 'stdio';
  const stderr = { tail: '' };
  let transport: Transport;
  let mcp: McpClientModule;
  try {
    mcp = await loadMcpClient();
    transport = createTransport(mcp, config, options, stderr);
  } catch (error) {
    return failed(name, kind, describeError(error));
  }
  const client = new mcp.Client({ name: 'skilldock', version: '0.1.0' });
  const deadline = AbortSignal.timeout(options.connectTimeoutMs);
  const signal = options.signal === undefined ? deadline : AbortSignal.any([options.signal, deadline]);
  const requestOptions = { signal, timeout: options.connectTimeoutMs };
  try {
    await abortable(client.connect(transport, requestOptions), signal);
    const listed: ListedMcpTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await abortable(
        client.listTools(cursor === undefined ? {} : { cursor }, requestOptions),
        signal,
      );
      listed.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return { status: { name, ok: true, toolCount: listed.length, transport: kind }, client, listed };
  } catch (error) {
    await client.close().catch(() => undefined);
    const reason = deadline.aborted
      ? `did not answer within ${options.connectTimeoutMs} ms`
      : options.signal?.aborted
        ? 'connecting was cancelled'
        : describeError(error);
    const printed = stderr.tail.trim();
    return failed(name, kind, printed === '' ? reason : `${reason}; stderr: ${printed}`);
  }
}

function createTransport(
  { StdioClientTransport, StreamableHTTPClientTransport, DEFAULT_INHERITED_ENV_VARS }: McpClientModule,
  config: McpServerConfig,
  {
    workingDirectory,
    environment,
  }: { workingDirectory: string; environment: Readonly<Record<string, string | undefined>> | undefined },
  stderr: { tail: string },
): Transport {
  if ('url' in config) {
    return new StreamableHTTPClientTransport(new URL(config.url), {
      requestInit: { headers: { ...config.headers } },
    });
  }
  const transport = new StdioClientTransport({
    command: config.command,
    args: [...(config.args ?? [])],
    ...(environment === undefined
      ? config.env === undefined
        ? {}
        : { env: { ...config.env } }
      : { env: { ...inheritedVariables(environment, DEFAULT_INHERITED_ENV_VARS), ...config.env } }),
    cwd: resolve(workingDirectory, config.cwd ?? '.'),
    // Piped and always drained, so a chatty server never blocks; the tail explains failures.
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr.tail = (stderr.tail + chunk.toString('utf8')).slice(-2000);
  });
  return transport;
}

// The SDK puts these from `process.env` under every server's own variables: the host's ones win.
function inheritedVariables(
  environment: Readonly<Record<string, string | undefined>>,
  names: readonly string[],
): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = environment[name];
    if (value !== undefined && !value.startsWith('()')) picked[name] = value;
  }
  return picked;
}

function failed(name: string, transport: 'stdio' | 'http', error: string): ServerConnection {
  return { status: failure('mcp_server_failed', error, { name, toolCount: 0, transport }), listed: [] };
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch hides the reason (ECONNREFUSED, a bad certificate) in `cause`.
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
