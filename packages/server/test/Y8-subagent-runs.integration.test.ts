/**
 * SPEC Y8, A3, G3 over HTTP, on PGlite and PostgreSQL: a platform run delegates to its agent's
 * sub-agents. The parent (one fake model server) calls the delegation tool; the sub-agent runs its
 * own configuration (its system prompt, its own model on a second fake server, its skills — it
 * activates one — and tools) and its final text is the tool's result. The parent's stream carries
 * `subagent-start`, the nested events (`subagent-event`) and `subagent-end` in order. A listed
 * sub-agent the user may not read (another user's private agent) is not offered and never named;
 * one lost between the run's start and the call is refused with no sub-agent event; a call that
 * would need approval inside the sub-agent is refused; two delegations of one turn run side by
 * side; the turn limit ends a looping sub-agent `failed`; cancelling the parent or stopping the
 * worker during a sub-agent ends both; a sub-agent's own sub-agents are not offered (depth 1). The
 * event data match the OpenAPI components the web types them with.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import {
  subagentEndEventSchema,
  subagentNestedEventSchema,
  subagentStartEventSchema,
} from '../src/routes/run-schemas.js';
import { pruneRunEvents } from '../src/runs/prune-run-events.js';
import { runWorkFolder } from '../src/testing.js';
import { readRunStream, type StreamedEvent } from './support/run-stream-client.js';
import { addPerson, publishSharedSkill, type TestPerson } from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';
import { settledRun } from './support/wait-for.js';

interface ChatMessage {
  readonly role: string;
  readonly content: string;
}
interface ChatBody {
  readonly model: string;
  readonly tools?: readonly { readonly function: { readonly name: string; readonly description: string } }[];
  readonly messages: readonly ChatMessage[];
}

const bodyOf = (request: RecordedRequest) => request.body as ChatBody;
const toolNames = (request: RecordedRequest) =>
  (bodyOf(request).tools ?? []).map((tool) => tool.function.name);
const lastUserText = (request: RecordedRequest) =>
  bodyOf(request)
    .messages.filter((message) => message.role === 'user')
    .at(-1)!.content;
const toolResults = (request: RecordedRequest) =>
  bodyOf(request).messages.filter((message) => message.role === 'tool');

const DELEGATE = 'subagent__researcher';

/** Awaited by the parent's model right before it answers with a delegation (a test's hook). */
let beforeDelegating: (() => Promise<void>) | undefined;

describe.each(TEST_BACKENDS)('Y8 sub-agents in runs on $name', (backend) => {
  let server: SkilldockServer;
  let url: string;
  let leadModel: FakeModelServer;
  let subModel: FakeModelServer;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let alice: TestPerson;
  let bob: TestPerson;
  let leadId: string;
  let researcherId: string;
  let helperId: string;
  let bobAgentId: string;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    folder = await temporaryFolder('y8-subagents');
    // The parent: asks the researcher for the task its prompt names, then repeats what it got.
    leadModel = await startFakeModelServer({
      script: async (request) => {
        const messages = bodyOf(request).messages;
        const last = messages.at(-1)!;
        if (last.role === 'tool') return { text: `lead got: ${last.content}` };
        const prompt = lastUserText(request);
        if (prompt === 'delegate twice')
          return {
            toolCalls: [
              { id: 'lead_twin_a', name: DELEGATE, arguments: { task: 'Twin A.' } },
              { id: 'lead_twin_b', name: DELEGATE, arguments: { task: 'Twin B.' } },
            ],
          };
        const task = {
          delegate: 'Find the fact.',
          'delegate write': 'Write it.',
          'delegate slow': 'Slow.',
          'delegate loop': 'Loop.',
        }[prompt];
        if (task === undefined) return { text: 'no delegation' };
        await beforeDelegating?.();
        return { toolCalls: [{ id: 'lead_call_1', name: DELEGATE, arguments: { task } }] };
      },
    });
    // Twin A's answer holds after its first words until Twin B's request has arrived, so that the
    // two are side by side however busy the machine is.
    let twinBAsked = () => {};
    const twinBArrived = new Promise<void>((resolve) => {
      twinBAsked = resolve;
    });
    // The sub-agent's own model: activates its skill and answers; tries a write; or streams slowly.
    subModel = await startFakeModelServer({
      script: (request) => {
        const task = lastUserText(request);
        const answered = bodyOf(request).messages.at(-1)!.role === 'tool';
        if (task === 'Find the fact.' && !answered)
          return {
            toolCalls: [{ id: 'sub_call_1', name: 'activate_skill', arguments: { name: 'fact-style' } }],
          };
        if (task === 'Find the fact.') return { text: 'The fact is 42.', chunkSize: 1 };
        if (task === 'Write it.' && !answered)
          return {
            toolCalls: [
              {
                id: 'sub_call_w',
                name: 'write_file',
                arguments: { path: 'sub.md', content: 'from the sub' },
              },
            ],
          };
        if (task === 'Write it.') return { text: 'I could not write sub.md.' };
        if (task === 'Loop.') return { toolCalls: [{ name: 'ls', arguments: { path: '.' } }] };
        if (task === 'Twin A.')
          return { text: `answer to ${task}`, chunkSize: 2, pause: { afterEvents: 2, until: twinBArrived } };
        if (task === 'Twin B.') {
          twinBAsked();
          return { text: `answer to ${task}`, chunkSize: 2, chunkDelayMs: 20 };
        }
        // Holds after its first characters and never ends by itself: only a cancel or a stop ends it.
        if (task === 'Slow.')
          return {
            text: 'y'.repeat(400),
            chunkSize: 1,
            pause: { afterEvents: 12, until: new Promise(() => {}) },
          };
        return { text: `unexpected task: ${task}` };
      },
    });
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      database: await backend.openMigrated(),
      dataDir: path.join(folder.path, 'data'),
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'content-admin-password',
      logger: silentLogger,
      // Six model requests per run: every parent and sub-agent here needs two at most, but Loop.
      runs: { workerOptions: { heartbeatMs: 200, staleAfterMs: 5000, maxTurns: 6, drainTimeoutMs: 300 } },
    });
    ({ url } = await server.start({ port: 0 }));
    alice = await addPerson(server, 'alice', 'user');
    bob = await addPerson(server, 'bob', 'user');
    await publishSharedSkill(server, 'fact-style', {
      files: {
        'SKILL.md':
          '---\nname: fact-style\ndescription: How facts are stated.\n---\nState facts as numbers.\n',
      },
    });
    await server.database.db.insert(schema.modelProviders).values([
      {
        id: 'lead',
        protocol: 'openai',
        baseUrl: leadModel.openaiBaseUrl,
        models: ['lead-model'],
        defaultModel: 'lead-model',
      },
      {
        id: 'sub',
        protocol: 'openai',
        baseUrl: subModel.openaiBaseUrl,
        models: ['sub-model'],
        defaultModel: 'sub-model',
      },
    ]);
    const create = async (person: TestPerson, json: Record<string, unknown>) => {
      const created = await person.client.request('POST', '/api/agents', { json });
      expect(created.status).toBe(201);
      return created.body.agent.id as string;
    };
    helperId = await create(alice, { name: 'Deep helper', model: 'sub:sub-model' });
    researcherId = await create(alice, {
      name: 'Researcher',
      description: 'Finds facts.',
      systemPrompt: 'You research facts.',
      model: 'sub:sub-model',
      skills: ['fact-style'],
      tools: ['read_file', 'write_file', 'ls'],
      subagents: [helperId],
    });
    // The researcher's bound skill: preloaded in its runs as in a top-level one.
    expect((await alice.client.request('POST', `/api/agents/${researcherId}/bound-skill`)).status).toBe(201);
    bobAgentId = await create(bob, { name: 'Bob secret planner', model: 'sub:sub-model' });
    leadId = await create(alice, {
      name: 'Lead',
      systemPrompt: 'You lead.',
      model: 'lead:lead-model',
      tools: ['read_file'],
      subagents: [researcherId],
    });
    // Bob's private agent listed too, as if Alice had listed it while he shared it with her; and a
    // sub-agent that no longer exists. Neither is offered, neither is named.
    await server.database.db
      .update(schema.agents)
      .set({ subagents: [bobAgentId, researcherId, crypto.randomUUID()] })
      .where(eq(schema.agents.id, leadId));
  });

  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server.stop();
    await server.database.close();
    await leadModel.close();
    await subModel.close();
    await folder.remove();
  });

  const startRun = async (prompt: string) => {
    const conversation = await alice.client.request('POST', '/api/conversations', {
      json: { agentId: leadId },
    });
    const run = await alice.client.request(
      'POST',
      `/api/conversations/${conversation.body.conversation.id}/runs`,
      {
        json: { prompt },
      },
    );
    expect(run.status).toBe(202);
    return run.body.run.id as string;
  };
  const runOf = async (runId: string) => (await alice.client.request('GET', `/api/runs/${runId}`)).body.run;
  const settled = (runId: string) => settledRun(alice.client, runId);
  const nested = (events: readonly StreamedEvent[], type: string) =>
    events.filter((event) => event.event === 'subagent-event' && event.data.event.type === type);
  const requestsFor = (model: FakeModelServer, task: string) =>
    model.requests.filter((request) => lastUserText(request) === task);

  it.skipIf(backend.skip)(
    'Y8 the parent delegates; the sub-agent runs its own configuration, activates its skill and answers; the parent gets the final text, with the events in order',
    async () => {
      const runId = await startRun('delegate');
      const run = await settled(runId);
      expect(run).toMatchObject({ status: 'completed', finalText: 'lead got: The fact is 42.' });
      const events = await readRunStream(`${url}/api/runs/${runId}/events`, alice.token);
      const types = events.map((event) => event.event);

      // The shapes the web reads.
      const start = events.find((event) => event.event === 'subagent-start')!;
      expect(start.data).toEqual({ toolCallId: 'lead_call_1', agentId: researcherId, name: 'Researcher' });
      const end = events.find((event) => event.event === 'subagent-end')!;
      expect(end.data).toMatchObject({
        toolCallId: 'lead_call_1',
        status: 'completed',
        finalText: 'The fact is 42.',
        stats: { turns: 2 },
      });
      expect(end.data.error).toBeUndefined();
      // Every sub-agent event matches its documented schema, with no undocumented field.
      const strictly = {
        'subagent-start': subagentStartEventSchema.strict(),
        'subagent-event': subagentNestedEventSchema.strict(),
        'subagent-end': subagentEndEventSchema.strict(),
      } as const;
      for (const event of events) {
        const documented = strictly[event.event as keyof typeof strictly];
        if (documented !== undefined) expect(documented.safeParse(event.data).error).toBeUndefined();
      }
      for (const event of events.filter((entry) => entry.event === 'subagent-event')) {
        expect(Object.keys(event.data).sort()).toEqual(['event', 'toolCallId']);
        expect(event.data.toolCallId).toBe('lead_call_1');
        expect(Object.keys(event.data.event).sort()).toEqual(['data', 'type']);
      }
      const activation = nested(events, 'skill-activate');
      expect(activation.map((event) => event.data.event.data)).toEqual([
        { skillId: 'fact-style', trigger: 'model' },
      ]);
      const subCallStart = nested(events, 'tool-call-start')[0]!;
      expect(subCallStart.data.event.data.toolCall).toMatchObject({
        id: 'sub_call_1',
        name: 'activate_skill',
      });
      const subCallEnd = nested(events, 'tool-call-end')[0]!;
      expect(subCallEnd.data.event.data).toMatchObject({ outcome: 'done', toolCall: { id: 'sub_call_1' } });
      expect(nested(events, 'usage').length).toBe(2);
      const deltas = nested(events, 'text-delta');
      expect(deltas.map((event) => event.data.event.data.text).join('')).toBe('The fact is 42.');
      // Merged while queued: fewer rows than the 15 one-character chunks the model streamed.
      expect(deltas.length).toBeLessThan(15);
      expect(nested(events, 'run-end')).toEqual([]);

      // Order: the parent's call starts, the sub-agent starts, works, ends; then the call ends.
      const index = (predicate: (event: StreamedEvent) => boolean) => events.findIndex(predicate);
      const parentCallStart = index(
        (event) => event.event === 'tool-call-start' && event.data.toolCall.name === DELEGATE,
      );
      const parentCallEnd = index(
        (event) => event.event === 'tool-call-end' && event.data.toolCall.name === DELEGATE,
      );
      const order = [
        parentCallStart,
        types.indexOf('subagent-start'),
        events.indexOf(activation[0]!),
        events.indexOf(deltas[0]!),
        types.indexOf('subagent-end'),
        parentCallEnd,
        types.lastIndexOf('run-status'),
      ];
      expect(order.every((position) => position >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(new Set(order).size).toBe(order.length);
      expect(events[parentCallEnd]!.data).toMatchObject({
        outcome: 'done',
        result: { content: 'The fact is 42.', isError: false },
      });

      // Unreadable and missing sub-agents: counted, never named; not offered to the model.
      const notice = events.find(
        (event) => event.event === 'run-notice' && 'skippedSubagents' in event.data,
      )!;
      expect(notice.data.skippedSubagents).toBe(2);
      const everything = JSON.stringify(events);
      expect(everything).not.toContain('Bob secret planner');
      expect(everything).not.toContain(bobAgentId);
      const [leadFirst] = requestsFor(leadModel, 'delegate');
      expect(toolNames(leadFirst!).filter((name) => name.startsWith('subagent__'))).toEqual([DELEGATE]);
      expect(JSON.stringify(leadFirst!.body)).not.toMatch(/Bob secret planner|bob_secret/);
      const declared = bodyOf(leadFirst!).tools!.find((tool) => tool.function.name === DELEGATE)!;
      expect(declared.function.description).toContain('"Researcher": Finds facts.');

      // The sub-agent's own configuration: its model, system prompt, skills, tools — and no
      // delegation tools of its own (depth 1), though it lists the Deep helper.
      const subRequests = requestsFor(subModel, 'Find the fact.');
      expect(subRequests).toHaveLength(2);
      const subFirst = bodyOf(subRequests[0]!);
      expect(subFirst.model).toBe('sub-model');
      expect(JSON.stringify(subFirst.messages[0])).toContain('You research facts.');
      expect(JSON.stringify(subFirst.messages[0])).toContain('fact-style');
      expect(JSON.stringify(subFirst.messages[0])).not.toContain('You lead.');
      expect(JSON.stringify(subFirst.messages)).toContain('# Working guide for Researcher');
      expect(JSON.stringify(bodyOf(leadFirst!).messages)).not.toContain('Working guide');
      expect(subFirst.messages.filter((message) => message.role === 'user').map((m) => m.content)).toEqual([
        'Find the fact.',
      ]);
      expect(toolNames(subRequests[0]!)).toEqual(
        expect.arrayContaining(['read_file', 'write_file', 'activate_skill']),
      );
      expect(toolNames(subRequests[0]!).filter((name) => name.startsWith('subagent__'))).toEqual([]);
      expect(JSON.stringify(subFirst)).not.toContain('Deep helper');
      expect(toolResults(subRequests[1]!)[0]!.content).toContain('State facts as numbers.');
      // The parent's model got the sub-agent's answer as the call's result.
      const leadLast = requestsFor(leadModel, 'delegate').at(-1)!;
      expect(toolResults(leadLast).at(-1)!.content).toBe('The fact is 42.');
      expect(helperId).not.toBe(researcherId);
    },
  );

  it.skipIf(backend.skip)(
    'Y8 W4 the conversation keeps each delegation’s sub-agent with its transcript, also once the run’s other events are pruned',
    async () => {
      const runId = await startRun('delegate');
      expect(await settled(runId)).toMatchObject({ status: 'completed' });
      const conversationId = (await runOf(runId)).conversationId as string;
      const conversation = async () =>
        (await alice.client.request('GET', `/api/conversations/${conversationId}`)).body;
      const expected = {
        runId,
        toolCallId: 'lead_call_1',
        agentId: researcherId,
        name: 'Researcher',
        status: 'completed',
        finalText: 'The fact is 42.',
      };
      const before = await conversation();
      expect(before.subagentCalls).toHaveLength(1);
      const [call] = before.subagentCalls;
      expect(call).toMatchObject(expected);
      expect(Object.keys(call).sort()).toEqual([...Object.keys(expected), 'messages'].sort());
      // Its transcript in the stored message shape: the task, the activation and its result, the answer.
      expect(call.messages.map((message: { role: string }) => message.role)).toEqual([
        'user',
        'assistant',
        'tool',
        'assistant',
      ]);
      expect(call.messages[0]).toMatchObject({ role: 'user', content: 'Find the fact.' });
      expect(call.messages[1].toolCalls[0]).toMatchObject({ id: 'sub_call_1', name: 'activate_skill' });
      expect(call.messages[2]).toMatchObject({ role: 'tool', toolCallId: 'sub_call_1', isError: false });
      expect(call.messages[3]).toMatchObject({ role: 'assistant', content: 'The fact is 42.' });
      // The parent's own messages are not in it, nor the sub-agent's in the parent's.
      expect(JSON.stringify(call.messages)).not.toContain('lead got');
      expect(JSON.stringify(before.messages)).not.toContain('sub_call_1');

      // The run's streamed events pruned: the delegation is still there, the deltas are gone.
      expect(await pruneRunEvents(server.database.db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
      const after = await conversation();
      expect(after.subagentCalls).toEqual(before.subagentCalls);
      const left = await readRunStream(`${url}/api/runs/${runId}/events`, alice.token);
      expect([...new Set(left.map((event) => event.event))].sort()).toEqual(['run-status', 'subagent-end']);
      // Another user sees none of it.
      expect((await bob.client.request('GET', `/api/conversations/${conversationId}`)).status).toBe(404);
    },
  );

  it.skipIf(backend.skip)('Y8 the OpenAPI document names the run events’ shapes for clients', async () => {
    const document = await (await server.app.request('/openapi.json')).json();
    const schemas = document.components.schemas;
    expect(Object.keys(schemas.SubagentStartEventData.properties).sort()).toEqual([
      'agentId',
      'name',
      'toolCallId',
    ]);
    expect(Object.keys(schemas.SubagentEventData.properties).sort()).toEqual(['event', 'toolCallId']);
    expect(schemas.SubagentEndEventData.properties.status.enum).toEqual(['completed', 'cancelled', 'failed']);
    expect(schemas.SubagentEndEventData.required).toEqual(
      expect.arrayContaining(['agentId', 'name', 'messages', 'status', 'finalText', 'toolCallId']),
    );
    // The conversation's delegations: the end's fields and the run, without the stats.
    expect(Object.keys(schemas.SubagentCall.properties).sort()).toEqual(
      ['agentId', 'error', 'finalText', 'messages', 'name', 'runId', 'status', 'toolCallId'].sort(),
    );
    expect(Object.keys(schemas.RunEvent.properties).sort()).toEqual(['data', 'type']);
    expect(document.paths['/api/runs/{id}/events'].get.description).toContain('subagent-start');
  });

  it.skipIf(backend.skip)(
    'G3 a tool that would need approval inside the sub-agent is refused with the reason; the run never waits',
    async () => {
      const runId = await startRun('delegate write');
      const run = await settled(runId);
      expect(run).toMatchObject({ status: 'completed', finalText: 'lead got: I could not write sub.md.' });
      const events = await readRunStream(`${url}/api/runs/${runId}/events`, alice.token);
      expect(events.map((event) => event.event)).not.toContain('approval-request');
      const refused = nested(events, 'tool-call-end').find(
        (event) => event.data.event.data.toolCall.name === 'write_file',
      )!;
      expect(refused.data.event.data).toMatchObject({ outcome: 'refused', result: { isError: true } });
      expect(refused.data.event.data.result.content).toMatch(/runs as a sub-agent, which cannot ask/);
      const subLast = requestsFor(subModel, 'Write it.').at(-1)!;
      expect(toolResults(subLast).at(-1)!.content).toMatch(/calling agent can run it itself/);
      expect(
        await stat(path.join(runWorkFolder(server.dataDir, runId), 'sub.md')).catch(() => undefined),
      ).toBe(undefined);
      expect(events.find((event) => event.event === 'subagent-end')!.data).toMatchObject({
        status: 'completed',
        finalText: 'I could not write sub.md.',
      });
    },
  );

  it.skipIf(backend.skip)(
    'Y8 two delegations in one turn run side by side, each in its own events; the turn limit ends a looping sub-agent failed',
    async () => {
      const twins = await startRun('delegate twice');
      expect(await settled(twins)).toMatchObject({ status: 'completed' });
      const events = await readRunStream(`${url}/api/runs/${twins}/events`, alice.token);
      for (const [id, task] of [
        ['lead_twin_a', 'Twin A.'],
        ['lead_twin_b', 'Twin B.'],
      ] as const) {
        const own = events.filter(
          (event) => event.event.startsWith('subagent-') && event.data.toolCallId === id,
        );
        expect(own[0]!.event).toBe('subagent-start');
        expect(own.at(-1)!.data).toMatchObject({ status: 'completed', finalText: `answer to ${task}` });
        const text = own
          .filter((event) => event.event === 'subagent-event' && event.data.event.type === 'text-delta')
          .map((event) => event.data.event.data.text)
          .join('');
        expect(text).toBe(`answer to ${task}`);
      }
      // Side by side: the second started before the first ended.
      const startOf = (id: string) =>
        events.findIndex((event) => event.event === 'subagent-start' && event.data.toolCallId === id);
      const endOf = (id: string) =>
        events.findIndex((event) => event.event === 'subagent-end' && event.data.toolCallId === id);
      expect(startOf('lead_twin_b')).toBeLessThan(endOf('lead_twin_a'));
      const results = toolResults(requestsFor(leadModel, 'delegate twice').at(-1)!).map((m) => m.content);
      expect(results).toEqual(['answer to Twin A.', 'answer to Twin B.']);

      const loop = await startRun('delegate loop');
      const run = await settled(loop);
      expect(run).toMatchObject({ status: 'completed' });
      expect(run.finalText).toMatch(
        /^lead got: The agent "Researcher" failed: The run stopped after 6 model requests/,
      );
      const loopEvents = await readRunStream(`${url}/api/runs/${loop}/events`, alice.token);
      expect(loopEvents.find((event) => event.event === 'subagent-end')!.data).toMatchObject({
        status: 'failed',
        finalText: '',
        error: { code: 'max_turns_exceeded' },
      });
      expect(requestsFor(subModel, 'Loop.')).toHaveLength(6);
    },
  );

  it.skipIf(backend.skip)('Y8 cancelling the parent during a sub-agent ends both', async () => {
    const runId = await startRun('delegate slow');
    await readRunStream(`${url}/api/runs/${runId}/events`, alice.token, {
      stopWhen: (event) => event.event === 'subagent-event' && event.data.event.type === 'text-delta',
    });
    const cancelled = await alice.client.request('POST', `/api/runs/${runId}/cancel`);
    expect(cancelled.status).toBe(202);
    const events = await readRunStream(`${url}/api/runs/${runId}/events`, alice.token);
    expect(events.at(-1)).toMatchObject({ event: 'run-status', data: { status: 'cancelled' } });
    const end = events.find((event) => event.event === 'subagent-end')!;
    expect(end.data).toMatchObject({ toolCallId: 'lead_call_1', status: 'cancelled' });
    expect(end.data.finalText.length).toBeLessThan(400);
    // What it did before the cancel stays in its transcript: at least its task.
    expect(end.data.messages[0]).toMatchObject({ role: 'user', content: 'Slow.' });
    expect(events.indexOf(end)).toBeLessThan(events.length - 1);
    expect((await runOf(runId)).status).toBe('cancelled');
    // The sub-agent stopped streaming: nothing nested is stored after its end.
    const afterEnd = events.slice(events.indexOf(end) + 1);
    expect(afterEnd.filter((event) => event.event === 'subagent-event')).toEqual([]);
    // The parent's model was not asked again after the cancel.
    expect(requestsFor(leadModel, 'delegate slow')).toHaveLength(1);
  });

  it.skipIf(backend.skip)(
    'Y3 a sub-agent the user can no longer read is not offered at the start, and refused unnamed when lost between the start and the call',
    async () => {
      const { db } = server.database;
      // Only its owner (or a superadmin) reads a private agent: handing it to Bob takes it from Alice.
      const handTo = (ownerId: string) =>
        db.update(schema.agents).set({ ownerId }).where(eq(schema.agents.id, researcherId));
      // The sub-agent's model is never asked in this test.
      const asked = requestsFor(subModel, 'Find the fact.').length;
      try {
        // Lost between the run's start (offered) and the call: the call fails, no sub-agent events.
        beforeDelegating = () => handTo(bob.id).then(() => undefined);
        const lostRun = await startRun('delegate');
        const lost = await settled(lostRun);
        beforeDelegating = undefined;
        expect(lost.status).toBe('completed');
        expect(lost.finalText).toMatch(/^lead got: This sub-agent is no longer readable/);
        const lostEvents = await readRunStream(`${url}/api/runs/${lostRun}/events`, alice.token);
        const lostTypes = lostEvents.map((event) => event.event);
        expect(lostTypes).not.toContain('subagent-start');
        expect(lostTypes).not.toContain('subagent-end');
        const callEnd = lostEvents.find(
          (event) => event.event === 'tool-call-end' && event.data.toolCall.name === DELEGATE,
        )!;
        expect(callEnd.data.result.isError).toBe(true);
        expect(requestsFor(subModel, 'Find the fact.')).toHaveLength(asked);

        // Unreadable at the start: not offered at all; the model's call names no tool it has.
        const runId = await startRun('delegate');
        const run = await settled(runId);
        expect(run.status).toBe('completed');
        expect(run.finalText).toMatch(/^lead got: There is no tool named subagent__researcher/);
        const events = await readRunStream(`${url}/api/runs/${runId}/events`, alice.token);
        expect(events.map((event) => event.event)).not.toContain('subagent-start');
        const notice = events.find(
          (event) => event.event === 'run-notice' && 'skippedSubagents' in event.data,
        )!;
        expect(notice.data.skippedSubagents).toBe(3);
        expect(JSON.stringify(events)).not.toMatch(/Researcher|Finds facts|Bob secret planner/);
        const leadFirst = requestsFor(leadModel, 'delegate').at(-2)!;
        expect(toolNames(leadFirst).filter((name) => name.startsWith('subagent__'))).toEqual([]);
        expect(requestsFor(subModel, 'Find the fact.')).toHaveLength(asked);
      } finally {
        beforeDelegating = undefined;
        await handTo(alice.id);
      }
    },
  );
  // Last: it stops this server's worker.
  it.skipIf(backend.skip)(
    'O1 stopping the worker during a sub-agent hands the run back to the queue once the drain timeout is over',
    async () => {
      // Changed by issue 25 (drain): the run used to end failed, run_worker_stopped; it now goes
      // back to the queue for another worker to resume from its last checkpoint.
      const runId = await startRun('delegate slow');
      await readRunStream(`${url}/api/runs/${runId}/events`, alice.token, {
        stopWhen: (event) => event.event === 'subagent-event' && event.data.event.type === 'text-delta',
      });
      // The sub-agent's answer is slow: no checkpoint comes within the 300 ms grace period.
      await server.runs.worker!.stop();
      const run = await runOf(runId);
      expect(run).toMatchObject({ status: 'queued' });
      expect(run.error ?? null).toBeNull();
      const events = await readRunStream(`${url}/api/runs/${runId}/events`, alice.token, {
        stopWhen: (event) => event.event === 'run-status' && event.data.reason === 'handed-back',
      });
      expect(events.at(-1)).toMatchObject({
        event: 'run-status',
        data: { status: 'queued', reason: 'handed-back' },
      });
      expect(events.map((event) => event.event)).not.toContain('subagent-end');
    },
  );
});
