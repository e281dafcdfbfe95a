import {
  BackgroundTasks,
  maxBackgroundAgentsFrom,
  type TaskEvent,
  type TaskRuntime,
} from '@skilldock/agent/subagents';
import type { RecordedRequest } from '@skilldock/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryProject, testTool } from '../loop/loop-harness.js';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import {
  definition,
  heldTool,
  type SubagentSetup,
  settleTasks,
  startSubagentSetup,
  systemOf,
} from './subagent-harness.js';

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

const isParent = (protocolCase: (typeof PROTOCOL_CASES)[number], request: RecordedRequest) =>
  systemOf(protocolCase, request).startsWith('You are the parent.');

describe.each(PROTOCOL_CASES)('background agents over $protocol', (protocolCase) => {
  it('A5 a regular agent runs in the background by default: a task_id at once, then one notification', async () => {
    const held = heldTool('wait_here');
    let parentTurns = 0;
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      tools: [held.tool],
      script: (request) => {
        if (isParent(protocolCase, request)) {
          return ++parentTurns === 1
            ? {
                toolCalls: [
                  { name: 'agent', arguments: { description: 'survey', prompt: 'Survey the code.' } },
                ],
              }
            : { text: 'Started it.' };
        }
        return protocolCase.toolResultsOf(request.body).length === 0
          ? { toolCalls: [{ name: 'wait_here', arguments: {} }] }
          : { text: 'Survey done.' };
      },
    });
    const events: TaskEvent[] = [];
    setup.tasks.subscribe((event) => events.push(event));
    const { result } = await setup.run('Survey in the background.');
    // The parent finished while the agent still waits in its tool: it really is in the background.
    expect(result.finalText).toBe('Started it.');
    const started = protocolCase.toolResultsOf(
      setup.server.requests.filter((request) => isParent(protocolCase, request))[1]!.body,
    )[0]!;
    expect(started.content).toMatch(
      /^Started agent-1-[0-9a-f]{6} \(general-purpose\) in the background: "survey"\./,
    );
    await held.started;
    expect(setup.tasks.list()).toMatchObject([
      { status: 'running', background: true, canMessage: true, type: 'general-purpose' },
    ]);
    // While it runs, only an interim progress pulse waits: no result yet.
    expect(setup.tasks.hasResults()).toBe(false);
    expect(setup.tasks.takeNotifications().items).toEqual([
      {
        kind: 'progress',
        taskId: expect.stringMatching(/^agent-1-/),
        text: expect.stringMatching(/still running: 1 turns, \d+ tokens, now wait_here\.$/),
      },
    ]);
    held.release();
    const text = await settleTasks(setup.tasks);
    expect(text.match(/completed/g)).toHaveLength(1);
    expect(text).toMatch(
      /\[agent-1-[0-9a-f]{6} · general-purpose · "survey"\] completed \(2 turns, \d+ tokens, 1 tool calls, [\d.]+ s\):\nSurvey done\./,
    );
    // Live progress: the current tool, then the turn count and tokens, with the task id.
    const progress = events.filter((event) => event.type === 'task-progress');
    expect(progress.some((event) => event.task.progress.currentTool === 'wait_here')).toBe(true);
    expect(progress.at(-1)!.task.progress.turns).toBe(2);
    expect(events.map((event) => event.type).filter((type) => type !== 'task-progress')).toEqual([
      'task-start',
      'task-end',
    ]);
  });

  it('A5 background agents over the limit are refused with a reason; SKILLDOCK_MAX_BACKGROUND_AGENTS sets it', async () => {
    expect(maxBackgroundAgentsFrom({ SKILLDOCK_MAX_BACKGROUND_AGENTS: '3' })).toBe(3);
    expect(maxBackgroundAgentsFrom({ SKILLDOCK_MAX_BACKGROUND_AGENTS: '0' })).toBe(10);
    expect(maxBackgroundAgentsFrom({ SKILLDOCK_MAX_BACKGROUND_AGENTS: 'many' })).toBe(10);
    expect(maxBackgroundAgentsFrom({})).toBe(10);
    const held = heldTool('wait_here');
    let parentTurns = 0;
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      tools: [held.tool],
      tasks: { maxBackgroundAgents: 2 },
      script: (request) => {
        if (isParent(protocolCase, request)) {
          return ++parentTurns === 1
            ? {
                toolCalls: [1, 2, 3].map((n) => ({
                  name: 'agent',
                  arguments: { description: `job ${n}`, prompt: `Job ${n}` },
                })),
              }
            : { text: 'ok' };
        }
        return protocolCase.toolResultsOf(request.body).length === 0
          ? { toolCalls: [{ name: 'wait_here', arguments: {} }] }
          : { text: 'done' };
      },
    });
    await setup.run('Three jobs.');
    const results = protocolCase.toolResultsOf(
      setup.server.requests.filter((request) => isParent(protocolCase, request))[1]!.body,
    );
    expect(results.filter((entry) => entry.content.startsWith('Started agent-'))).toHaveLength(2);
    expect(results.map((entry) => entry.content)).toContain(
      '2 background agents are already running (the limit; SKILLDOCK_MAX_BACKGROUND_AGENTS changes it). Wait for a result, or run this task with run_in_background: false.',
    );
    held.release();
    expect((await settleTasks(setup.tasks)).match(/\] completed/g)).toHaveLength(2);
  });

  it('A5 send_message reaches a running agent at its next tool boundary, and continues a finished one', async () => {
    const held = heldTool('wait_here');
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      tools: [held.tool],
      agents: [definition({ name: 'worker' })],
      script: (request) => {
        if (isParent(protocolCase, request)) return { text: 'unused' };
        const texts = protocolCase.userTextsOf(request.body);
        if (protocolCase.toolResultsOf(request.body).length === 0)
          return { toolCalls: [{ name: 'wait_here', arguments: {} }] };
        return { text: `Seen: ${texts.join(' | ')}` };
      },
    });
    const started = await startDirect(setup, 'worker', 'Start.');
    await held.started;
    expect(await setup.tasks.sendMessage(started, 'Also check B.')).toEqual({ ok: true, how: 'queued' });
    held.release();
    await setup.tasks.waitForResult();
    expect(setup.tasks.takeNotificationText()).toContain('Seen: Start. | Also check B.');
    // Finished: the message continues it on its live runtime, with its whole history.
    expect(await setup.tasks.sendMessage(started, 'Now C.')).toEqual({ ok: true, how: 'continued' });
    await setup.tasks.waitForResult();
    const second = setup.tasks.takeNotificationText();
    expect(second).toContain('Seen: Start. | Also check B. | Now C.');
    expect(second?.match(/\] completed/g)).toHaveLength(1);
    expect(setup.tasks.get(started)).toMatchObject({ status: 'completed', progress: { turns: 3 } });
  });

  it('A5 send_message refuses hostile and unknown task ids, shells and messages over 64 KiB', async () => {
    let parentTurns = 0;
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      script: () =>
        ++parentTurns === 1
          ? {
              toolCalls: [
                { name: 'send_message', arguments: { task_id: '../../etc/passwd', message: 'hi' } },
                { name: 'send_message', arguments: { task_id: 'agent-1-abcdef', message: 'hi' } },
                { name: 'send_message', arguments: { task_id: `agent-${'9'.repeat(150)}`, message: 'hi' } },
                {
                  name: 'send_message',
                  arguments: { task_id: 'agent-1-abcdef', message: 'x'.repeat(64 * 1024 + 1) },
                },
                { name: 'list_agents', arguments: {} },
              ],
            }
          : { text: 'ok' },
    });
    await setup.run('Poke.');
    const results = protocolCase
      .toolResultsOf(setup.server.requests.at(-1)!.body)
      .map((entry) => entry.content);
    expect(results[0]).toBe(
      '"../../etc/passwd" is not a task id (they look like agent-3-9f2c1a); list_agents shows them.',
    );
    expect(results[1]).toBe('There is no task agent-1-abcdef in this session; list_agents shows the tasks.');
    expect(results[2]).toMatch(/^"agent-9{34}…" is not a task id/);
    expect(results[3]).toMatch(/The message is over 64 KiB/);
    expect(results[4]).toBe('No tasks in this session yet.');
  });

  it("A5 cancelling the parent's turn cancels its foreground agent, which reports it was cancelled", async () => {
    const held = heldTool('wait_here');
    let parentTurns = 0;
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      tools: [held.tool],
      agents: [definition({ name: 'worker', background: false })],
      script: (request) => {
        if (isParent(protocolCase, request)) {
          return ++parentTurns === 1
            ? {
                toolCalls: [
                  { name: 'agent', arguments: { subagent_type: 'worker', description: 'w', prompt: 'Work' } },
                ],
              }
            : { text: 'unused' };
        }
        return { toolCalls: [{ name: 'wait_here', arguments: {} }] };
      },
    });
    const controller = new AbortController();
    const running = setup.run('Work in the foreground.', { signal: controller.signal });
    await held.started;
    controller.abort();
    const { result } = await running;
    expect(result.status).toBe('cancelled');
    await setup.tasks.whenIdle();
    expect(setup.tasks.list()).toMatchObject([{ type: 'worker', status: 'cancelled', background: false }]);
    // A foreground task is answered in the call itself: no notification for it.
    expect(setup.tasks.hasResults()).toBe(false);
  });

  it('A5 cancelling a running agent mid-run ends it cancelled, with exactly one notification', async () => {
    const held = heldTool('wait_here');
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      tools: [held.tool],
      agents: [definition({ name: 'worker' })],
      script: () => ({ toolCalls: [{ name: 'wait_here', arguments: {} }] }),
    });
    const taskId = await startDirect(setup, 'worker', 'Start.');
    await held.started;
    expect(setup.tasks.cancel(taskId)).toBe(true);
    const text = await settleTasks(setup.tasks);
    expect(text.match(/\] cancelled/g)).toHaveLength(1);
    expect(setup.tasks.get(taskId)?.status).toBe('cancelled');
    expect(setup.tasks.cancel(taskId)).toBe(false);
    expect(setup.tasks.takeNotificationText()).toBeUndefined();
  });
});

describe('the task manager (SPEC A5)', () => {
  /** A runtime that ignores cancellation: only the grace period ends it. */
  function stubbornRuntime(): TaskRuntime & { killed: boolean } {
    const runtime = {
      killed: false,
      messaging: { unavailable: 'no' },
      start: () => new Promise<never>(() => undefined),
      killNow() {
        runtime.killed = true;
      },
    };
    return runtime;
  }

  it('A5 a task that ignores cancellation is given up after the grace period and its processes killed', async () => {
    const tasks = new BackgroundTasks({ interactive: true, cancelGraceMs: 20 });
    const runtime = stubbornRuntime();
    const started = tasks.start({
      kind: 'shell',
      type: 'shell',
      description: 'sleep',
      background: true,
      runtime,
    });
    if (!started.ok) throw new Error(started.message);
    tasks.cancel(started.taskId);
    const outcome = await started.outcome;
    expect(outcome).toEqual({
      status: 'cancelled',
      text: 'The task did not stop within 20 ms of being cancelled; it was given up.',
    });
    expect(runtime.killed).toBe(true);
    await tasks.close();
  });

  it('A5 closing the session cancels every running task and queues no notification for them', async () => {
    const tasks = new BackgroundTasks({ interactive: false, cancelGraceMs: 20 });
    const outcomes = [1, 2, 3].map(() => {
      const started = tasks.start({
        kind: 'agent',
        type: 'x',
        description: 'x',
        background: true,
        runtime: stubbornRuntime(),
      });
      if (!started.ok) throw new Error(started.message);
      return started.outcome;
    });
    await tasks.close();
    expect((await Promise.all(outcomes)).map((outcome) => outcome.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(tasks.takeNotificationText()).toBeUndefined();
    expect(
      tasks.start({
        kind: 'agent',
        type: 'x',
        description: 'x',
        background: true,
        runtime: stubbornRuntime(),
      }),
    ).toEqual({
      ok: false,
      code: 'session_closed',
      message: 'The session is closing; no task can start.',
    });
  });

  it('A5 twenty-five concurrent results in an interactive session keep every agent result and report shell drops', async () => {
    const tasks = new BackgroundTasks({ interactive: true, maxBackgroundAgents: 30 });
    const done = (kind: 'agent' | 'shell', n: number) => {
      const started = tasks.start({
        kind,
        type: kind,
        description: `${kind} ${n}`,
        background: true,
        runtime: {
          messaging: { unavailable: 'no' },
          start: async () => ({ status: 'completed', text: `${kind} ${n} done` }),
        },
      });
      if (!started.ok) throw new Error(started.message);
      return started.outcome;
    };
    await Promise.all([
      ...Array.from({ length: 15 }, (_, n) => done('agent', n)),
      ...Array.from({ length: 10 }, (_, n) => done('shell', n)),
    ]);
    const { items, dropReport } = tasks.takeNotifications();
    expect(items.filter((item) => item.kind === 'agent-result')).toHaveLength(15);
    expect(items).toHaveLength(20);
    expect(dropReport).toMatch(/^5 notifications were dropped \(the queue holds 20\): 5 shell results\./);
    await tasks.close();
  });
});

async function startDirect(setupValue: SubagentSetup, type: string, prompt: string): Promise<string> {
  // The parent's first request starts the agent; the fake answers parents with the agent call.
  const agentTool = setupValue.context.tools.find((tool) => tool.name === 'agent')!;
  if (!('executeInRun' in agentTool)) throw new Error('the agent tool is run-aware');
  const result = await (agentTool as import('@skilldock/agent').RunAwareTool).executeInRun(
    { subagent_type: type, description: type, prompt },
    {
      cwd: setupValue.context.cwd,
      readOnlyRoots: [],
      signal: new AbortController().signal,
      reportFiles: () => undefined,
    },
    {
      toolCallId: 'call_1',
      context: setupValue.context,
      messages: [],
      system: 'You are the parent.',
      tools: [],
    },
  );
  const taskId = /Started (agent-\d+-[0-9a-f]{6})/.exec(result.content)?.[1];
  if (taskId === undefined) throw new Error(result.content);
  return taskId;
}

void testTool;
