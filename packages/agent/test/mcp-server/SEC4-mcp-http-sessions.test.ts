import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSkillsMcpServer,
  type ServeSkillsOverHttpOptions,
  type SkillsHttpEndpoint,
  type SkillsMcpServer,
  serveSkillsOverHttp,
} from '../../src/mcp-server/index.js';
import { type Folders, makeFolders, writeSkill } from './mcp-server-folders.js';

interface RawAnswer {
  readonly status: number;
  readonly body: string;
  readonly sessionId: string | undefined;
}

/** One raw request from `localAddress` (another loopback address is another client). */
function send(
  url: string,
  {
    method = 'POST',
    body,
    sessionId,
    localAddress = '127.0.0.1',
  }: { method?: string; body?: string; sessionId?: string; localAddress?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method,
        localAddress,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
          ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const header = response.headers['mcp-session-id'];
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            sessionId: typeof header === 'string' ? header : undefined,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const LIST_TOOLS = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });

/** How long a session may sit unused in the expiry tests. */
const IDLE_MS = 1_000;
/** How long expiry is awaited: the idle time plus the sweep, with room for a loaded machine. */
const EXPIRY_WAIT = { timeout: 10_000, interval: 50 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SEC4 skilldock mcp --http sessions are bounded', () => {
  let folders: Folders;
  let server: SkillsMcpServer;
  let endpoint: SkillsHttpEndpoint | undefined;
  beforeEach(async () => {
    folders = await makeFolders();
    await writeSkill(folders.project, 'web-skill', { body: 'Over HTTP.' });
    server = await createSkillsMcpServer({
      roots: { cwd: folders.project, home: folders.home, env: {}, trust: true, watch: false },
    });
  });
  afterEach(async () => {
    await endpoint?.close();
    endpoint = undefined;
    await server.close();
    await folders.cleanup();
  });
  const listen = async (options: Partial<ServeSkillsOverHttpOptions> = {}) => {
    endpoint = await serveSkillsOverHttp(server, { port: 0, ...options });
    return endpoint.url;
  };
  const initialize = async (url: string, localAddress?: string) =>
    send(url, { body: INITIALIZE, ...(localAddress === undefined ? {} : { localAddress }) });

  it('SEC4 a DELETE with Mcp-Session-Id ends the session and frees its slot', async () => {
    const url = await listen({ maxSessions: 1 });
    const opened = await initialize(url);
    expect(opened.status).toBe(200);
    expect(opened.sessionId).toBeDefined();
    expect(server.connections).toBe(1);
    expect((await initialize(url)).status).toBe(503);
    const ended = await send(url, { method: 'DELETE', sessionId: opened.sessionId as string });
    expect(ended.status).toBe(200);
    expect(server.connections).toBe(0);
    const after = await send(url, { body: LIST_TOOLS, sessionId: opened.sessionId as string });
    expect(after.status).toBe(404);
    expect((await initialize(url)).status).toBe(200);
  });

  it('SEC4 initialize requests that are never followed up expire: the table does not stay full', async () => {
    // The idle time leaves room for five local requests on a loaded machine (at 100 ms the first
    // session expired before the fifth request at load ~10); expiry is then awaited, not slept for.
    const url = await listen({ maxSessions: 4, maxSessionsPerClient: 4, sessionIdleMs: IDLE_MS });
    for (let index = 0; index < 4; index += 1) expect((await initialize(url)).status).toBe(200);
    expect((await initialize(url)).status).toBe(503);
    expect(server.connections).toBe(4);
    await vi.waitFor(() => expect(server.connections).toBe(0), EXPIRY_WAIT);
    expect((await initialize(url)).status).toBe(200);
  });

  it('SEC4 a session in use is kept past the idle time, and expires once left alone', async () => {
    const url = await listen({ sessionIdleMs: IDLE_MS });
    const opened = await initialize(url);
    const sessionId = opened.sessionId as string;
    // Four uses a quarter of the idle time apart: together longer than the idle time.
    for (let step = 0; step < 4; step += 1) {
      await sleep(IDLE_MS / 4 + 10);
      expect((await send(url, { body: LIST_TOOLS, sessionId })).status).toBe(200);
    }
    expect(server.connections).toBe(1);
    await vi.waitFor(() => expect(server.connections).toBe(0), EXPIRY_WAIT);
    expect((await send(url, { body: LIST_TOOLS, sessionId })).status).toBe(404);
  });

  it('SEC4 one source address cannot take every session: others still get theirs', async () => {
    const url = await listen({ maxSessions: 6, maxSessionsPerClient: 2 });
    expect((await initialize(url, '127.0.0.2')).status).toBe(200);
    expect((await initialize(url, '127.0.0.2')).status).toBe(200);
    const third = await initialize(url, '127.0.0.2');
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body).error.message).toMatch(/at most 2/);
    expect((await initialize(url, '127.0.0.3')).status).toBe(200);
    expect(server.connections).toBe(3);
  });
});

describe('SEC4 mcpClientKey', () => {
  it('SEC4 groups a source by IPv4 address, IPv4-mapped IPv6 as IPv4, IPv6 by /64', async () => {
    const { mcpClientKey } = await import('../../src/mcp-server/mcp-session-table.js');
    expect(mcpClientKey('127.0.0.2')).toBe('127.0.0.2');
    expect(mcpClientKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(mcpClientKey('2001:db8:1:2:aaaa::1')).toBe(mcpClientKey('2001:db8:1:2::9'));
    expect(mcpClientKey('2001:db8:1:2::9')).not.toBe(mcpClientKey('2001:db8:1:3::9'));
    expect(mcpClientKey('::1')).toBe('0:0:0:0::/64');
  });
});
