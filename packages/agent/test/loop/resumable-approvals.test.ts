import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  type AgentEvent,
  approveToolCall,
  denyToolCall,
  parseRunState,
  type RunResult,
} from '@skilldock/agent/loop';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { type LoopSetup, startLoop, temporaryProject, testTool } from './loop-harness.js';

const RESUME_SCRIPT = fileURLToPath(new URL('../fixtures/resume-run.mjs', import.meta.url));

let project: Awaited<ReturnType<typeof temporaryProject>>;
let setups: LoopSetup[] = [];
beforeEach(async () => {
  project = await temporaryProject();
});
afterEach(async () => {
  await Promise.all(setups.map((setup) => setup.server.close()));
  setups = [];
  await project.remove();
});

const SCRIPT = [
  {
    toolCalls: [
      { name: 'look', arguments: {} },
      { name: 'write', arguments: { path: 'notes.md' } },
      { name: 'look', arguments: { path: 'again' } },
      { name: 'shell', arguments: {} },
    ],
  },
  { text: 'Done.' },
];

/** The conversation without ids the fake server makes up per run. */
const conversation = (result: RunResult) =>
  result.messages.map((message) =>
    message.role === 'tool'
      ? [message.role, message.toolName, message.content, message.isError]
      : message.role === 'assistant'
        ? [
            message.role,
            message.content,
            (message.toolCalls ?? []).map((call) => [call.name, call.arguments]),
          ]
        : [message.role, message.content],
  );

describe.each(PROTOCOL_CASES)('resumable approvals over $protocol', (protocolCase) => {
  async function start(interruptForApproval: boolean, askApproval?: () => Promise<'allow' | 'deny'>) {
    const ran: string[] = [];
    const tool = (name: string, kind: 'read' | 'edit' | 'execute') =>
      testTool(name, kind, async () => {
        ran.push(name);
        return { content: `${name} ok`, isError: false };
      });
    const setup = await startLoop(protocolCase, SCRIPT, {
      cwd: project.root,
      tools: [tool('look', 'read'), tool('write', 'edit'), tool('shell', 'execute')],
      approvalModes: ['default'],
      interruptForApproval,
      ...(askApproval === undefined ? {} : { askApproval }),
    });
    setups.push(setup);
    return { setup, ran };
  }

  function resumeInAnotherProcess(
    baseUrl: string,
    stored: string,
    answers: { toolCallId: string; decision: 'allow' | 'deny'; reason?: string }[],
  ): Promise<{ ran: string[]; result: RunResult }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [RESUME_SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`resume exited ${code}: ${stderr}`)),
      );
      child.stdin.end(
        JSON.stringify({
          protocol: protocolCase.protocol,
          baseUrl,
          state: stored,
          answers,
          cwd: project.root,
        }),
      );
    });
  }

  it('G3 interrupt, serialise, resume in a new process: the same conversation as an uninterrupted run', async () => {
    const straight = await start(false, async () => 'allow');
    const expected = await straight.setup.run({ prompt: 'Go' });
    expect(expected.result.status).toBe('completed');
    expect(straight.ran).toEqual(['look', 'write', 'look', 'shell']);

    const { setup, ran } = await start(true);
    const first = await setup.run({ prompt: 'Go' });
    expect(first.result.status).toBe('interrupted');
    // Everything before the first call waiting for approval ran; nothing after it did.
    expect(ran).toEqual(['look']);
    expect(
      first.result.interruptions?.map((request) => [request.toolName, request.kind, request.input]),
    ).toEqual([
      ['write', 'edit', { path: 'notes.md' }],
      ['shell', 'execute', {}],
    ]);
    const requested = first.events.filter((event: AgentEvent) => event.type === 'approval-request');
    expect(requested).toHaveLength(1);
    expect(first.events.at(-1)?.type).toBe('run-end');
    expect(setup.server.requests).toHaveLength(1);

    const stored = JSON.stringify(first.result.state);
    const answers = first.result.interruptions!.map((request) => ({
      toolCallId: request.toolCallId,
      decision: 'allow' as const,
    }));
    const baseUrl =
      protocolCase.protocol === 'openai' ? setup.server.openaiBaseUrl : setup.server.anthropicBaseUrl;
    const resumed = await resumeInAnotherProcess(baseUrl, stored, answers);
    expect(resumed.ran).toEqual(['write', 'look', 'shell']);
    expect(resumed.result.status).toBe('completed');
    expect(resumed.result.finalText).toBe('Done.');
    expect(conversation(resumed.result)).toEqual(conversation(expected.result));
    expect(resumed.result.stats.turns).toBe(expected.result.stats.turns);
    expect(resumed.result.stats.toolCalls).toBe(expected.result.stats.toolCalls);
    // The model saw the same tool results in the same order as in the uninterrupted run.
    expect(protocolCase.toolResultsOf(setup.server.requests[1]?.body).map((entry) => entry.content)).toEqual(
      protocolCase.toolResultsOf(straight.setup.server.requests[1]?.body).map((entry) => entry.content),
    );
  });

  it('G3 a denial carries its reason to the model; an unanswered call interrupts again', async () => {
    const { setup, ran } = await start(true);
    const first = await setup.run({ prompt: 'Go' });
    const [write, shell] = first.result.interruptions!;
    let state = parseRunState(JSON.parse(JSON.stringify(first.result.state)));
    state = denyToolCall(state, write!.toolCallId, 'not that file');
    const second = await setup.run({ state });
    expect(second.result.status).toBe('interrupted');
    expect(second.result.interruptions?.map((request) => request.toolName)).toEqual(['shell']);
    expect(ran).toEqual(['look', 'look']);
    state = approveToolCall(second.result.state!, shell!.toolCallId);
    const third = await setup.run({ state });
    expect(third.result.status).toBe('completed');
    expect(ran).toEqual(['look', 'look', 'shell']);
    expect(protocolCase.toolResultsOf(setup.server.requests[1]?.body).map((entry) => entry.content)).toEqual([
      'look ok',
      'The user did not approve running write: not that file',
      'look ok',
      'shell ok',
    ]);
  });
});

describe('RunState', () => {
  it('G3 refuses an answer for a call that is not pending, and malformed stored state, naming the field', () => {
    // Stored before $schemaVersion (v1): parseRunState migrates it.
    const stored = {
      version: 1,
      messages: [],
      stats: { turns: 1, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, toolCalls: 1, wallTimeMs: 3 },
      interruptions: [
        { toolCallId: 'call-1', toolName: 'write', kind: 'edit', input: {}, modes: ['default'] },
      ],
      answers: [],
    };
    const state = parseRunState(stored);
    expect(() => approveToolCall(state, 'call-2')).toThrow(/no tool call call-2 is waiting/);
    expect(approveToolCall(state, 'call-1').answers).toEqual([{ toolCallId: 'call-1', decision: 'allow' }]);
    expect(() => parseRunState(null)).toThrow(/run state is not an object/);
    expect(() => parseRunState({ ...stored, version: 2 })).toThrow(/version must be 1/);
    expect(() => parseRunState({ ...state, $schemaVersion: 1 })).toThrow(/\$schemaVersion/);
    expect(() => parseRunState({ ...state, messages: [{ role: 'system' }] })).toThrow(/messages\[0\]\.role/);
    expect(() => parseRunState({ ...state, stats: { ...state.stats, turns: 'x' } })).toThrow(/stats\.turns/);
    expect(() => parseRunState({ ...state, answers: [{ toolCallId: 'call-1', decision: 'maybe' }] })).toThrow(
      /answers\[0\]/,
    );
  });
});
