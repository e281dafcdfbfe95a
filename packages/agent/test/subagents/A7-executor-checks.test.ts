import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startExternalTask } from '../../src/subagents/executors/start-external-task.js';
import { writeFakeAcpAgent, writeFakeCodexAppServer } from '../../src/testing/write-fake-executor.js';
import {
  type ExecutorTestFolders,
  externalDefinition,
  externalRequest,
  makeExecutorFolders,
} from './executor-test-setup.js';

const codex = externalDefinition({ kind: 'codex', command: 'codex' });
const claudeCode = externalDefinition({ kind: 'acp', command: 'claude-agent-acp' });

describe('checks before an external executor starts (SPEC A7, A11)', () => {
  let folders: ExecutorTestFolders;
  beforeEach(async () => {
    folders = await makeExecutorFolders();
    // Each fake logs what it receives: a refused task must leave no log, since nothing started.
    await writeFakeCodexAppServer(folders.bin, { log: folders.file('started.jsonl') });
    await writeFakeAcpAgent(folders.bin, { log: folders.file('started.jsonl') });
  });
  afterEach(() => folders.cleanup());

  it('A7 refuses an untrusted workspace with how to trust it', async () => {
    const task = startExternalTask(externalRequest(folders, codex, { trusted: undefined }));
    await expect(task.result).rejects.toMatchObject({ code: 'executor_workspace_untrusted' });
    await expect(task.result).rejects.toThrow(/not trusted.*skilldock trust.*--trust or SKILLDOCK_TRUST=1/);
    const untrusted = startExternalTask(externalRequest(folders, claudeCode, { trusted: false }));
    await expect(untrusted.result).rejects.toMatchObject({ code: 'executor_workspace_untrusted' });
    expect(existsSync(folders.file('started.jsonl'))).toBe(false);
  });

  it('A11 starts no external executor in safe mode', async () => {
    const task = startExternalTask(externalRequest(folders, claudeCode, { safeMode: true }));
    await expect(task.result).rejects.toMatchObject({ code: 'executor_safe_mode' });
    await expect(task.result).rejects.toThrow(/Safe mode runs no external executors/);
    expect(existsSync(folders.file('started.jsonl'))).toBe(false);
  });

  it('A7 refuses native Windows before start, pointing to WSL', async () => {
    const task = startExternalTask(externalRequest(folders, codex), { platform: 'win32' });
    await expect(task.result).rejects.toMatchObject({ code: 'executor_platform_unsupported' });
    await expect(task.result).rejects.toThrow(/native Windows.*WSL/);
    expect(existsSync(folders.file('started.jsonl'))).toBe(false);
  });

  it('A7 names how to install a command that is not on PATH, or to set executor.command', async () => {
    const request = externalRequest(folders, codex, { env: { PATH: '/nonexistent' } });
    const task = startExternalTask(request);
    await expect(task.result).rejects.toMatchObject({ code: 'executor_command_not_found' });
    await expect(task.result).rejects.toThrow(
      "The external agent codex needs `codex`, which is not on PATH. Install Codex with `npm install -g @openai/codex`, or set `executor.command` in the subagent's definition to the executable's path.",
    );
    const acp = startExternalTask(externalRequest(folders, claudeCode, { env: { PATH: '/nonexistent' } }));
    await expect(acp.result).rejects.toThrow(/npm install -g @zed-industries\/claude-agent-acp/);
    const missingFile = externalDefinition({ kind: 'acp', command: './bin/missing-agent' });
    const relative = startExternalTask(externalRequest(folders, missingFile));
    await expect(relative.result).rejects.toThrow(
      /`\.\/bin\/missing-agent`, which is not an executable file/,
    );
  });

  it('A7 rejects options an external executor cannot honour, each with its reason', async () => {
    const definition = externalDefinition(codex.executor!, {
      model: { kind: 'model', model: 'gpt-5' },
      tools: ['read_file'],
      disallowedTools: ['shell'],
      maxTurns: 3,
    });
    const task = startExternalTask(externalRequest(folders, definition));
    await expect(task.result).rejects.toMatchObject({
      code: 'executor_option_unsupported',
      details: { fields: ['model', 'tools', 'disallowedTools', 'runConfig.max_turns'] },
    });
    await expect(task.result).rejects.toThrowErrorMatchingInlineSnapshot(`
      [ExternalExecutorError: The subagent codex sets options its codex executor cannot honour:
      - model: the executor chooses its own model; remove \`model\` or set it to \`inherit\`
      - tools: the executor runs its own tools, not ours
      - disallowedTools: the executor runs its own tools, not ours
      - runConfig.max_turns: the executor runs its own loop, whose turns cannot be counted from here]
    `);
    expect(existsSync(folders.file('started.jsonl'))).toBe(false);
  });

  it('A7 stops a task at its max_time_minutes limit', async () => {
    await writeFakeCodexAppServer(folders.bin, { misbehave: 'hang' });
    const definition = externalDefinition(codex.executor!, { maxTimeMs: 50 });
    const task = startExternalTask(externalRequest(folders, definition), { killGraceMs: 100 });
    await expect(task.result).rejects.toMatchObject({ code: 'executor_cancelled' });
    await expect(task.result).rejects.toThrow(/reached its time limit/);
  });
});
