import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { UserInputError } from '@skilldock/core/errors';
import { loadOnce } from '../load-once.js';
import {
  bracketed,
  checkHttpRequestOrigin,
  isLoopbackBindHost,
  LOOPBACK_HOST_NAMES,
} from './check-http-request-origin.js';
import type { SkillsMcpServer } from './create-skills-mcp-server.js';
import { McpSessionTable, mcpClientKey } from './mcp-session-table.js';
import type { SkillsMcpConnection } from './skills-mcp-connection.js';

/** Options of {@link serveSkillsOverHttp}. */
export interface ServeSkillsOverHttpOptions {
  /** TCP port; 0 picks a free one (see `url`). */
  readonly port: number;
  /** Address to bind. Default `127.0.0.1`; anything not loopback needs `allowRemote`. */
  readonly host?: string;
  /** Bind a non-loopback address (`--allow-remote`): the server has no authentication. */
  readonly allowRemote?: boolean;
  /** Path of the MCP endpoint. Default `/mcp`. */
  readonly path?: string;
  /** Most MCP sessions open at once (SEC4); more are answered 503. Default 32. */
  readonly maxSessions?: number;
  /** Most MCP sessions one source address holds at once (SEC4); more are answered 429. Default 8. */
  readonly maxSessionsPerClient?: number;
  /** A session without a request for this long (none in flight) is ended (SEC4). Default 5 minutes. */
  readonly sessionIdleMs?: number;
  /** Most bytes of one request body (SEC4). Default 1 MiB. */
  readonly maxRequestBytes?: number;
  /** Told about refused requests; the text holds request headers, so escape it before a terminal. */
  readonly onRefused?: (message: string) => void;
}

/** A listening HTTP endpoint. */
export interface SkillsHttpEndpoint {
  /** `http://<host>:<port>/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Ends every MCP session and stops listening. */
  close(): Promise<void>;
}

const loadTransport = loadOnce(
  async () =>
    (await import('@modelcontextprotocol/sdk/server/streamableHttp.js')).StreamableHTTPServerTransport,
);

/**
 * Serves a skills MCP server over streamable HTTP (issue 16 §3), one skill session per MCP
 * session (`Mcp-Session-Id`). Binds loopback unless `allowRemote` says otherwise, and checks the
 * `Host` and `Origin` headers of every request before the transport sees it (DNS-rebinding
 * protection, {@link checkHttpRequestOrigin}). Sessions are bounded ({@link McpSessionTable}): a
 * total and a per-source-address cap, idle expiry, and `DELETE` with `Mcp-Session-Id` ends one. A
 * non-loopback `host` without `allowRemote` throws `UserInputError` (`mcp_host_not_loopback`).
 * @example
 * const endpoint = await serveSkillsOverHttp(server, { port: 3000 });
 * console.error(`MCP endpoint: ${endpoint.url}`);
 */
export async function serveSkillsOverHttp(
  server: SkillsMcpServer,
  {
    port,
    host = '127.0.0.1',
    allowRemote = false,
    path = '/mcp',
    maxSessions = 32,
    maxSessionsPerClient = 8,
    sessionIdleMs = 5 * 60_000,
    maxRequestBytes = 1024 * 1024,
    onRefused,
  }: ServeSkillsOverHttpOptions,
): Promise<SkillsHttpEndpoint> {
  if (!isLoopbackBindHost(host) && !allowRemote) {
    throw new UserInputError(
      'mcp_host_not_loopback',
      `--host ${host} is not a loopback address: anyone who can reach it could use the skills (the server has no authentication). Use --host 127.0.0.1, or pass --allow-remote to bind it anyway.`,
      { details: { host } },
    );
  }
  const Transport = await loadTransport();
  const allowedHostNames = [
    ...LOOPBACK_HOST_NAMES,
    bracketed(host).toLowerCase(),
    ...wildcardAddresses(host),
  ];
  type Session = { transport: StreamableHTTPServerTransport; connection: SkillsMcpConnection };
  const sessions = new McpSessionTable<Session>(
    { maxSessions, maxSessionsPerClient, idleMs: sessionIdleMs },
    (_id, session) => {
      void session.transport.close().catch(() => undefined);
    },
  );

  const refuse = (response: ServerResponse, status: number, message: string) => {
    onRefused?.(message);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const check = checkHttpRequestOrigin(
      { host: request.headers.host, origin: request.headers.origin },
      allowedHostNames,
    );
    if (!check.ok) return refuse(response, check.status, check.message);
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== path)
      return refuse(response, 404, `Nothing is served at ${url.pathname}; the MCP endpoint is ${path}.`);
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const entry = sessions.get(sessionId);
      if (entry === undefined) return refuse(response, 404, 'Session not found.');
      // In flight until the response ends: an open GET event stream keeps its session alive.
      response.once('close', sessions.use(sessionId));
      // A DELETE ends the session (MCP streamable HTTP); the transport's onsessionclosed forgets it.
      return entry.transport.handleRequest(request, response);
    }
    if (request.method !== 'POST')
      return refuse(response, 400, 'Start a session with an initialize request (POST).');
    const reservation = sessions.reserve(mcpClientKey(request.socket.remoteAddress));
    if ('status' in reservation) return refuse(response, reservation.status, reservation.message);
    try {
      const transport = new Transport({
        sessionIdGenerator: () => randomUUID(),
        maxRequestBodySize: maxRequestBytes,
        onsessioninitialized: (id) => {
          reservation.commit(id, { transport, connection });
        },
        onsessionclosed: (id) => {
          sessions.remove(id);
        },
      });
      const connection = await server.connect(transport);
      transport.onclose = ((previous) => () => {
        previous?.();
        if (transport.sessionId !== undefined) sessions.remove(transport.sessionId);
      })(transport.onclose);
      await transport.handleRequest(request, response);
      // Anything but a valid initialize leaves no session: drop what was opened for it.
      if (transport.sessionId === undefined) await connection.close();
    } finally {
      reservation.release();
    }
  };

  const listener = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) refuse(response, 500, `The request failed: ${(error as Error).message}`);
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(port, host, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  const address = listener.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : port;
  return {
    url: `http://${bracketed(host)}:${boundPort}${path}`,
    port: boundPort,
    async close() {
      const open = sessions.entries();
      sessions.clear();
      await Promise.allSettled(open.map((entry) => entry.transport.close()));
      await new Promise<void>((resolve) => {
        listener.close(() => resolve());
        listener.closeAllConnections();
      });
    },
  };
}

/** For a wildcard bind (`0.0.0.0`, `::`): this machine's addresses, which `Host` may then name. */
function wildcardAddresses(host: string): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [];
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .map((entry) => bracketed(entry.address).toLowerCase());
}
