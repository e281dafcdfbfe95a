import path from 'node:path';
import { buildCatalog } from '@skilldock/core/catalog';
import { defineSkill } from '@skilldock/core/format';
import { createSkillSession } from '@skilldock/core/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type HarnessEvent,
  type HarnessOptions,
  useInstruction,
  useModel,
  useSkill,
  useState,
  useSubagent,
  useTool,
} from '../../src/harness/index.js';
import { loadSession } from '../../src/session/index.js';
import { AGENT_TASK_EVENT } from '../../src/subagents/index.js';
import { createBuiltinTools, defineAgentTool, textResult } from '../../src/tools/index.js';
import {
  anthropicBody,
  escalation,
  type HarnessFixture,
  prefixOf,
  refunds,
  startHarnessFixture,
} from './harness-fixture.js';

const INSTRUCTIONS = 'Answer customer support questions clearly and accurately.';
const POLICY = 'Never promise a refund before checking the policy.';

/** The support agent of issue 16: `escalated` unlocks the escalation skill mid-conversation. */
function SupportAgent(): string {
  useModel('anthropic:claude-haiku-4-5');
  const [escalated, setEscalated] = useState('escalated', false);
  useSkill(refunds);
  if (escalated) useSkill(escalation);
  useTool(
    defineAgentTool({
      name: 'flag_for_human',
      description: 'Flag the conversation for a human specialist.',
      kind: 'read',
      schema: z.object({ reason: z.string() }),
      execute: async ({ reason }) => {
        setEscalated(true);
        return textResult(`Flagged: ${reason}`);
      },
    }),
  );
  useInstruction(POLICY);
  return INSTRUCTIONS;
}

type AnthropicBodyLike = ReturnType<typeof anthropicBody>;

const messagesText = (fixture: HarnessFixture, index: number) =>
  JSON.stringify(anthropicBody(fixture, index).messages);

describe('createHarness (SPEC I6)', () => {
  let fixture: HarnessFixture;
  afterEach(() => fixture.close());
  const open = (agent = SupportAgent, options: Partial<HarnessOptions> = {}) =>
    fixture.harness(agent, options);

  it('I6 R7 R1 a skill mounted and unmounted between turns is announced, and the cached prefix stays byte-identical', async () => {
    fixture = await startHarnessFixture([
      { toolCalls: [{ name: 'flag_for_human', arguments: { reason: 'asked for a manager' } }] },
      { text: 'A specialist will take over.' },
      { toolCalls: [{ name: 'activate_skill', arguments: { name: 'escalation' } }] },
      { text: 'Escalated.' },
      { text: 'Back to normal.' },
    ]);
    const harness = open();
    const first = await harness.prompt('I want a manager.');
    expect(first.status).toBe('completed');
    expect(harness.state()).toEqual({ escalated: true });

    const events: HarnessEvent[] = [];
    const stream = harness.stream('Please hand me over.');
    for await (const event of stream) events.push(event);
    harness.setState('escalated', false);
    await harness.prompt('Never mind.');

    const bodies = [0, 1, 2, 3, 4].map((index) => anthropicBody(fixture, index));
    expect(bodies.map((body) => body.model)).toEqual(Array(5).fill('claude-haiku-4-5'));
    const prefix = prefixOf(bodies[0]!);
    for (const body of bodies) expect(prefixOf(body)).toBe(prefix);
    // The system prompt lists the skills of the first render only; escalation arrives as a signal.
    expect(JSON.stringify(bodies[0]!.system)).toContain('refunds');
    expect(JSON.stringify(bodies[0]!.system)).not.toContain('escalation');
    expect(messagesText(fixture, 1)).not.toContain('New skill available');
    expect(messagesText(fixture, 2)).toContain(`New skill available: escalation — ${escalation.description}`);
    expect(messagesText(fixture, 3)).toContain(escalation.body);
    expect(messagesText(fixture, 4)).toContain('The skill escalation is no longer available.');
    const signals = events.flatMap((event) => (event.type === 'signal-append' ? event.signals : []));
    expect(signals).toEqual([`New skill available: escalation — ${escalation.description}`]);
  });

  it('I6 a turn sends the rendered configuration: the agent instructions, the catalog and the CLI tools', async () => {
    fixture = await startHarnessFixture([{ text: 'Hello.' }]);
    await open().prompt('Hi');
    const body = anthropicBody(fixture, 0);
    const section = (await createSkillSession({ catalog: buildCatalog([refunds]) })).systemPromptSection;
    expect(JSON.stringify(body.system)).toContain(
      JSON.stringify(`${INSTRUCTIONS}\n\n${POLICY}\n\n${section}`).slice(1, -1),
    );
    expect(body.tools.map((tool) => tool.name)).toEqual([
      ...createBuiltinTools().map((tool) => tool.name),
      'flag_for_human',
      'activate_skill',
      'read_skill_resource',
    ]);
  });

  it('I6 the model option overrides useModel', async () => {
    fixture = await startHarnessFixture([{ text: 'From OpenAI.' }]);
    const result = await open(SupportAgent, { model: 'openai:other-model' }).prompt('Hi');
    expect(result.finalText).toBe('From OpenAI.');
    expect(fixture.server.requests[0]).toMatchObject({ protocol: 'openai', body: { model: 'other-model' } });
  });

  it('G5 I6 state survives turns and a save and restore in a new harness, with the conversation', async () => {
    fixture = await startHarnessFixture([
      { toolCalls: [{ name: 'flag_for_human', arguments: { reason: 'angry' } }] },
      { text: 'Flagged.' },
      { text: 'Still here.' },
    ]);
    const first = open();
    await first.prompt('Get me a human.');
    const sessionId = first.sessionId!;
    await first.close();

    const restored = open(SupportAgent, { resume: sessionId });
    expect(restored.state()).toEqual({});
    const result = await restored.prompt('Are you there?');
    expect(result.finalText).toBe('Still here.');
    expect(restored.state()).toEqual({ escalated: true });
    expect(restored.sessionId).toBe(sessionId);
    const body = anthropicBody(fixture, 2);
    // Restored before the conversation started: escalation is in the catalog from its first request.
    expect(JSON.stringify(body.system)).toContain('escalation');
    expect(JSON.stringify(body.messages)).toContain('Get me a human.');
    expect(JSON.stringify(body.messages)).not.toContain('New skill available');
    expect(restored.render().skills.map((skill) => skill.id)).toEqual(['refunds', 'escalation']);
  });

  it('G3 I6 a tool that needs approval interrupts the turn; approve or deny, then resume', async () => {
    let refundsIssued = 0;
    const RefundAgent = () => {
      useModel('anthropic:claude-haiku-4-5');
      useTool(
        defineAgentTool({
          name: 'issue_refund',
          description: 'Refund an order.',
          kind: 'execute',
          schema: z.object({ order: z.string() }),
          execute: async ({ order }) => {
            refundsIssued++;
            return textResult(`Refunded ${order}.`);
          },
        }),
      );
      return INSTRUCTIONS;
    };
    fixture = await startHarnessFixture([
      { toolCalls: [{ name: 'issue_refund', arguments: { order: '1234' } }] },
      { text: 'Refunded order 1234.' },
      { toolCalls: [{ name: 'issue_refund', arguments: { order: '9999' } }] },
      { text: 'I cannot refund that one.' },
    ]);
    const harness = open(RefundAgent);
    const stopped = await harness.prompt('Refund order 1234');
    expect(stopped.status).toBe('interrupted');
    expect(stopped.interruptions).toMatchObject([{ toolName: 'issue_refund', input: { order: '1234' } }]);
    expect(refundsIssued).toBe(0);
    await expect(harness.prompt('Hello?')).rejects.toMatchObject({ code: 'approvals_pending' });
    harness.approve(stopped.interruptions![0]!.toolCallId);
    const done = await harness.resume();
    expect(done).toMatchObject({ status: 'completed', finalText: 'Refunded order 1234.' });
    expect(refundsIssued).toBe(1);
    expect(harness.pending).toBeUndefined();

    const second = await harness.prompt('Refund order 9999');
    expect(() => harness.approve('not-a-call')).toThrow(/not-a-call/);
    harness.deny(second.interruptions![0]!.toolCallId, 'Order 9999 is past the refund window.');
    const denied = await harness.resume();
    expect(denied.finalText).toBe('I cannot refund that one.');
    expect(refundsIssued).toBe(1);
    expect(messagesText(fixture, 3)).toContain('Order 9999 is past the refund window.');
  });

  it('G3 I6 with askApproval the harness asks and the run goes on in one turn', async () => {
    const asked: string[] = [];
    const ShellAgent = () => {
      useModel('anthropic:claude-haiku-4-5');
      return INSTRUCTIONS;
    };
    fixture = await startHarnessFixture([
      { toolCalls: [{ name: 'shell', arguments: { command: 'echo hi' } }] },
      { text: 'Not run.' },
    ]);
    const harness = open(ShellAgent, {
      askApproval: async (request) => {
        asked.push(request.toolName);
        return 'deny';
      },
    });
    const result = await harness.prompt('Run echo');
    expect(result.status).toBe('completed');
    expect(asked).toEqual(['shell']);
  });

  it('G2 I6 stream yields the loop events in order and returns the result; a second turn at once is harness_busy', async () => {
    fixture = await startHarnessFixture([{ text: 'Streaming works.' }]);
    const harness = open();
    const stream = harness.stream('Hi');
    const types: string[] = [];
    let next = await stream.next();
    await expect(harness.prompt('Again')).rejects.toMatchObject({ code: 'harness_busy' });
    while (next.done !== true) {
      types.push(next.value.type);
      next = await stream.next();
    }
    expect(next.value.finalText).toBe('Streaming works.');
    expect(types[0]).toBe('turn-start');
    expect(types).toContain('text-delta');
    expect(types.at(-1)).toBe('run-end');
  });

  it('I6 a closed harness refuses turns', async () => {
    fixture = await startHarnessFixture([{ text: 'x' }]);
    const harness = open();
    await harness.close();
    await expect(harness.prompt('Hi')).rejects.toMatchObject({ code: 'harness_closed' });
  });

  it('A1 A3 A5 I6 a subagent mounted with useSubagent runs through the agent tool; its result ends the turn', async () => {
    const Delegating = () => {
      useModel('anthropic:claude-haiku-4-5');
      useSubagent({
        name: 'order-lookup',
        description: 'Looks orders up.',
        systemPrompt: 'You look orders up and answer in one line.',
        tools: [],
      });
      return INSTRUCTIONS;
    };
    // The child and the parent's next request race: each is answered by what it is, not its order.
    fixture = await startHarnessFixture((request) => {
      const body = request.body as AnthropicBodyLike;
      const messages = JSON.stringify(body.messages);
      if (JSON.stringify(body.system).includes('You look orders up'))
        return { text: 'Order 1234 shipped on Monday.' };
      if (messages.includes('<task-notifications>')) return { text: 'Your order shipped on Monday.' };
      if (messages.includes('tool_result')) return { text: 'Looking it up.' };
      const prompt = {
        description: 'Look up 1234',
        prompt: 'Find order 1234',
        subagent_type: 'order-lookup',
      };
      return { toolCalls: [{ name: 'agent', arguments: prompt }] };
    });
    const result = await open(Delegating).prompt('Where is order 1234?');
    // A background agent (the default): the prompt returns once its result was handed to the model.
    expect(result.finalText).toBe('Your order shipped on Monday.');
    const bodies = fixture.server.requests.map((request) => request.body as AnthropicBodyLike);
    expect(bodies).toHaveLength(4);
    expect(bodies[0]!.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['agent', 'list_agents']),
    );
    expect(bodies.filter((body) => JSON.stringify(body.system).includes('You look orders up'))).toHaveLength(
      1,
    );
    const last = JSON.stringify(bodies.at(-1)!.messages);
    expect(last).toContain('<task-notifications>');
    expect(last).toContain('Order 1234 shipped on Monday.');
  });

  it('A5 I6 a harness records its subagents in the session transcript with their own transcripts beside it, and a resumed harness lists them again', async () => {
    const Delegating = () => {
      useModel('anthropic:claude-haiku-4-5');
      useSubagent({
        name: 'order-lookup',
        description: 'Looks orders up.',
        systemPrompt: 'You look orders up and answer in one line.',
        tools: [],
      });
      return INSTRUCTIONS;
    };
    let resumedTurns = 0;
    fixture = await startHarnessFixture((request) => {
      const body = request.body as AnthropicBodyLike;
      const messages = JSON.stringify(body.messages);
      if (JSON.stringify(body.system).includes('You look orders up'))
        return { text: 'Order 1234 shipped on Monday.' };
      if (messages.includes('Anything else?'))
        return ++resumedTurns === 1
          ? { toolCalls: [{ name: 'list_agents', arguments: {} }] }
          : { text: 'Done.' };
      if (messages.includes('<task-notifications>')) return { text: 'Your order shipped on Monday.' };
      if (messages.includes('tool_result')) return { text: 'Looking it up.' };
      const prompt = {
        description: 'Look up 1234',
        prompt: 'Find order 1234',
        subagent_type: 'order-lookup',
      };
      return { toolCalls: [{ name: 'agent', arguments: prompt }] };
    });
    const first = open(Delegating);
    await first.prompt('Where is order 1234?');
    const sessionId = first.sessionId!;
    await first.close();

    const saved = await loadSession(
      { home: fixture.folders.home, projectRoot: fixture.folders.project },
      sessionId,
    );
    const recorded = saved.entries.flatMap((entry) =>
      entry.type === 'event' && entry.name === AGENT_TASK_EVENT ? [entry.data as Record<string, string>] : [],
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ type: 'order-lookup', description: 'Look up 1234' });
    expect(path.dirname(recorded[0]!.file!)).toBe(saved.file.replace(/\.jsonl$/, '.agents'));

    const resumed = open(Delegating, { resume: sessionId });
    expect((await resumed.prompt('Anything else?')).finalText).toBe('Done.');
    const listing = JSON.stringify(
      anthropicBody(fixture, fixture.server.requests.length - 1).messages.at(-1),
    );
    expect(listing).toContain(recorded[0]!.taskId);
    expect(listing).toContain('Look up 1234');
  });

  it('A1 I6 a subagent first mounted after the first turn is subagent_mounted_late', async () => {
    const Late = () => {
      useModel('anthropic:claude-haiku-4-5');
      const [late] = useState('late', false);
      if (late) useSubagent({ name: 'helper', description: 'Helps.', systemPrompt: 'Help.' });
      return INSTRUCTIONS;
    };
    fixture = await startHarnessFixture([{ text: 'First.' }]);
    const harness = open(Late);
    await harness.prompt('Hi');
    harness.setState('late', true);
    await expect(harness.prompt('Again')).rejects.toMatchObject({ code: 'subagent_mounted_late' });
  });

  it('SEC1 G5 a resume id with a path in it is refused before anything is read, and nothing stays open', async () => {
    fixture = await startHarnessFixture([{ text: 'never sent' }]);
    for (const id of ['../../../etc/passwd', '/etc/passwd', 'a/../../b']) {
      const harness = open(SupportAgent, { resume: id });
      await expect(harness.prompt('Hi')).rejects.toMatchObject({ code: 'invalid_session_id' });
    }
    expect(fixture.server.requests).toHaveLength(0);
  });

  it('G5 I6 a corrupt saved state in the transcript fails the resume with agent_state_invalid', async () => {
    fixture = await startHarnessFixture([{ text: 'Saved.' }, { text: 'never sent' }]);
    const first = open();
    first.setState('escalated', true);
    await first.prompt('Hi');
    const sessionId = first.sessionId!;
    await first.close();
    const { SessionTranscript } = await import('../../src/session/index.js');
    const transcript = await SessionTranscript.resume({
      home: fixture.folders.home,
      projectRoot: fixture.folders.project,
      id: sessionId,
    });
    await transcript.transcript.appendEvent('agent-state', { values: { 'bad key!': 1 } });
    await transcript.transcript.close();
    await expect(open(SupportAgent, { resume: sessionId }).prompt('Hi')).rejects.toMatchObject({
      code: 'agent_state_invalid',
    });
  });

  it('R4 R5 I6 read_file serves a later-mounted skill at its virtual path, and reading a SKILL.md written on demand activates it', async () => {
    const notes = defineSkill({
      name: 'policy-notes',
      description: 'Internal notes on the refund policy. Use for edge cases.',
      instructions: 'Read NOTES.md.',
      files: { 'NOTES.md': 'Store credit never expires.\n' },
    });
    const Growing = () => {
      useModel('anthropic:claude-haiku-4-5');
      const [more] = useState('more', false);
      useSkill(escalation);
      if (more) useSkill(notes);
      return INSTRUCTIONS;
    };
    fixture = await startHarnessFixture([
      { text: 'Ready.' },
      { toolCalls: [{ name: 'read_file', arguments: { path: '/.skills/policy-notes/NOTES.md' } }] },
      { toolCalls: [{ name: 'read_file', arguments: { path: '/.skills/escalation/SKILL.md' } }] },
      { text: 'Done.' },
    ]);
    const harness = open(Growing);
    await harness.prompt('Hi');
    harness.setState('more', true);
    const events: HarnessEvent[] = [];
    for await (const event of harness.stream('Check the notes, then escalate.')) events.push(event);
    const bodies = [0, 1, 2, 3].map((index) => anthropicBody(fixture, index));
    // No skill had files on the first turn: no read_skill_resource, then or later (R1).
    for (const body of bodies)
      expect(body.tools.map((tool) => tool.name)).not.toContain('read_skill_resource');
    expect(JSON.stringify(bodies[2]!.messages)).toContain('Store credit never expires.');
    const written = JSON.stringify(bodies[3]!.messages);
    expect(written).toContain('name: escalation');
    expect(written).toContain(`description: ${escalation.description}`);
    expect(events).toContainEqual({ type: 'skill-activate', skillId: 'escalation', trigger: 'file-read' });
  });

  it('I6 changing the instructions between turns changes the system prompt (only skills keep the prefix)', async () => {
    const Moody = () => {
      useModel('anthropic:claude-haiku-4-5');
      const [tone] = useState('tone', 'calm');
      useInstruction(`Tone: ${tone}.`);
      return INSTRUCTIONS;
    };
    fixture = await startHarnessFixture([{ text: 'One.' }, { text: 'Two.' }]);
    const harness = open(Moody);
    await harness.prompt('Hi');
    harness.setState('tone', 'cheerful');
    await harness.prompt('Hi again');
    expect(JSON.stringify(anthropicBody(fixture, 0).system)).toContain('Tone: calm.');
    expect(JSON.stringify(anthropicBody(fixture, 1).system)).toContain('Tone: cheerful.');
  });

  it('G2 I6 a turn cancelled by its signal ends cancelled, and the next turn runs', async () => {
    fixture = await startHarnessFixture([{ text: 'After the cancel.' }]);
    const harness = open();
    const controller = new AbortController();
    controller.abort();
    const cancelled = await harness.prompt('Hi', { signal: controller.signal });
    expect(cancelled.status).toBe('cancelled');
    expect((await harness.prompt('Hi again')).finalText).toBe('After the cancel.');
  });
});
