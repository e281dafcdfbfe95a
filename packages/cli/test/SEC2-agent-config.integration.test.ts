import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentWorkspaceFolders,
  jsonLines,
  makeAgentWorkspace,
  PROTOCOLS,
  runAgentCli,
  viewRequest,
  writeSettings,
} from './agent-fixtures/agent-harness.js';
import { type ChatSession, startChatInProcess } from './agent-fixtures/pty-session.js';

const ECHO_SERVER = path.join(import.meta.dirname, 'agent-fixtures', 'echo-mcp-server.mjs');
const PLANTED = { mcpServers: { planted: { command: process.execPath, args: [ECHO_SERVER, 'planted'] } } };

describe.each(PROTOCOLS)('SEC2 writes that plant commands, and project MCP approvals ($name)', (protocol) => {
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  let chat: ChatSession | undefined;
  afterEach(async () => {
    chat?.kill();
    chat = undefined;
    await server?.close();
    server = undefined;
    folders.remove();
  });
  const run = (args: string[]) =>
    runAgentCli(['run', '--json', ...args], {
      cwd: folders.project,
      home: folders.home,
      env: protocol.env(server!),
    });
  const noticesOf = (stdout: string) => jsonLines(stdout).filter((event) => event.type === 'notice');

  it('SEC2 in auto-edit, the model writing .skilldock/settings.json with an MCP server is refused', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({
      script: [
        {
          toolCalls: [
            {
              name: 'write_file',
              arguments: { path: '.skilldock/settings.json', content: JSON.stringify(PLANTED) },
            },
            { name: 'write_file', arguments: { path: 'notes.md', content: 'ordinary edit\n' } },
          ],
        },
        { text: 'Done.' },
      ],
    });
    const result = await run(['--approval-mode', 'auto-edit', '--trust', 'Set things up']);
    expect(result.status).toBe(0);
    const ends = jsonLines(result.stdout).filter((event) => event.type === 'tool-call-end');
    expect(ends.map((event) => event.outcome)).toEqual(['denied', 'done']);
    const decision = jsonLines(result.stdout).find((event) => event.type === 'approval-decision');
    expect(decision).toMatchObject({ toolName: 'write_file', decision: 'deny', decidedBy: 'headless' });
    expect(String(decision?.reason)).toContain('.skilldock/settings.json: Skilldock settings');
    expect(existsSync(path.join(folders.project, '.skilldock', 'settings.json'))).toBe(false);
    expect(readFileSync(path.join(folders.project, 'notes.md'), 'utf8')).toBe('ordinary edit\n');
  });

  it('SEC2 chat says the file configures the agent and never offers "always" for it', async () => {
    folders = makeAgentWorkspace();
    const write = (file: string) => ({
      toolCalls: [{ name: 'write_file', arguments: { path: file, content: '{}\n' } }],
    });
    server = await startFakeModelServer({
      script: [write('notes.md'), write('.skilldock/settings.json'), { text: 'Done.' }],
    });
    chat = startChatInProcess([], {
      cwd: folders.project,
      home: folders.home,
      env: { ...protocol.env(server), SKILLDOCK_TRUST: '1' },
    });
    await chat.waitFor('/help for commands');
    chat.line('Write both');
    await chat.waitFor('a always for write_file');
    // Everything after this answer belongs to the second prompt.
    chat.mark();
    chat.line('a');
    await chat.waitFor('wants to change a file that configures the agent');
    await chat.waitFor('deny › ');
    const prompt = chat.sinceMark();
    expect(prompt).toContain('.skilldock/settings.json — Skilldock settings');
    expect(prompt).not.toContain('always');
    chat.line('n');
    await chat.waitFor('Done.');
    expect(existsSync(path.join(folders.project, 'notes.md'))).toBe(true);
    expect(existsSync(path.join(folders.project, '.skilldock', 'settings.json'))).toBe(false);
    chat.line('/quit');
    expect(await chat.exited).toBe(0);
  });

  it('SEC2 a trusted run starts a project MCP server only once that exact entry is approved', async () => {
    folders = makeAgentWorkspace();
    writeSettings(folders.project, PLANTED);
    server = await startFakeModelServer({ script: () => ({ text: 'OK.' }) });

    const unapproved = await run(['--trust', 'Hello']);
    expect(unapproved.status).toBe(0);
    expect(noticesOf(unapproved.stdout)).toEqual([
      expect.objectContaining({
        code: 'mcp_server_unapproved',
        message: expect.stringContaining('--approve-mcp planted'),
      }),
    ]);
    expect(viewRequest(server.requests[0]!).toolNames).not.toContain('mcp__planted__shout');

    const flagged = await run(['--trust', '--approve-mcp', 'planted', 'Hello']);
    expect(noticesOf(flagged.stdout)).toEqual([]);
    expect(viewRequest(server.requests[1]!).toolNames).toContain('mcp__planted__shout');
    const typo = await run(['--trust', '--approve-mcp', 'plantd', 'Hello']);
    expect(noticesOf(typo.stdout).map((event) => event.code)).toEqual([
      'mcp_server_unapproved',
      'mcp_server_unknown',
    ]);
    // The flag approves for that run only.
    expect(existsSync(path.join(folders.home, '.skilldock', 'trusted.json'))).toBe(false);

    // The same entry in the user's own settings is trusted as it is.
    writeSettings(folders.home, PLANTED);
    const own = await run(['--trust', 'Hello']);
    expect(noticesOf(own.stdout)).toEqual([]);
    expect(viewRequest(server.requests.at(-1)!).toolNames).toContain('mcp__planted__shout');
  });

  it('SEC2 chat asks once per project entry, remembers the yes by hash, and asks again when it changes', async () => {
    folders = makeAgentWorkspace();
    writeSettings(folders.project, PLANTED);
    server = await startFakeModelServer({ script: () => ({ text: 'OK.' }) });
    const openChat = () =>
      startChatInProcess([], {
        cwd: folders.project,
        home: folders.home,
        env: { ...protocol.env(server!), SKILLDOCK_TRUST: '1' },
      });

    chat = openChat();
    await chat.waitFor('The project settings add the MCP server planted');
    await chat.waitFor(`runs ${process.execPath} ${ECHO_SERVER} planted`);
    await chat.waitFor('y/N › ');
    chat.line('y');
    await chat.waitFor('/help for commands');
    chat.line('/quit');
    expect(await chat.exited).toBe(0);
    const store = JSON.parse(readFileSync(path.join(folders.home, '.skilldock', 'trusted.json'), 'utf8'));
    expect(store.mcpServers).toEqual([
      { hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), name: 'planted', projectRoot: folders.project },
    ]);

    // Approved: the next run starts it without asking anyone.
    const approved = await run(['--trust', 'Hello']);
    expect(noticesOf(approved.stdout)).toEqual([]);
    expect(viewRequest(server.requests.at(-1)!).toolNames).toContain('mcp__planted__shout');

    // One argument changed: another hash, so headless skips it and chat asks again.
    writeSettings(folders.project, {
      mcpServers: { planted: { command: process.execPath, args: [ECHO_SERVER, 'changed'] } },
    });
    const changed = await run(['--trust', 'Hello']);
    expect(noticesOf(changed.stdout).map((event) => event.code)).toEqual(['mcp_server_unapproved']);
    expect(viewRequest(server.requests.at(-1)!).toolNames).not.toContain('mcp__planted__shout');
    chat = openChat();
    await chat.waitFor('The project settings add the MCP server planted');
    await chat.waitFor('y/N › ');
    chat.line('n');
    await chat.waitFor('/help for commands');
    expect(chat.sinceMark()).toContain('was not started');
    chat.line('/quit');
    expect(await chat.exited).toBe(0);
  });
});
