import path from 'node:path';
import { readTranscript, SessionTranscript } from '@skilldock/agent/session';
import {
  createSessionSubagentRegistry,
  type ExternalTaskRequest,
  type ExternalTaskSession,
  recordTasks,
  restoreTasks,
} from '@skilldock/agent/subagents';
import type { RecordedRequest } from '@skilldock/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryProject } from '../loop/loop-harness.js';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { definition, type SubagentSetup, settleTasks, startSubagentSetup } from './subagent-harness.js';

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

/**
 * The executors' side of the contract (`startExternalTask`), played in memory: an ACP-like session
 * that takes further input (`send`), or a Codex-like one that answers once. The real executors are
 * tested by their own suite; this checks how the agent tool drives any of them.
 */
function scriptedExecutor(withSend: boolean, usage?: { inputTokens: number; outputTokens: number }) {
  const requests: ExternalTaskRequest[] = [];
  const sent: string[] = [];
  let closed = 0;
  const start = (request: ExternalTaskRequest): ExternalTaskSession => {
    requests.push(request);
    request.onProgress?.({ type: 'tool-start', name: 'Read' });
    request.onProgress?.({ type: 'tool-end', name: 'Read' });
    if (usage !== undefined) request.onProgress?.({ type: 'usage', ...usage });
    return {
      result: Promise.resolve({ text: `external answer to: ${request.prompt}` }),
      ...(withSend
        ? {
            send: async (message: string) => {
              sent.push(message);
              return { text: `external follow-up: ${message}` };
            },
          }
        : {}),
      close: async () => {
        closed++;
      },
    };
  };
  return { start, requests, sent, closed: () => closed };
}

describe.each(PROTOCOL_CASES)('external executors through the agent tool ($protocol)', (protocolCase) => {
  const parentScript = (call: Record<string, unknown>) => {
    let turns = 0;
    return (_request: RecordedRequest) =>
      ++turns === 1 ? { toolCalls: [{ name: 'agent', arguments: call }] } : { text: 'ok' };
  };

  it('A7 a foreground ACP agent returns its answer; it is read-only unless the session allows edits, and takes messages', async () => {
    const executor = scriptedExecutor(true);
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      agents: [
        definition({
          name: 'claude-code',
          background: false,
          executor: { kind: 'acp', command: 'claude-agent-acp' },
        }),
      ],
      agentTool: { startExternalTask: executor.start, executorEnvironment: { PATH: '/usr/bin' } },
      script: parentScript({
        subagent_type: 'claude-code',
        description: 'review',
        prompt: 'Review the diff',
      }),
    });
    await setup.run('Ask Claude Code.');
    const result = protocolCase.toolResultsOf(setup.server.requests.at(-1)!.body)[0]!.content;
    expect(result).toMatch(
      /^external answer to: Review the diff\n\n\[agent-1-[0-9a-f]{6} · claude-code · completed · 1 turn · 0 tokens \(0 in, 0 out\) · 1 tool call · [\d.]+ s · send_message continues it\]$/,
    );
    expect(executor.requests[0]).toMatchObject({
      prompt: 'Review the diff',
      cwd: project.root,
      allowEdits: false,
      env: { PATH: '/usr/bin' },
    });
    const [task] = setup.tasks.list();
    expect(await setup.tasks.sendMessage(task!.taskId, 'And the tests?')).toEqual({
      ok: true,
      how: 'continued',
    });
    expect(await settleTasks(setup.tasks)).toContain('external follow-up: And the tests?');
    expect(executor.sent).toEqual(['And the tests?']);
    await setup.tasks.close();
    expect(executor.closed()).toBe(1);
  });

  it('A7 a Codex-like executor takes no messages, and auto-edit lets it write', async () => {
    const executor = scriptedExecutor(false);
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      context: { approvalModes: ['auto-edit'] },
      agents: [
        definition({ name: 'codex', background: false, executor: { kind: 'codex', command: 'codex' } }),
      ],
      agentTool: { startExternalTask: executor.start },
      script: parentScript({ subagent_type: 'codex', description: 'fix', prompt: 'Fix it' }),
    });
    await setup.run('Ask Codex.');
    expect(executor.requests[0]?.allowEdits).toBe(true);
    const [task] = setup.tasks.list();
    expect(task).toMatchObject({
      canMessage: false,
      whyNot: 'codex (codex) runs one task and takes no messages; start a new task instead.',
    });
    expect(await setup.tasks.sendMessage(task!.taskId, 'More')).toEqual({
      ok: false,
      code: 'task_takes_no_messages',
      message: 'codex (codex) runs one task and takes no messages; start a new task instead.',
    });
  });

  it('A7 without executors in the session such an agent is refused', async () => {
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      agents: [
        definition({ name: 'codex', background: false, executor: { kind: 'codex', command: 'codex' } }),
      ],
      script: parentScript({ subagent_type: 'codex', description: 'fix', prompt: 'Fix it' }),
    });
    await setup.run('Ask Codex.');
    expect(protocolCase.toolResultsOf(setup.server.requests.at(-1)!.body)[0]!.content).toBe(
      'codex runs on an external executor (codex), which this session cannot start.',
    );
  });

  it("A7 the executor's token usage is the task's, and its transcript keeps what went in and came back; a resumed session does not revive it in our loop", async () => {
    const executor = scriptedExecutor(true, { inputTokens: 1500, outputTokens: 20 });
    const agents = [
      definition({
        name: 'claude-code',
        background: false,
        executor: { kind: 'acp', command: 'claude-agent-acp' },
      }),
    ];
    const folder = path.join(project.root, '.home', 'sessions', 'parent.agents');
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      agents,
      agentTool: {
        startExternalTask: executor.start,
        transcripts: () => ({ folder, projectRoot: project.root }),
      },
      script: parentScript({
        subagent_type: 'claude-code',
        description: 'review',
        prompt: 'Review the diff',
      }),
    });
    const parentTranscript = await SessionTranscript.create({
      home: path.join(project.root, '.home'),
      projectRoot: project.root,
      model: 'test',
    });
    const stop = recordTasks(setup.tasks, parentTranscript);
    await setup.run('Ask Claude Code.');
    const result = protocolCase.toolResultsOf(setup.server.requests.at(-1)!.body)[0]!.content;
    expect(result).toContain('· 1,520 tokens (1,500 in, 20 out) · 1 tool call ·');
    const [task] = setup.tasks.list();
    expect(await setup.tasks.sendMessage(task!.taskId, 'And the tests?')).toMatchObject({ ok: true });
    await settleTasks(setup.tasks);
    stop();
    await parentTranscript.close();
    await setup.tasks.close();

    const file = setup.tasks.list()[0]?.file;
    expect(file).toBeDefined();
    const recorded = await readTranscript(file!);
    expect(recorded.messages.map((message) => [message.role, (message as { text?: string }).text])).toEqual([
      ['user', 'Review the diff'],
      ['assistant', 'external answer to: Review the diff'],
      ['user', 'And the tests?'],
      ['assistant', 'external follow-up: And the tests?'],
    ]);

    // A later process lists the task, but its executor's session is gone: no revival in our loop.
    const later = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      agents,
      agentTool: { startExternalTask: executor.start },
      script: [{ text: 'unused' }],
    });
    try {
      const loaded = await readTranscript(parentTranscript.file);
      expect(
        restoreTasks(later.tasks, loaded.entries, { registry: createSessionSubagentRegistry(agents) }),
      ).toBe(1);
      // Revival reads only the caller's context, which this refusal never reaches.
      const caller = { context: later.context } as unknown as Parameters<typeof later.tasks.sendMessage>[2];
      expect(await later.tasks.sendMessage(task!.taskId, 'More', caller)).toMatchObject({
        ok: false,
        code: 'task_revival_failed',
        message: expect.stringContaining('ran on an external executor (acp), whose session ended'),
      });
    } finally {
      await later.close();
    }
    expect(later.server.requests).toEqual([]);
  });
});
