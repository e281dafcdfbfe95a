import type { AgentEvent, ApprovalRequest } from '@skilldock/agent/loop';
import type { ApprovalMode } from '@skilldock/agent/policy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { eventTypes, type LoopSetup, startLoop, temporaryProject, testTool } from './loop-harness.js';

let project: Awaited<ReturnType<typeof temporaryProject>>;
let setup: LoopSetup | undefined;
beforeEach(async () => {
  project = await temporaryProject();
});
afterEach(async () => {
  await setup?.server.close();
  setup = undefined;
  await project.remove();
});

const SCRIPT = [
  {
    toolCalls: [
      { name: 'look', arguments: {} },
      { name: 'write', arguments: { path: 'notes.md' } },
      { name: 'shell', arguments: {} },
    ],
  },
  { text: 'Done.' },
];

const decisions = (events: readonly AgentEvent[]) =>
  events.flatMap((event) =>
    event.type === 'approval-decision' ? [[event.toolName, event.decision, event.decidedBy]] : [],
  );

describe.each(PROTOCOL_CASES)('approvals over $protocol', (protocolCase) => {
  async function runWith(
    modes: ApprovalMode[],
    askApproval?: (request: ApprovalRequest) => Promise<'allow' | 'deny'>,
    signal?: AbortSignal,
  ) {
    const ran: string[] = [];
    const tool = (name: string, kind: 'read' | 'edit' | 'execute') =>
      testTool(name, kind, async () => {
        ran.push(name);
        return { content: `${name} ok`, isError: false };
      });
    setup = await startLoop(protocolCase, SCRIPT, {
      cwd: project.root,
      tools: [tool('look', 'read'), tool('write', 'edit'), tool('shell', 'execute')],
      approvalModes: modes,
      ...(askApproval === undefined ? {} : { askApproval }),
    });
    const { result, events } = await setup.run({ prompt: 'Go' }, signal === undefined ? {} : { signal });
    const second = setup.server.requests[1];
    const sent =
      second === undefined ? [] : protocolCase.toolResultsOf(second.body).map((entry) => entry.content);
    return { ran, result, events, sent };
  }

  it('G3 plan mode denies edits and commands; the model reads why', async () => {
    const { ran, events, sent } = await runWith(['plan']);
    expect(ran).toEqual(['look']);
    expect(sent).toEqual([
      'look ok',
      'The tool write was not run: plan mode does not allow changing files.',
      'The tool shell was not run: plan mode does not allow running commands or outside tools.',
    ]);
    expect(decisions(events)).toEqual([
      ['write', 'deny', 'policy'],
      ['shell', 'deny', 'policy'],
    ]);
  });

  it('G3 default mode asks before edits and commands and follows the answers', async () => {
    const asked: ApprovalRequest[] = [];
    const { ran, events, sent } = await runWith(['default'], async (request) => {
      asked.push(request);
      return request.toolName === 'write' ? 'allow' : 'deny';
    });
    expect(asked.map((request) => [request.toolName, request.kind, request.input])).toEqual([
      ['write', 'edit', { path: 'notes.md' }],
      ['shell', 'execute', {}],
    ]);
    expect(ran).toEqual(['look', 'write']);
    expect(sent[2]).toBe('The user did not approve running shell.');
    expect(decisions(events)).toEqual([
      ['write', 'allow', 'user'],
      ['shell', 'deny', 'user'],
    ]);
    expect(events.filter((event) => event.type === 'approval-request')).toHaveLength(2);
  });

  it('G3 the approval callback answers interruptions in one run: one run-end, each call started once, the same events as a stored approval', async () => {
    const { events, result } = await runWith(['default'], async () => 'allow');
    expect(result.status).toBe('completed');
    expect(result.state).toBeUndefined();
    expect(events.filter((event) => event.type === 'run-end')).toHaveLength(1);
    const started = events.flatMap((event) => (event.type === 'tool-call-start' ? [event.toolCall.id] : []));
    expect(started).toHaveLength(3);
    expect(new Set(started).size).toBe(3);
    const write = events.findIndex(
      (event) => event.type === 'tool-call-start' && event.toolCall.name === 'write',
    );
    expect(eventTypes(events.slice(write, write + 4))).toEqual([
      'tool-call-start',
      'approval-request',
      'approval-decision',
      'tool-call-end',
    ]);
    expect(result.stats.toolCalls).toBe(3);
    expect(result.stats.turns).toBe(2);
  });

  it('G3 a callback that throws denies the call with why; the run goes on', async () => {
    const { ran, sent, result } = await runWith(['default'], async () => {
      throw new Error('the terminal closed');
    });
    expect(ran).toEqual(['look']);
    expect(sent[1]).toBe(
      'The user did not approve running write: asking for approval failed: the terminal closed',
    );
    expect(result.status).toBe('completed');
  });

  it('G3 cancelling while the callback asks cancels the waiting calls and ends the run cancelled', async () => {
    const controller = new AbortController();
    const { ran, result } = await runWith(
      ['default'],
      () => {
        controller.abort();
        return new Promise<never>(() => undefined);
      },
      controller.signal,
    );
    expect(ran).toEqual(['look']);
    expect(result.status).toBe('cancelled');
    expect(
      result.messages.flatMap((message) =>
        message.role === 'tool' ? [[message.toolName, message.content]] : [],
      ),
    ).toEqual([
      ['look', 'look ok'],
      ['write', 'Cancelled by the user before it ran.'],
      ['shell', 'Cancelled by the user before it ran.'],
    ]);
  });

  it('G3 headless default mode denies what needs approval, with a reason in the result and the event', async () => {
    const { ran, events, sent, result } = await runWith(['default']);
    expect(ran).toEqual(['look']);
    expect(sent[1]).toBe(
      "The tool write was not run: changing files needs the user's approval, and nobody can approve in this non-interactive run.",
    );
    expect(events.find((event) => event.type === 'approval-decision')).toMatchObject({
      decision: 'deny',
      decidedBy: 'headless',
      reason: sent[1],
    });
    expect(result.status).toBe('completed');
  });

  it('G3 auto-edit allows edits and asks for commands', async () => {
    const asked: string[] = [];
    const { ran } = await runWith(['auto-edit'], async (request) => {
      asked.push(request.toolName);
      return 'allow';
    });
    expect(asked).toEqual(['shell']);
    expect(ran).toEqual(['look', 'write', 'shell']);
  });

  it('G3 yolo runs everything without asking', async () => {
    const asked: string[] = [];
    const { ran, events } = await runWith(['yolo'], async (request) => {
      asked.push(request.toolName);
      return 'deny';
    });
    expect(asked).toEqual([]);
    expect(ran).toEqual(['look', 'write', 'shell']);
    expect(decisions(events)).toEqual([]);
  });

  it('G3 when two modes combine, the stricter wins (yolo + plan behaves as plan)', async () => {
    const { ran } = await runWith(['yolo', 'plan'], async () => 'allow');
    expect(ran).toEqual(['look']);
  });
});
