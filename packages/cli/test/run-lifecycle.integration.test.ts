import { existsSync } from 'node:fs';
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

describe.each(PROTOCOLS)('skilldock run lifecycle ($name)', (protocol) => {
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    folders.remove();
  });
  const options = (env: Record<string, string> = {}) => ({
    cwd: folders.project,
    home: folders.home,
    env: { ...protocol.env(server!), ...env },
  });

  it('G2 --json prints one event per line, from session-start to run-end with stats', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({
      script: [{ toolCalls: [{ name: 'ls', arguments: { path: '.' } }] }, { text: 'Two files.' }],
    });
    const result = await runAgentCli(['run', '--json', 'List the files'], options());
    expect(result.status).toBe(0);
    const events = jsonLines(result.stdout);
    expect(events.map((event) => event.type)).toEqual([
      'session-start',
      'turn-start',
      'usage',
      'turn-end',
      'tool-call-start',
      'tool-call-end',
      'turn-start',
      'text-delta',
      'usage',
      'turn-end',
      'run-end',
    ]);
    expect(events[0]).toMatchObject({ model: `${protocol.name}:test-model`, trusted: false, resumed: null });
    expect(events[5]).toMatchObject({
      toolCall: { name: 'ls' },
      outcome: 'done',
      result: { isError: false },
    });
    expect(events.at(-1)).toMatchObject({
      type: 'run-end',
      status: 'completed',
      finalText: 'Two files.',
      stats: { turns: 2, toolCalls: 1 },
    });
  });

  it('G3 a headless run denies a write unless the approval mode allows it, and says so', async () => {
    folders = makeAgentWorkspace();
    const write = { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'hi\n' } }] };
    server = await startFakeModelServer({
      script: [write, { text: 'Could not write.' }, write, { text: 'Written.' }],
    });
    const denied = await runAgentCli(['run', '--json', 'Write notes'], options());
    expect(denied.status).toBe(0);
    const decision = jsonLines(denied.stdout).find((event) => event.type === 'approval-decision');
    expect(decision).toMatchObject({ toolName: 'write_file', decision: 'deny', decidedBy: 'headless' });
    expect(String(decision?.reason)).toContain('nobody can approve in this non-interactive run');
    expect(existsSync(path.join(folders.project, 'notes.txt'))).toBe(false);
    expect(viewRequest(server.requests[1]!).toolResults.at(-1)?.content).toBe(decision?.reason);

    const allowed = await runAgentCli(['run', '--approval-mode', 'auto-edit', 'Write notes'], options());
    expect(allowed.status).toBe(0);
    expect(allowed.stdout).toBe('Written.\n');
    expect(existsSync(path.join(folders.project, 'notes.txt'))).toBe(true);
  });

  it('G1 retries a 429 that asks to retry after a second, then succeeds', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({
      script: [{ error: { status: 429, headers: { 'retry-after': '1' } } }, { text: 'After the wait.' }],
    });
    const result = await runAgentCli(['run', 'Hello'], options());
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('After the wait.\n');
    expect(server.requests).toHaveLength(2);
  });

  it('G2 a failed model request and the turn limit exit 1 with a run-error line', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({
      script: [
        { error: { status: 400 } },
        { toolCalls: [{ name: 'ls', arguments: {} }] },
        { toolCalls: [{ name: 'ls', arguments: {} }] },
      ],
    });
    const failed = await runAgentCli(['run', 'Hello'], options());
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/error/);

    const limited = await runAgentCli(['run', '--json', '--max-turns', '1', 'Loop'], options());
    expect(limited.status).toBe(1);
    expect(jsonLines(limited.stdout).at(-1)).toMatchObject({
      type: 'run-error',
      code: 'max_turns_exceeded',
      status: 'max-turns',
    });
  });

  it('G2 --max-time stops a slow run with exit 1, and a prompt can come from stdin', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({
      script: [{ text: 'Too late.', delayMs: 5_000 }, { text: 'Piped.' }],
    });
    const limited = await runAgentCli(['run', '--json', '--max-time', '0.3', 'Hurry'], options());
    expect(limited.status).toBe(1);
    expect(jsonLines(limited.stdout).at(-1)).toMatchObject({
      type: 'run-error',
      code: 'time_limit_exceeded',
      status: 'time-limit',
    });
    const piped = await runAgentCli(['run'], { ...options(), input: 'From a pipe\n' });
    expect(piped.status).toBe(0);
    expect(piped.stdout).toBe('Piped.\n');
    expect(viewRequest(server.requests[1]!).userTexts).toEqual(['From a pipe']);
  });

  it('G2 a prompt over 4 MiB on stdin is a usage error (exit 2) and reaches no model', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({ script: [{ text: 'never sent' }] });
    const huge = `${'x'.repeat(5 * 1024 * 1024)}\n`;
    const result = await runAgentCli(['run', '--json'], { ...options(), input: huge });
    expect(result.status).toBe(2);
    expect(jsonLines(result.stdout)).toEqual([
      expect.objectContaining({ type: 'run-error', code: 'prompt_too_large' }),
    ]);
    expect(String(jsonLines(result.stdout)[0]?.message)).toContain('over 4 MiB');
    expect(server.requests).toHaveLength(0);
  });

  it('G2 Ctrl-C (SIGINT) cancels a streaming run: exit 130 and a transcript that ends consistently', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({
      script: [
        { toolCalls: [{ name: 'ls', arguments: { path: '.' } }] },
        // It holds after its first words (twelve events: past any protocol's opening events), never
        // ending by itself: the Ctrl-C always comes mid-stream.
        {
          text: 'Streaming slowly '.repeat(40),
          chunkSize: 4,
          pause: { afterEvents: 12, until: new Promise(() => {}) },
        },
      ],
    });
    const running = startCli(['run', 'Tell a long story'], options());
    await running.waitForStdout('Streaming slowly');
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(130);
    expect(running.stderr()).toContain('cancelled');
    const lines = readOnlyTranscript(folders.home);
    expect(lines[0]).toMatchObject({ type: 'session' });
    const messages = lines.flatMap((line) =>
      line.type === 'message'
        ? [line.message as { role: string; toolCalls?: { id: string }[]; toolCallId?: string }]
        : [],
    );
    const answered = new Set(messages.map((message) => message.toolCallId));
    for (const call of messages.flatMap((message) => message.toolCalls ?? []))
      expect(answered.has(call.id)).toBe(true);
    expect(messages.at(-1)?.role).toBe('assistant');
    expect(lines.at(-1)).toMatchObject({ type: 'event', name: 'run-end', data: { status: 'cancelled' } });
  });

  it('G5 every run writes a transcript, and --resume sends its messages before the new prompt', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({
      script: [{ text: 'The answer is 42.' }, { text: 'You asked about 42.' }],
    });
    const first = await runAgentCli(['run', '--json', 'What is the answer?'], options());
    expect(first.status).toBe(0);
    const sessionId = jsonLines(first.stdout)[0]?.sessionId as string;
    expect(sessionId).toMatch(/^\d{8}-\d{6}-[0-9a-f]{6}$/);

    const second = await runAgentCli(['run', '--json', '--resume', 'What did I ask?'], options());
    expect(second.status).toBe(0);
    expect(jsonLines(second.stdout)[0]).toMatchObject({
      sessionId,
      resumed: { id: sessionId, messageCount: 2 },
    });
    const resumed = viewRequest(server.requests[1]!);
    expect(resumed.userTexts).toEqual(['What is the answer?', 'What did I ask?']);
    expect(JSON.stringify(server.requests[1]!.body)).toContain('The answer is 42.');
    const transcript = readOnlyTranscript(folders.home);
    expect(transcript.filter((line) => line.type === 'message')).toHaveLength(4);
  });

  it('G5 --resume with an unknown id is invalid input (exit 1)', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({ script: [] });
    const result = await runAgentCli(['run', '--resume', '20200101-000000-abcdef', 'Hi'], options());
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('no session 20200101-000000-abcdef');
    expect(server.requests).toHaveLength(0);
  });
});

describe('skilldock run usage', () => {
  let folders: AgentWorkspaceFolders;
  afterEach(() => folders.remove());

  it('G1 a missing model configuration exits 2 and says what to set', async () => {
    folders = makeAgentWorkspace();
    const text = await runAgentCli(['run', 'Hello'], { cwd: folders.project, home: folders.home });
    expect(text.status).toBe(2);
    expect(text.stderr).toContain('No model configured. Set SKILLDOCK_MODEL');
    const json = await runAgentCli(['run', '--json', 'Hello'], { cwd: folders.project, home: folders.home });
    expect(json.status).toBe(2);
    expect(jsonLines(json.stdout)).toEqual([
      expect.objectContaining({ type: 'run-error', code: 'model_not_configured' }),
    ]);
  });

  it('G3 an unknown approval mode, a bad --max-turns and a missing prompt exit 2', async () => {
    folders = makeAgentWorkspace();
    const where = {
      cwd: folders.project,
      home: folders.home,
      env: { OPENAI_API_KEY: 'k', SKILLDOCK_MODEL: 'openai:m' },
    };
    const mode = await runAgentCli(['run', '--approval-mode', 'reckless', 'Hi'], where);
    expect(mode.status).toBe(2);
    expect(mode.stderr).toContain('Allowed choices are default, plan, auto-edit, yolo');
    expect((await runAgentCli(['run', '--max-turns', '0', 'Hi'], where)).status).toBe(2);
    const missing = await runAgentCli(['run'], where);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Give a prompt');
  });
});
