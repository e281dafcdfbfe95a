import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shellEnvironment } from '../../src/loop/shell-environment.js';
import { startExternalTask } from '../../src/subagents/executors/start-external-task.js';
import type { FakeExecutorScript } from '../../src/testing/fake-executor-program.js';
import { isProcessAlive, waitUntilProcessGone } from '../../src/testing/process-liveness.js';
import { writeFakeAcpAgent, writeFakeCodexAppServer } from '../../src/testing/write-fake-executor.js';
import {
  answerOf,
  type ExecutorTestFolders,
  externalDefinition,
  externalRequest,
  makeExecutorFolders,
  waitForPids,
} from './executor-test-setup.js';

const PROTOCOLS = [
  {
    protocol: 'codex',
    definition: externalDefinition({ kind: 'codex', command: 'codex' }),
    write: writeFakeCodexAppServer,
  },
  {
    protocol: 'acp',
    definition: externalDefinition({ kind: 'acp', command: 'claude-agent-acp' }),
    write: writeFakeAcpAgent,
  },
] as const;

describe.each(PROTOCOLS)('a hostile $protocol executor (SPEC A7, SEC3, SEC4)', ({ definition, write }) => {
  let folders: ExecutorTestFolders;
  const fake = (script: FakeExecutorScript) => write(folders.bin, script);
  beforeEach(async () => {
    folders = await makeExecutorFolders();
  });
  afterEach(() => folders.cleanup());

  it('A7 reports an executor that crashes, with its exit code and last output, and stops what it left running', async () => {
    await fake({ misbehave: 'crash', pidFile: folders.file('pids.json') });
    const task = startExternalTask(externalRequest(folders, definition));
    await expect(task.result).rejects.toMatchObject({ code: 'executor_failed', details: { exitCode: 101 } });
    await expect(task.result).rejects.toThrow(
      /exited with code 101 before it finished the task[\s\S]*fake crash/,
    );
    const { grandchildPid } = await waitForPids(folders.file('pids.json'));
    expect(await waitUntilProcessGone(grandchildPid)).toBe(true);
  });

  it('SEC4 cancelling a hung executor kills its whole process group, even when it ignores SIGTERM', async () => {
    await fake({ misbehave: 'hang', ignoreSigterm: true, pidFile: folders.file('pids.json') });
    const controller = new AbortController();
    const task = startExternalTask(externalRequest(folders, definition, { signal: controller.signal }), {
      killGraceMs: 100,
    });
    const { pid, grandchildPid } = await waitForPids(folders.file('pids.json'));
    expect(isProcessAlive(pid)).toBe(true);
    controller.abort();
    await expect(task.result).rejects.toMatchObject({ code: 'executor_cancelled' });
    expect(await waitUntilProcessGone(pid)).toBe(true);
    expect(await waitUntilProcessGone(grandchildPid)).toBe(true);
  });

  it('SEC4 close during a hung turn ends the executor and rejects the turn', async () => {
    await fake({ misbehave: 'hang', pidFile: folders.file('pids.json') });
    const task = startExternalTask(externalRequest(folders, definition), { killGraceMs: 100 });
    const { pid } = await waitForPids(folders.file('pids.json'));
    await task.close();
    await expect(task.result).rejects.toMatchObject({ code: 'executor_session_closed' });
    expect(await waitUntilProcessGone(pid)).toBe(true);
  });

  it('SEC4 a flood of output is kept to the answer budget', async () => {
    await fake({ misbehave: 'flood', floodCharacters: 1_000_000, answers: ['The end.'] });
    const text = await answerOf(externalRequest(folders, definition), { maxAnswerCharacters: 2000 });
    expect(text.length).toBeLessThan(2100);
    expect(text).toMatch(/^y{1000}\n\[… \d+ characters of output omitted …\]\n/);
    expect(text.endsWith('The end.')).toBe(true);
  });

  it('SEC4 a message over the size limit ends the task instead of growing memory', async () => {
    await fake({ misbehave: 'oversized', floodCharacters: 200_000, pidFile: folders.file('pids.json') });
    const task = startExternalTask(externalRequest(folders, definition), { maxMessageBytes: 64 * 1024 });
    await expect(task.result).rejects.toMatchObject({
      code: 'executor_protocol_error',
      details: { limit: 65536 },
    });
    await expect(task.result).rejects.toThrow(/larger than 65536 bytes/);
    const { pid } = await waitForPids(folders.file('pids.json'));
    expect(await waitUntilProcessGone(pid)).toBe(true);
  });

  it('A7 malformed JSON-RPC ends the task with a protocol error', async () => {
    await fake({ misbehave: 'malformed' });
    const task = startExternalTask(externalRequest(folders, definition));
    await expect(task.result).rejects.toMatchObject({ code: 'executor_protocol_error' });
    await expect(task.result).rejects.toThrow(
      /a line that is not JSON: "\{\\"method\\": \\"item\/started\\", oops"/,
    );
  });

  it('SEC3 a secret in the parent environment never reaches the executor', async () => {
    process.env.SKILLDOCK_TEST_EXECUTOR_TOKEN = 'sk-parent-secret-value';
    process.env.SKILLDOCK_TEST_EXECUTOR_PLAIN = 'plain-parent-value';
    try {
      // The request's env is the scrubbed shell environment, as the agent tool passes it.
      const env = Object.fromEntries(
        Object.entries(shellEnvironment(process.env)).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      );
      env.PATH = `${folders.bin}:${env.PATH ?? '/usr/bin:/bin'}`;
      await fake({ echoEnv: 'SKILLDOCK_TEST_EXECUTOR_TOKEN' });
      const text = await answerOf(externalRequest(folders, definition, { env }));
      expect(text).toContain('SKILLDOCK_TEST_EXECUTOR_TOKEN is unset');
      expect(text).not.toContain('sk-parent-secret-value');

      // Nothing of the parent's is added: the child's environment is exactly the request's.
      await fake({ echoEnv: 'SKILLDOCK_TEST_EXECUTOR_PLAIN' });
      expect(await answerOf(externalRequest(folders, definition))).toContain(
        'SKILLDOCK_TEST_EXECUTOR_PLAIN is unset',
      );
    } finally {
      delete process.env.SKILLDOCK_TEST_EXECUTOR_TOKEN;
      delete process.env.SKILLDOCK_TEST_EXECUTOR_PLAIN;
    }
  });
});
