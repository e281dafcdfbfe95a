import { appendFile, readFile, stat } from 'node:fs/promises';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { openConversation } from '../../src/conversation/index.js';
import { SessionTranscript } from '../../src/session/index.js';
import { type AgentWorkspace, openWorkspace } from '../../src/workspace/index.js';
import { makeWorkspaceFolders, type WorkspaceFolders } from '../workspace/workspace-folders.js';

/** The `message` lines of a transcript file, as stored. */
async function transcriptMessages(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { type: string; message?: Record<string, unknown> })
    .flatMap((line) => (line.type === 'message' && line.message !== undefined ? [line.message] : []));
}

describe('openConversation', () => {
  let folders: WorkspaceFolders;
  let server: FakeModelServer;
  let workspace: AgentWorkspace;
  afterEach(async () => {
    await workspace.close();
    await server.close();
    await folders.cleanup();
  });
  const openIn = async () => {
    workspace = await openWorkspace({
      cwd: folders.project,
      home: folders.home,
      env: {
        SKILLDOCK_MODEL: 'openai:test-model',
        OPENAI_API_KEY: 'k',
        OPENAI_BASE_URL: server.openaiBaseUrl,
      },
    });
    return workspace;
  };

  it('G5 each message reaches the transcript as it completes, before the run goes on', async () => {
    folders = await makeWorkspaceFolders();
    let file = '';
    let seenAtSecondRequest: Record<string, unknown>[] = [];
    server = await startFakeModelServer({
      script: [
        { text: 'Looking.', toolCalls: [{ name: 'ls', arguments: { path: '.' } }] },
        async () => {
          seenAtSecondRequest = await transcriptMessages(file);
          return { text: 'One folder.' };
        },
      ],
    });
    const conversation = await openConversation(await openIn(), { approvalModes: ['default'] });
    file = conversation.transcript.file;
    const { result, error } = await conversation.send('What is here?');
    await conversation.close();
    expect(error).toBeUndefined();
    expect(result.status).toBe('completed');
    expect(seenAtSecondRequest).toMatchObject([
      { role: 'user', text: 'What is here?', origin: 'prompt' },
      { role: 'assistant', text: 'Looking.', toolCalls: [{ name: 'ls' }] },
      { role: 'tool', toolName: 'ls', isError: false },
    ]);
    expect(await transcriptMessages(file)).toHaveLength(4);
    expect(conversation.messages).toHaveLength(4);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('G5 resuming cuts a torn last line away and answers calls a crash left open, each with a notice', async () => {
    folders = await makeWorkspaceFolders();
    server = await startFakeModelServer({ script: [{ text: 'Carrying on.' }] });
    await openIn();
    // What a process killed inside a shell call leaves: the call, no result, half a line.
    const crashed = await SessionTranscript.create({
      home: folders.home,
      projectRoot: folders.project,
      model: 'openai:test-model',
    });
    await crashed.appendMessage({ role: 'user', text: 'Build it', origin: 'prompt' });
    const call = { id: 'call_1', name: 'shell', arguments: '{"command":"make"}' };
    await crashed.appendMessage({ role: 'assistant', text: '', toolCalls: [call] });
    await crashed.close();
    const complete = await readFile(crashed.file, 'utf8');
    await appendFile(crashed.file, '{"type":"usage","inputTo');

    const conversation = await openConversation(workspace, {
      approvalModes: ['default'],
      resume: crashed.id,
    });
    expect(conversation.notices).toEqual([
      { code: 'transcript_repaired', message: expect.stringContaining('was cut off') },
      { code: 'transcript_repaired', message: expect.stringContaining('ended during shell') },
    ]);
    expect(conversation.resumed).toEqual({ id: crashed.id, messageCount: 2 });
    expect(conversation.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'call_1', isError: true });
    const repaired = await readFile(crashed.file, 'utf8');
    expect(repaired.startsWith(complete)).toBe(true);
    expect(repaired).not.toContain('inputTo');

    const { result } = await conversation.send('Go on');
    await conversation.close();
    expect(result.finalText).toBe('Carrying on.');
    const sent = JSON.stringify(server.requests[0]?.body);
    expect(sent).toContain('call_1');
    expect(sent).toContain('The session ended before this call finished');
    expect((await transcriptMessages(crashed.file)).map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'user',
      'assistant',
    ]);
  });
});
