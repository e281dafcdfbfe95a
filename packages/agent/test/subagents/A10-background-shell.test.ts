import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BackgroundTasks } from '@skilldock/agent/subagents';
import { isProcessAlive, waitUntilProcessGone } from '@skilldock/agent/testing';
import { createShellTaskRuntime, createShellTool } from '@skilldock/agent/tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryProject } from '../loop/loop-harness.js';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { type SubagentSetup, settleTasks, startSubagentSetup } from './subagent-harness.js';

let project: Awaited<ReturnType<typeof temporaryProject>>;
let setup: SubagentSetup | undefined;
beforeEach(async () => {
  project = await temporaryProject();
});
afterEach(async () => {
  await setup?.close();
  setup = undefined;
  await project.remove();
});

describe.each(PROTOCOL_CASES)('background shells over $protocol', (protocolCase) => {
  async function runShells(commands: readonly string[], shellOptions = {}) {
    let turns = 0;
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      tools: [
        createShellTool({ environment: { PATH: process.env.PATH ?? '' }, killGraceMs: 200, ...shellOptions }),
      ],
      context: { approvalModes: ['yolo'] },
      script: () =>
        ++turns === 1
          ? {
              toolCalls: commands.map((command) => ({
                name: 'shell',
                arguments: { command, run_in_background: true },
              })),
            }
          : { text: 'Waiting for the build.' },
    });
    const { result } = await setup.run('Build in the background.');
    return {
      result,
      started: protocolCase.toolResultsOf(setup.server.requests.at(-1)!.body).map((entry) => entry.content),
    };
  }

  it('A10 run_in_background returns a task id at once; the completion arrives as a notification, output in a file', async () => {
    const { result, started } = await runShells(['printf "building\\n"; printf "built\\n"; exit 3']);
    expect(result.finalText).toBe('Waiting for the build.');
    const match =
      /^Started (shell-1-[0-9a-f]{6}) in the background\. Its output goes to (\S+); its completion arrives as a notification\./.exec(
        started[0]!,
      );
    expect(match).not.toBeNull();
    const notification = await settleTasks(setup!.tasks);
    expect(notification).toContain(
      `[${match![1]} · shell · "printf \\"building\\\\n\\"; printf \\"built\\\\n\\"; exit 3"] failed:`,
    );
    expect(notification).toContain('building\nbuilt\nExit code: 3');
    expect(await readFile(match![2]!, 'utf8')).toBe('building\nbuilt\n');
    expect(setup!.tasks.list()).toMatchObject([
      {
        kind: 'shell',
        status: 'failed',
        canMessage: false,
        whyNot: expect.stringMatching(/shell command; it takes no messages/),
      },
    ]);
  });

  it('A10 the output file is capped; what is past the cap is counted, not kept', async () => {
    const tasks = new BackgroundTasks({ interactive: false });
    try {
      const outputFile = await tasks.outputFile('capped');
      const started = tasks.start({
        kind: 'shell',
        type: 'shell',
        description: 'loud',
        background: true,
        runtime: createShellTaskRuntime({
          command: 'head -c 5000 /dev/zero | tr "\\0" "y"',
          cwd: project.root,
          environment: { PATH: process.env.PATH ?? '' },
          outputFile,
          maxOutputBytes: 1000,
        }),
      });
      if (!started.ok) throw new Error(started.message);
      expect((await started.outcome).status).toBe('completed');
      expect(await readFile(outputFile, 'utf8')).toMatch(
        /^y{1000}\n\[… 4000 more bytes of output were not kept \(the file keeps 1000\) …\]\n$/,
      );
    } finally {
      await tasks.close();
    }
  });

  it('A10 closing the session stops a background server and its children', async () => {
    const { started } = await runShells(['sleep 30 & echo $! > sleep.pid; wait']);
    expect(started[0]).toMatch(/^Started shell-1-/);
    expect(setup!.tasks.hasRunningBackground()).toBe(true);
    let pid = Number.NaN;
    while (Number.isNaN(pid)) {
      pid = Number.parseInt(await readFile(path.join(project.root, 'sleep.pid'), 'utf8').catch(() => ''), 10);
      if (Number.isNaN(pid)) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(isProcessAlive(pid)).toBe(true);
    await setup!.tasks.close();
    expect(await waitUntilProcessGone(pid)).toBe(true);
    expect(setup!.tasks.list()).toMatchObject([{ status: 'cancelled' }]);
    expect(setup!.tasks.hasRunningBackground()).toBe(false);
  });

  it('A10 a run without a task manager refuses run_in_background', async () => {
    const tool = createShellTool({ environment: { PATH: process.env.PATH ?? '' } });
    const result = await tool.execute(
      { command: 'true', run_in_background: true },
      {
        cwd: project.root,
        readOnlyRoots: [],
        signal: new AbortController().signal,
        reportFiles: () => undefined,
      },
    );
    expect(result).toEqual({
      content:
        'Background commands are not available in this run; run the command without run_in_background.',
      isError: true,
    });
  });
});

describe('background shells inside a launcher', () => {
  it('A10 a background command runs inside the launcher a foreground one would (a sandbox never skipped)', async () => {
    const outputFile = path.join(project.root, 'task.out');
    const runtime = createShellTaskRuntime({
      command: 'echo "inside $LAUNCHED_BY"',
      cwd: project.root,
      environment: { PATH: process.env.PATH ?? '' },
      outputFile,
      launcher: { executable: '/usr/bin/env', args: ['LAUNCHED_BY=launcher'] },
    });
    const outcome = await runtime.start({ signal: new AbortController().signal, progress: () => {} });
    expect(outcome.status).toBe('completed');
    expect(await readFile(outputFile, 'utf8')).toBe('inside launcher\n');
  });
});
