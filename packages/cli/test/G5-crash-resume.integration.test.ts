import { statSync } from 'node:fs';
import path from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentWorkspaceFolders,
  jsonLines,
  makeAgentWorkspace,
  PROTOCOLS,
  readOnlyTranscript,
  runAgentCli,
  startCli,
  viewRequest,
} from './agent-fixtures/agent-harness.js';

describe.each(PROTOCOLS)('skilldock run killed mid-way ($name)', (protocol) => {
  let folders: AgentWorkspaceFolders;
  const servers: FakeModelServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    folders.remove();
  });

  it('G5 a run killed by SIGKILL after its first tool result keeps the finished messages, and --resume continues', async () => {
    folders = makeAgentWorkspace();
    let secondRequest!: () => void;
    const secondRequestArrived = new Promise<void>((resolve) => {
      secondRequest = resolve;
    });
    const slow = await startFakeModelServer({
      script: [
        { toolCalls: [{ name: 'ls', arguments: { path: '.' } }] },
        () => {
          secondRequest();
          // The turn the process dies in: it never answers before the kill.
          return { text: 'never sent', delayMs: 60_000 };
        },
      ],
    });
    servers.push(slow);
    const env = (server: FakeModelServer) => ({
      cwd: folders.project,
      home: folders.home,
      env: protocol.env(server),
    });
    const killed = startCli(['run', '--json', 'List the files'], env(slow));
    await killed.waitForStdout('"tool-call-end"');
    await secondRequestArrived;
    killed.child.kill('SIGKILL');
    await killed.exited;

    const lines = readOnlyTranscript(folders.home);
    expect(lines[0]).toMatchObject({ type: 'session' });
    const messages = lines.filter((line) => line.type === 'message').map((line) => line.message);
    expect(messages).toMatchObject([
      { role: 'user', text: 'List the files', origin: 'prompt' },
      { role: 'assistant', toolCalls: [{ name: 'ls' }] },
      { role: 'tool', toolName: 'ls', isError: false },
    ]);
    const sessionId = (lines[0] as { id: string }).id;
    const file = String(jsonLines(killed.stdout())[0]?.transcript);
    expect(path.basename(file)).toBe(`${sessionId}.jsonl`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);

    const fresh = await startFakeModelServer({ script: [{ text: 'Two files, as I listed.' }] });
    servers.push(fresh);
    const resumed = await runAgentCli(['run', '--json', '--resume', 'Go on'], env(fresh));
    expect(resumed.status).toBe(0);
    expect(jsonLines(resumed.stdout)[0]).toMatchObject({
      type: 'session-start',
      sessionId,
      resumed: { id: sessionId, messageCount: 3 },
    });
    const request = viewRequest(fresh.requests[0]!);
    expect(request.userTexts).toEqual(['List the files', 'Go on']);
    expect(request.toolResults).toHaveLength(1);
    expect(request.toolResults[0]?.isError).toBe(false);
    const after = readOnlyTranscript(folders.home).filter((line) => line.type === 'message');
    expect(after.map((line) => (line.message as { role: string }).role)).toEqual([
      'user',
      'assistant',
      'tool',
      'user',
      'assistant',
    ]);
  });
});
