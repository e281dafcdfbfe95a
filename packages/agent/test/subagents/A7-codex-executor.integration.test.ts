import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startExternalTask } from '../../src/subagents/executors/start-external-task.js';
import { waitUntilProcessGone } from '../../src/testing/process-liveness.js';
import { writeFakeCodexAppServer } from '../../src/testing/write-fake-executor.js';
import {
  answerOf,
  type ExecutorTestFolders,
  externalDefinition,
  externalRequest,
  makeExecutorFolders,
  waitForPids,
} from './executor-test-setup.js';

const codex = externalDefinition({ kind: 'codex', command: 'codex' });

describe('codex executor (SPEC A7, A9)', () => {
  let folders: ExecutorTestFolders;
  beforeEach(async () => {
    folders = await makeExecutorFolders();
  });
  afterEach(() => folders.cleanup());

  it('A7 runs one task through codex app-server and returns its final answer', async () => {
    await writeFakeCodexAppServer(folders.bin, {
      answers: ['All 12 tests pass.'],
      commands: ['npm test'],
      log: folders.file('codex.jsonl'),
      pidFile: folders.file('pids.json'),
    });
    const request = externalRequest(folders, codex);
    const task = startExternalTask(request);

    expect(await task.result).toEqual({ text: 'All 12 tests pass.' });
    // One task, no further input: codex sessions cannot take messages or be resumed.
    expect(task.send).toBeUndefined();
    const textDeltas = request.progress.filter((event) => event.type === 'text-delta');
    expect(textDeltas.map((event) => event.text).join('')).toBe('All 12 tests pass.');
    expect(request.progress.filter((event) => event.type !== 'text-delta')).toEqual([
      { type: 'tool-start', name: 'shell' },
      { type: 'tool-end', name: 'shell' },
    ]);

    const received = await folders.logged('codex.jsonl');
    expect(received.map((message) => message.method)).toEqual([
      'initialize',
      'initialized',
      'thread/start',
      'turn/start',
    ]);
    // The wire has no "jsonrpc" member, as codex app-server speaks it.
    expect(received.every((message) => !('jsonrpc' in message))).toBe(true);
    expect(received[2]?.params).toMatchObject({
      cwd: folders.project,
      sandbox: 'read-only',
      approvalPolicy: 'on-request',
      ephemeral: true,
    });
    expect(received[3]?.params).toMatchObject({
      threadId: 'thr_1',
      input: [{ type: 'text', text: 'Run the tests and report.' }],
      sandboxPolicy: { type: 'readOnly' },
    });
    // The process (and the child it started) ends with the task.
    const { pid, grandchildPid } = await waitForPids(folders.file('pids.json'));
    expect(await waitUntilProcessGone(pid)).toBe(true);
    expect(await waitUntilProcessGone(grandchildPid)).toBe(true);
  });

  it('A7 declines a file change in a read-only session and nothing is written', async () => {
    await writeFakeCodexAppServer(folders.bin, { write: { path: 'report.md', content: 'hacked' } });
    const task = startExternalTask(externalRequest(folders, codex));
    expect((await task.result).text).toContain('write declined');
    expect(existsSync(join(folders.project, 'report.md'))).toBe(false);
  });

  it('A7 runs in a workspace-write sandbox and accepts file changes when the session allows edits', async () => {
    await writeFakeCodexAppServer(folders.bin, {
      write: { path: 'report.md', content: 'findings' },
      log: folders.file('codex.jsonl'),
    });
    const task = startExternalTask(externalRequest(folders, codex, { allowEdits: true }));
    expect((await task.result).text).toContain('write accepted');
    expect(readFileSync(join(folders.project, 'report.md'), 'utf8')).toBe('findings');
    const received = await folders.logged('codex.jsonl');
    expect(received.find((message) => message.method === 'thread/start')?.params).toMatchObject({
      sandbox: 'workspace-write',
    });
    // Only the task's folder: codex would otherwise let commands write /tmp and $TMPDIR too.
    expect(received.find((message) => message.method === 'turn/start')?.params).toMatchObject({
      sandboxPolicy: {
        type: 'workspaceWrite',
        writableRoots: [folders.project],
        networkAccess: false,
        excludeTmpdirEnvVar: true,
        excludeSlashTmp: true,
      },
    });
  });

  it('A7 declines a file change outside the folder or to agent configuration, even when edits are allowed', async () => {
    await writeFakeCodexAppServer(folders.bin, { write: { path: '../outside.md', content: 'escaped' } });
    expect(await answerOf(externalRequest(folders, codex, { allowEdits: true }))).toContain('write declined');
    expect(existsSync(join(folders.base, 'outside.md'))).toBe(false);

    await mkdir(join(folders.project, '.git'));
    await writeFakeCodexAppServer(folders.bin, { write: { path: '.git/config', content: '[core]' } });
    expect(await answerOf(externalRequest(folders, codex, { allowEdits: true }))).toContain('write declined');
    expect(existsSync(join(folders.project, '.git/config'))).toBe(false);
  });

  it('A7 declines a command that asks to leave the sandbox, even when edits are allowed', async () => {
    await writeFakeCodexAppServer(folders.bin, { escalate: 'curl https://example.com' });
    const task = startExternalTask(externalRequest(folders, codex, { allowEdits: true }));
    expect((await task.result).text).toContain('escalation decline');
  });

  it("A7 passes the definition's body as developer instructions", async () => {
    await writeFakeCodexAppServer(folders.bin, { log: folders.file('codex.jsonl') });
    const definition = externalDefinition(codex.executor!, { systemPrompt: 'Answer in one line.' });
    await startExternalTask(externalRequest(folders, definition)).result;
    const received = await folders.logged('codex.jsonl');
    expect(received.find((message) => message.method === 'thread/start')?.params).toMatchObject({
      developerInstructions: 'Answer in one line.',
    });
  });

  it('A7 executor.args replace the default arguments', async () => {
    await writeFakeCodexAppServer(folders.bin, { answers: ['explicit stdio'] });
    const explicit = externalDefinition({
      kind: 'codex',
      command: 'codex',
      args: ['app-server', '--listen', 'stdio://'],
    });
    expect((await startExternalTask(externalRequest(folders, explicit)).result).text).toBe('explicit stdio');

    // The real CLI has no --stdio flag: replaced arguments reach it as given, and its usage error is reported.
    const wrong = externalDefinition({ kind: 'codex', command: 'codex', args: ['app-server', '--stdio'] });
    const failure = startExternalTask(externalRequest(folders, wrong)).result;
    await expect(failure).rejects.toMatchObject({ code: 'executor_failed' });
    await expect(failure).rejects.toThrow(
      /exited with code 2[\s\S]*unexpected arguments 'app-server --stdio'/,
    );
  });

  it('A7 reports a failed turn with the reason codex gave', async () => {
    // A command given as a path needs no PATH entry.
    const command = await writeFakeCodexAppServer(
      folders.base,
      { failTurn: 'Quota exceeded' },
      { name: 'my-codex' },
    );
    const definition = externalDefinition({ kind: 'codex', command });
    const failure = startExternalTask(externalRequest(folders, definition)).result;
    await expect(failure).rejects.toMatchObject({ code: 'executor_failed' });
    await expect(failure).rejects.toThrow(`codex (${command}) failed: Quota exceeded`);
  });

  it('A7 answers with the final message after the narration and reports the thread token totals', async () => {
    await writeFakeCodexAppServer(folders.bin, {
      preamble: 'Let me run the tests.',
      commands: ['npm test'],
      answers: ['All green.'],
      usage: { inputTokens: 900, outputTokens: 40 },
    });
    const request = externalRequest(folders, codex);
    expect(await answerOf(request)).toBe('All green.');
    expect(request.progress.filter((event) => event.type === 'usage')).toEqual([
      { type: 'usage', inputTokens: 900, outputTokens: 40 },
    ]);
  });

  it('A7 ignores codex token counts that are not finite non-negative numbers', async () => {
    await writeFakeCodexAppServer(folders.bin, { usage: { inputTokens: 'lots', outputTokens: -1 } });
    const request = externalRequest(folders, codex);
    expect(await answerOf(request)).toBe('Done.');
    expect(request.progress.filter((event) => event.type === 'usage')).toEqual([
      { type: 'usage', inputTokens: 0, outputTokens: 0 },
    ]);
  });
});
