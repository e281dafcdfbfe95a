import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive, waitUntilProcessGone } from '../../src/testing/process-liveness.js';
import type { ToolContext } from '../../src/tools/agent-tool.js';
import { connectMcpServers, type McpServerStatus } from '../../src/tools/mcp/connect-mcp-servers.js';
import { createTestMcpServer } from '../fixtures/mcp-test-server.mjs';

const SERVER_SCRIPT = fileURLToPath(new URL('../fixtures/mcp-test-server.mjs', import.meta.url));
const stdioServer = { command: process.execPath, args: [SERVER_SCRIPT] };
// Reads its stdin but never answers; it exits when the client closes stdin, as a server should,
// so closing it takes no kill timeout.
const silentServer = {
  command: process.execPath,
  args: ['-e', "process.stdin.resume(); process.stdin.on('end', () => process.exit(0))"],
};

const context = (signal = new AbortController().signal): ToolContext => ({
  cwd: process.cwd(),
  readOnlyRoots: [],
  signal,
  reportFiles: () => {},
});

describe('MCP client tools', () => {
  let http: Server;
  let url: string;
  beforeAll(async () => {
    http = createServer(async (request, response) => {
      if (request.headers.authorization !== 'Bearer test-token') {
        response.writeHead(401).end('unauthorized');
        return;
      }
      // Stateless streamable HTTP: a fresh server and transport per request.
      const server = createTestMcpServer('http');
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      response.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request, response);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  it('G4 lists a stdio server tools with the mcp__ prefix and sanitised names, and calls them', async () => {
    const mcp = await connectMcpServers({ local: stdioServer });
    try {
      expect(mcp.statuses).toEqual([{ name: 'local', ok: true, toolCount: 7, transport: 'stdio' }]);
      expect(mcp.tools.map((tool) => tool.name)).toEqual([
        'mcp__local__echo',
        'mcp__local__add',
        'mcp__local__fail',
        'mcp__local__explode',
        'mcp__local__pid',
        'mcp__local__picture',
        'mcp__local__weird_name',
      ]);
      const add = mcp.tools.find((tool) => tool.name === 'mcp__local__add')!;
      expect(add.kind).toBe('execute');
      expect(add.description).toBe('Add two numbers.');
      expect(add.inputSchema).toMatchObject({ type: 'object', properties: { a: { type: 'number' } } });
      expect(await add.execute({ a: 2, b: 40 }, context())).toEqual({ content: '42', isError: false });
      const weird = mcp.tools.find((tool) => tool.name === 'mcp__local__weird_name')!;
      expect(await weird.execute({}, context())).toEqual({ content: 'weird ok', isError: false });
      const picture = mcp.tools.find((tool) => tool.name === 'mcp__local__picture')!;
      expect(await picture.execute({}, context())).toEqual({
        content: 'a red dot:\n[image: image/png, 16 bytes]',
        isError: false,
      });
    } finally {
      await mcp.close();
    }
  });

  it('G4 passes server errors on as error results', async () => {
    const mcp = await connectMcpServers({ local: stdioServer });
    try {
      const byName = (name: string) => mcp.tools.find((tool) => tool.name === `mcp__local__${name}`)!;
      expect(await byName('fail').execute({}, context())).toEqual({
        content: 'something broke',
        isError: true,
      });
      const exploded = await byName('explode').execute({}, context());
      expect(exploded.isError).toBe(true);
      expect(exploded.content).toContain('handler exploded');
      const invalid = await byName('add').execute({ a: 'two' }, context());
      expect(invalid.isError).toBe(true);
      const notObject = await byName('add').execute([1, 2], context());
      expect(notObject).toEqual({
        content: 'Arguments for mcp__local__add must be a JSON object.',
        isError: true,
      });
    } finally {
      await mcp.close();
    }
  });

  it('G4 talks to a streamable HTTP server with the configured headers', async () => {
    const mcp = await connectMcpServers({ remote: { url, headers: { authorization: 'Bearer test-token' } } });
    try {
      expect(mcp.statuses).toEqual([{ name: 'remote', ok: true, toolCount: 7, transport: 'http' }]);
      const echo = mcp.tools.find((tool) => tool.name === 'mcp__remote__echo')!;
      expect(await echo.execute({ text: 'hi' }, context())).toEqual({ content: 'http: hi', isError: false });
    } finally {
      await mcp.close();
    }
  });

  it('G4 stdio servers inherit HOME and PATH from the given environment, not the host process', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'skilldock-mcp-env-'));
    const report = join(folder, 'seen.txt');
    const home = join(folder, 'home');
    const mcp = await connectMcpServers(
      {
        probe: {
          command: 'sh',
          args: ['-c', `printf '%s|%s|%s' "$HOME" "$PATH" "$EXTRA" > ${JSON.stringify(report)}`],
          env: { EXTRA: 'from-settings' },
        },
      },
      { connectTimeoutMs: 5000, environment: { HOME: home, PATH: '/usr/bin:/bin', SECRET: 'not-inherited' } },
    );
    await mcp.close();
    expect(mcp.statuses[0]).toMatchObject({ name: 'probe', ok: false });
    expect(readFileSync(report, 'utf8')).toBe(`${home}|/usr/bin:/bin|from-settings`);
    rmSync(folder, { recursive: true, force: true });
  });

  it('G4 reports servers that fail to start while the good ones keep working', async () => {
    const seen: McpServerStatus[] = [];
    // The silent server never answers: once every other server has reported, connecting is
    // cancelled, which shows none of them waited for it. (Its timeout has the test below.) The
    // bound is generous so a loaded machine does not fail the good one; the pass path never waits for it.
    const cancel = new AbortController();
    const mcp = await connectMcpServers(
      {
        good: stdioServer,
        missing: { command: 'skilldock-no-such-command-4711' },
        crashing: {
          command: process.execPath,
          args: ['-e', 'console.error("boom: bad config"); process.exit(3)'],
        },
        silent: silentServer,
        unauthorized: { url },
      },
      {
        connectTimeoutMs: 120_000,
        signal: cancel.signal,
        onStatus: (status) => {
          seen.push(status);
          if (seen.length === 4) cancel.abort();
        },
      },
    );
    try {
      const byName = Object.fromEntries(mcp.statuses.map((status) => [status.name, status]));
      expect(mcp.statuses.map((status) => status.name)).toEqual([
        'crashing',
        'good',
        'missing',
        'silent',
        'unauthorized',
      ]);
      expect(byName.good).toEqual({ name: 'good', ok: true, toolCount: 7, transport: 'stdio' });
      expect(byName.missing).toMatchObject({ ok: false, toolCount: 0 });
      expect(byName.missing?.ok === false && byName.missing.message).toContain('ENOENT');
      expect(byName.crashing).toMatchObject({ ok: false });
      expect(byName.crashing?.ok === false && byName.crashing.message).toContain('boom: bad config');
      expect(byName.silent).toMatchObject({
        ok: false,
        code: 'mcp_server_failed',
        message: 'connecting was cancelled',
      });
      expect(byName.unauthorized).toMatchObject({ ok: false, transport: 'http' });
      expect(seen.map((status) => status.name).sort()).toEqual([
        'crashing',
        'good',
        'missing',
        'silent',
        'unauthorized',
      ]);
      expect(seen.at(-1)?.name).toBe('silent');
      expect(mcp.tools.every((tool) => tool.name.startsWith('mcp__good__'))).toBe(true);
      const echo = mcp.tools.find((tool) => tool.name === 'mcp__good__echo')!;
      expect(await echo.execute({ text: 'still here' }, context())).toEqual({
        content: 'stdio: still here',
        isError: false,
      });
    } finally {
      await mcp.close();
    }
  });

  it('G4 a server that does not answer within connectTimeoutMs is reported, naming the bound', async () => {
    // A process that never speaks MCP: whatever the machine's load, only the bound ends the wait.
    const mcp = await connectMcpServers({ silent: silentServer }, { connectTimeoutMs: 300 });
    await mcp.close();
    expect(mcp.statuses).toEqual([
      {
        ok: false,
        code: 'mcp_server_failed',
        message: 'did not answer within 300 ms',
        name: 'silent',
        toolCount: 0,
        transport: 'stdio',
      },
    ]);
  });

  it('G4 close stops the stdio server process', async () => {
    const mcp = await connectMcpServers({ local: stdioServer });
    const pidTool = mcp.tools.find((tool) => tool.name === 'mcp__local__pid')!;
    const pid = Number((await pidTool.execute({}, context())).content);
    expect(pid).toBeGreaterThan(0);
    expect(isProcessAlive(pid)).toBe(true);
    await mcp.close();
    expect(await waitUntilProcessGone(pid)).toBe(true);
    const afterClose = await pidTool.execute({}, context());
    expect(afterClose.isError).toBe(true);
    expect(afterClose.content).toContain('The MCP server local could not run pid');
  });
});
