import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startExternalTask } from '../../src/subagents/executors/start-external-task.js';
import { waitUntilProcessGone } from '../../src/testing/process-liveness.js';
import { writeFakeAcpAgent } from '../../src/testing/write-fake-executor.js';
import {
  answerOf,
  type ExecutorTestFolders,
  externalDefinition,
  externalRequest,
  makeExecutorFolders,
  waitForPids,
} from './executor-test-setup.js';

const claudeCode = externalDefinition({ kind: 'acp', command: 'claude-agent-acp' });

describe('ACP executor (SPEC A7, A9)', () => {
  let folders: ExecutorTestFolders;
  beforeEach(async () => {
    folders = await makeExecutorFolders();
  });
  afterEach(() => folders.cleanup());

  it('A7 runs a task through an ACP agent and takes further input while its session lives', async () => {
    await writeFakeAcpAgent(folders.bin, {
      answers: ['First answer.', 'Second answer.'],
      commands: ['ls'],
      echoPrompt: true,
      log: folders.file('acp.jsonl'),
    });
    const definition = externalDefinition(claudeCode.executor!, { systemPrompt: 'You review code.' });
    const request = externalRequest(folders, definition);
    const task = startExternalTask(request);
    try {
      // The definition's body leads the first prompt only.
      expect((await task.result).text).toBe(
        'First answer.\ncommand reject\nprompt: You review code. | Run the tests and report.',
      );
      expect(await task.send?.('And the lint?')).toEqual({
        text: 'Second answer.\ncommand reject\nprompt: And the lint?',
      });
    } finally {
      await task.close();
    }
    expect(request.progress.filter((event) => event.type !== 'text-delta')).toEqual([
      { type: 'tool-start', name: 'ls' },
      { type: 'tool-end', name: 'ls' },
      { type: 'tool-start', name: 'ls' },
      { type: 'tool-end', name: 'ls' },
    ]);
    const received = await folders.logged('acp.jsonl');
    const requests = received.filter((message) => typeof message.method === 'string');
    expect(requests.map((message) => message.method)).toEqual([
      'initialize',
      'session/new',
      'session/prompt',
      'session/prompt',
    ]);
    expect(requests.every((message) => message.jsonrpc === '2.0')).toBe(true);
    expect(requests[0]?.params).toMatchObject({
      protocolVersion: 1,
      clientCapabilities: { fs: { readTextFile: true, writeTextFile: false }, terminal: false },
    });
    // claude-agent-acp: the user's own settings only, never the repository's (their allow rules would skip us).
    expect(requests[1]?.params).toEqual({
      cwd: folders.project,
      mcpServers: [],
      _meta: { claudeCode: { options: { settingSources: ['user'] } } },
    });
  });

  it('A7 rejects an edit permission in a read-only session and nothing is written', async () => {
    await writeFakeAcpAgent(folders.bin, { write: { path: 'notes.md', content: 'hacked' } });
    expect(await answerOf(externalRequest(folders, claudeCode))).toContain('write declined');
    expect(existsSync(join(folders.project, 'notes.md'))).toBe(false);
  });

  it('A7 allows edits inside the folder when the session allows edits, never outside it or to agent configuration', async () => {
    await writeFakeAcpAgent(folders.bin, { write: { path: 'docs/notes.md', content: 'findings' } });
    expect(await answerOf(externalRequest(folders, claudeCode, { allowEdits: true }))).toContain(
      'write accepted',
    );
    expect(readFileSync(join(folders.project, 'docs/notes.md'), 'utf8')).toBe('findings');

    await writeFakeAcpAgent(folders.bin, { write: { path: '../outside.md', content: 'escaped' } });
    expect(await answerOf(externalRequest(folders, claudeCode, { allowEdits: true }))).toMatch(
      /write refused: Refused: .*outside the project/,
    );
    expect(existsSync(join(folders.base, 'outside.md'))).toBe(false);

    await mkdir(join(folders.project, '.git'));
    await writeFakeAcpAgent(folders.bin, {
      write: { path: '.git/config', content: '[core]\nhooksPath=/tmp' },
    });
    expect(await answerOf(externalRequest(folders, claudeCode, { allowEdits: true }))).toMatch(
      /write refused: Refused: .*configures the agent/,
    );
    expect(existsSync(join(folders.project, '.git/config'))).toBe(false);
  });

  it('A7 answers file reads inside the folder and refuses reads outside it', async () => {
    await writeFile(join(folders.project, 'plan.txt'), 'step one\nstep two\n');
    await writeFakeAcpAgent(folders.bin, { read: 'plan.txt' });
    expect(await answerOf(externalRequest(folders, claudeCode))).toContain('read: step one\nstep two\n');

    await writeFile(join(folders.base, 'secret.txt'), 'do not read');
    await writeFakeAcpAgent(folders.bin, { read: '../secret.txt' });
    const text = await answerOf(externalRequest(folders, claudeCode));
    expect(text).toMatch(/read refused: Refused: .*outside the project/);
    expect(text).not.toContain('do not read');
  });

  it('A7 reports a turn the agent refused with its reason', async () => {
    await writeFakeAcpAgent(folders.bin, { failTurn: 'Authentication required' });
    const task = startExternalTask(externalRequest(folders, claudeCode));
    try {
      await expect(task.result).rejects.toMatchObject({ code: 'executor_failed' });
      await expect(task.result).rejects.toThrow('refused session/prompt: Authentication required');
    } finally {
      await task.close();
    }
  });

  it('A7 close ends the agent and its children; a message after close is refused', async () => {
    await writeFakeAcpAgent(folders.bin, { pidFile: folders.file('pids.json') });
    const task = startExternalTask(externalRequest(folders, claudeCode));
    expect((await task.result).text).toBe('Done.');
    const { pid, grandchildPid } = await waitForPids(folders.file('pids.json'));
    await task.close();
    expect(await waitUntilProcessGone(pid)).toBe(true);
    expect(await waitUntilProcessGone(grandchildPid)).toBe(true);
    await expect(task.send?.('more')).rejects.toMatchObject({ code: 'executor_session_closed' });
  });

  it('A7 answers with what the agent said after its last tool call, and reports its token usage by turn', async () => {
    await writeFakeAcpAgent(folders.bin, {
      preamble: 'Let me run ls first.',
      commands: ['ls'],
      answers: ['Listed.'],
      usage: { inputTokens: 1200, outputTokens: 30 },
    });
    const request = externalRequest(folders, claudeCode);
    const task = startExternalTask(request);
    try {
      // The narration before the tool streams as progress but is not the answer.
      expect((await task.result).text).toBe('Listed.\ncommand reject');
      expect((await task.send?.('Again.'))?.text).toBe('Listed.\ncommand reject');
    } finally {
      await task.close();
    }
    expect(request.progress.filter((event) => event.type === 'usage')).toEqual([
      { type: 'usage', inputTokens: 1200, outputTokens: 30 },
      { type: 'usage', inputTokens: 2400, outputTokens: 60 },
    ]);
    expect(
      request.progress
        .filter((event) => event.type === 'text-delta')
        .map((event) => event.text)
        .join(''),
    ).toMatch(/^Let me run ls first\.Listed/);
  });

  it('A7 ignores token counts that are not finite non-negative numbers', async () => {
    await writeFakeAcpAgent(folders.bin, { usage: { inputTokens: -5, outputTokens: 'many' } });
    const request = externalRequest(folders, claudeCode);
    expect(await answerOf(request)).toBe('Done.');
    expect(request.progress.filter((event) => event.type === 'usage')).toEqual([
      { type: 'usage', inputTokens: 0, outputTokens: 0 },
    ]);
  });

  it('A7 SEC6 a session that its settings put in another mode (acceptEdits) is set back to the asking mode first', async () => {
    await writeFakeAcpAgent(folders.bin, { mode: 'acceptEdits', log: folders.file('acp.jsonl') });
    expect(await answerOf(externalRequest(folders, claudeCode))).toBe('Done.\nmode: default');
    const methods = (await folders.logged('acp.jsonl')).map((message) => message.method).filter(Boolean);
    expect(methods).toEqual(['initialize', 'session/new', 'session/set_mode', 'session/prompt']);
  });

  it('A7 a session already in the asking mode is left alone', async () => {
    await writeFakeAcpAgent(folders.bin, { mode: 'default', log: folders.file('acp.jsonl') });
    expect(await answerOf(externalRequest(folders, claudeCode))).toBe('Done.\nmode: default');
    const methods = (await folders.logged('acp.jsonl')).map((message) => message.method).filter(Boolean);
    expect(methods).toEqual(['initialize', 'session/new', 'session/prompt']);
  });
});
