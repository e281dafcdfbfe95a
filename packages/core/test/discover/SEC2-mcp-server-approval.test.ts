import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  approveMcpServer,
  isMcpServerApproved,
  isWorkspaceTrusted,
  mcpServerHash,
  trustWorkspace,
  untrustWorkspace,
} from '../../src/discover/index.js';

let base: string;
let home: string;
let project: string;
beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'skilldock-mcp-approval-'));
  home = path.join(base, 'home');
  project = path.join(base, 'project');
});
afterEach(() => rm(base, { recursive: true, force: true }));

const SERVER = { command: 'npx', args: ['-y', 'some-server'], env: { TOKEN: 'x', API: 'y' } };

describe('MCP server approvals in the trust store', () => {
  it('SEC2 the hash is of the canonical entry: key order does not matter, any change does', () => {
    const reordered = { env: { API: 'y', TOKEN: 'x' }, args: ['-y', 'some-server'], command: 'npx' };
    expect(mcpServerHash(reordered)).toBe(mcpServerHash(SERVER));
    expect(mcpServerHash(SERVER)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(mcpServerHash({ ...SERVER, args: ['-y', 'other-server'] })).not.toBe(mcpServerHash(SERVER));
    expect(mcpServerHash({ ...SERVER, env: { TOKEN: 'z', API: 'y' } })).not.toBe(mcpServerHash(SERVER));
    expect(mcpServerHash({ url: 'https://a.example/mcp' })).not.toBe(
      mcpServerHash({ url: 'https://b.example/mcp' }),
    );
  });

  it('SEC2 an approval holds for that exact entry, name and project only', async () => {
    const entry = { name: 'files', server: SERVER, projectRoot: project };
    expect(await isMcpServerApproved(entry, { homeDirectory: home })).toBe(false);
    await approveMcpServer(entry, { homeDirectory: home });
    expect(await isMcpServerApproved(entry, { homeDirectory: home })).toBe(true);
    expect(await isMcpServerApproved({ ...entry, name: 'other' }, { homeDirectory: home })).toBe(false);
    expect(await isMcpServerApproved({ ...entry, projectRoot: base }, { homeDirectory: home })).toBe(false);
    const changed = { ...entry, server: { ...SERVER, args: ['-y', 'evil'] } };
    expect(await isMcpServerApproved(changed, { homeDirectory: home })).toBe(false);
    // Approving the changed entry replaces the old approval of that name in that project.
    await approveMcpServer(changed, { homeDirectory: home });
    expect(await isMcpServerApproved(entry, { homeDirectory: home })).toBe(false);
    expect(await isMcpServerApproved(changed, { homeDirectory: home })).toBe(true);
  });

  it('SEC2 trusting and untrusting folders keeps the approvals, and approving keeps trust', async () => {
    const entry = { name: 'files', server: SERVER, projectRoot: project };
    await trustWorkspace(project, { homeDirectory: home });
    await approveMcpServer(entry, { homeDirectory: home });
    await trustWorkspace(base, { homeDirectory: home });
    await untrustWorkspace(base, { homeDirectory: home });
    const env = {};
    expect(await isWorkspaceTrusted(project, { homeDirectory: home, env })).toBe(true);
    expect(await isMcpServerApproved(entry, { homeDirectory: home })).toBe(true);
    const store = JSON.parse(await readFile(path.join(home, '.skilldock', 'trusted.json'), 'utf8'));
    expect(store).toEqual({
      version: 1,
      trusted: [project],
      mcpServers: [{ hash: mcpServerHash(SERVER), name: 'files', projectRoot: project }],
    });
  });
});
