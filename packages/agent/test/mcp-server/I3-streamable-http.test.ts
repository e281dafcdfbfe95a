import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkHttpRequestOrigin,
  createSkillsMcpServer,
  LOOPBACK_HOST_NAMES,
  type SkillsHttpEndpoint,
  type SkillsMcpServer,
  serveSkillsOverHttp,
} from '../../src/mcp-server/index.js';
import { type Folders, makeFolders, textOf, writeSkill } from './mcp-server-folders.js';

/** One raw HTTP request to the endpoint, with headers a client library would not send. */
function post(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
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

describe('I3 streamable HTTP on loopback', () => {
  let folders: Folders;
  let server: SkillsMcpServer;
  let endpoint: SkillsHttpEndpoint | undefined;
  const refused: string[] = [];
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
    refused.length = 0;
  });
  const listen = async () => {
    endpoint = await serveSkillsOverHttp(server, { port: 0, onRefused: (message) => refused.push(message) });
    return endpoint;
  };

  it('I3 serves an MCP client over streamable HTTP, one skill session per MCP session', async () => {
    const { url } = await listen();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'http-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      expect(client.getInstructions()).toContain('web-skill');
      const result = await client.callTool({ name: 'activate_skill', arguments: { name: 'web-skill' } });
      expect(textOf(result)).toContain('Over HTTP.');
      expect(server.connections).toBe(1);
      const second = new Client({ name: 'second', version: '1.0.0' });
      await second.connect(new StreamableHTTPClientTransport(new URL(url)));
      // A new MCP session has its own skill session: the skill is not active there yet.
      const fresh = await second.callTool({ name: 'activate_skill', arguments: { name: 'web-skill' } });
      expect(textOf(fresh)).toContain('Over HTTP.');
      expect(server.connections).toBe(2);
      await second.close();
    } finally {
      await client.close();
    }
  });

  it('I3 refuses a Host or Origin that is not loopback (DNS rebinding)', async () => {
    const { url } = await listen();
    const port = new URL(url).port;
    const rebound = await post(url, INITIALIZE, { host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    const origin = await post(url, INITIALIZE, { host: `127.0.0.1:${port}`, origin: 'http://evil.example' });
    expect(origin.status).toBe(403);
    expect(server.connections).toBe(0);
    const allowed = await post(url, INITIALIZE, {
      host: `localhost:${port}`,
      origin: `http://localhost:${port}`,
    });
    expect(allowed.status).toBe(200);
    expect(refused).toHaveLength(2);
  });

  it('I3 answers malformed JSON-RPC with an error and opens no session', async () => {
    const { url } = await listen();
    const port = new URL(url).port;
    const garbage = await post(url, '{"jsonrpc": "2.0", "id": 1, "method": ', { host: `127.0.0.1:${port}` });
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body).error.code).toBe(-32700);
    const notInitialize = await post(url, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), {
      host: `127.0.0.1:${port}`,
    });
    expect(notInitialize.status).toBe(400);
    const unknownSession = await post(url, INITIALIZE, {
      host: `127.0.0.1:${port}`,
      'mcp-session-id': 'nope',
    });
    expect(unknownSession.status).toBe(404);
    expect(server.connections).toBe(0);
  });

  it('I3 refuses to bind a non-loopback --host unless allowed', async () => {
    await expect(serveSkillsOverHttp(server, { port: 0, host: '0.0.0.0' })).rejects.toMatchObject({
      code: 'mcp_host_not_loopback',
    });
  });

  it('I3 checks Host names port-agnostically and IPv6 in brackets', () => {
    expect(checkHttpRequestOrigin({ host: '[::1]:9' }, LOOPBACK_HOST_NAMES)).toEqual({ ok: true });
    expect(checkHttpRequestOrigin({ host: '127.0.0.1@evil.example' }, LOOPBACK_HOST_NAMES).ok).toBe(false);
    expect(checkHttpRequestOrigin({}, LOOPBACK_HOST_NAMES).ok).toBe(false);
    expect(checkHttpRequestOrigin({ host: 'localhost', origin: 'null' }, LOOPBACK_HOST_NAMES).ok).toBe(false);
  });
});
