import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type AgentWorkspaceFolders, makeAgentWorkspace, PROTOCOLS } from './agent-fixtures/agent-harness.js';
import { type PtySession, startChat } from './agent-fixtures/pty-session.js';

const openai = PROTOCOLS.find((protocol) => protocol.name === 'openai')!;

describe('skilldock chat /agents in a pseudo-terminal', () => {
  let folders: AgentWorkspaceFolders | undefined;
  let server: FakeModelServer | undefined;
  let chat: PtySession | undefined;
  afterEach(async () => {
    chat?.kill();
    await server?.close();
    folders?.remove();
  });

  it('A8 /help lists /agents, and /agents create writes a file that validates', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({ script: [{ text: 'unused' }] });
    chat = startChat([], {
      cwd: folders.project,
      home: folders.home,
      env: { ...openai.env(server), SKILLDOCK_TRUST: '1' },
    });
    await chat.waitFor('/help for commands');
    const answer = async (text: string, next: string) => {
      chat!.mark();
      chat!.line(text);
      await chat!.waitFor(next);
    };
    await answer('/help', '/agents [create]');
    await answer('/agents create', 'Level [1] › ');
    await answer('1', 'Name (e.g. code-reviewer) › ');
    await answer('pty-agent', 'Description');
    await answer('Made in a terminal.', 'Tools: numbers');
    await answer('1', 'Model');
    await answer('', 'Approval mode');
    await answer('plan', 'Prompt › ');
    await answer('You help from a pty.', '› ');
    await answer('', 'Write it? y/N › ');
    await answer('y', 'Created');
    const file = path.join(folders.project, '.agents', 'agents', 'pty-agent.md');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('approvalMode: plan');
    chat.line('/quit');
    expect(await chat.exited).toBe(0);
  });
});
