/**
 * SPEC W4 (the chat's server side), G3, on PGlite and PostgreSQL: conversations listed per agent
 * and renamed by their owner only; "always allow this tool" approvals record the stored pending
 * call's tool on the conversation, so the next request for it is allowed without asking (the
 * stream shows the rule's decision), and the rule can be cleared. Hostile bodies, control
 * characters, oversized titles, another user's conversation and concurrent rules are covered.
 */
import path from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import { pruneRunEvents } from '../src/runs/prune-run-events.js';
import { readRunStream } from './support/run-stream-client.js';
import { addPerson, type TestPerson } from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';
import { settledRun } from './support/wait-for.js';

interface ChatBody {
  readonly messages: readonly { readonly role: string; readonly content: string }[];
}

describe.each(TEST_BACKENDS)('W4 chat routes on $name', (backend) => {
  let server: SkilldockServer;
  let url: string;
  let model: FakeModelServer;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let alice: TestPerson;
  let bob: TestPerson;
  let agentId: string;
  let otherAgentId: string;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    folder = await temporaryFolder('w4-chat-routes');
    model = await startFakeModelServer({
      script: (request) => {
        const messages = (request.body as ChatBody).messages;
        const prompt = messages.filter((message) => message.role === 'user').at(-1)!.content;
        const answered = messages.at(-1)!.role === 'tool';
        if (prompt.startsWith('write ') && !answered) {
          const names = prompt.slice('write '.length).split(' ');
          return {
            toolCalls: names.map((name) => ({
              name: 'write_file',
              arguments: { path: `${name}.md`, content: name },
            })),
          };
        }
        if (prompt === 'configure' && !answered)
          return { toolCalls: [{ name: 'write_file', arguments: { path: '.mcp.json', content: '{}' } }] };
        return { text: `done: ${prompt}` };
      },
    });
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      database: await backend.openMigrated(),
      dataDir: path.join(folder.path, 'data'),
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'content-admin-password',
      logger: silentLogger,
      runs: { workerOptions: { heartbeatMs: 200, staleAfterMs: 5000 } },
    });
    ({ url } = await server.start({ port: 0 }));
    alice = await addPerson(server, 'alice', 'user');
    bob = await addPerson(server, 'bob', 'user');
    await server.database.db.insert(schema.modelProviders).values({
      id: 'fake',
      protocol: 'openai',
      baseUrl: model.openaiBaseUrl,
      models: ['fake-model'],
      defaultModel: 'fake-model',
    });
    const create = async (name: string) => {
      const answer = await alice.client.request('POST', '/api/agents', {
        json: { name, model: 'fake:fake-model', tools: ['read_file', 'write_file'] },
      });
      expect(answer.status).toBe(201);
      return answer.body.agent.id as string;
    };
    agentId = await create('writer');
    otherAgentId = await create('other');
  });

  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server.stop();
    await server.database.close();
    await model.close();
    await folder.remove();
  });

  const newConversation = async (agent = agentId, title?: string) => {
    const answer = await alice.client.request('POST', '/api/conversations', {
      json: { agentId: agent, ...(title === undefined ? {} : { title }) },
    });
    expect(answer.status).toBe(201);
    return answer.body.conversation as { id: string; title: string; alwaysAllowedTools: string[] };
  };
  const startRun = async (conversationId: string, prompt: string) => {
    const run = await alice.client.request('POST', `/api/conversations/${conversationId}/runs`, {
      json: { prompt },
    });
    expect(run.status).toBe(202);
    return run.body.run.id as string;
  };
  const runOf = async (runId: string) => (await alice.client.request('GET', `/api/runs/${runId}`)).body.run;
  const settled = (runId: string) => settledRun(alice.client, runId);
  const conversationOf = async (id: string) =>
    (await alice.client.request('GET', `/api/conversations/${id}`)).body.conversation;

  it.skipIf(backend.skip)(
    'W4 the list filters by agent; the owner renames a conversation, nobody else can, and bad titles are refused',
    async () => {
      const first = await newConversation(agentId, 'First');
      const second = await newConversation(otherAgentId, 'Second');
      expect(first.alwaysAllowedTools).toEqual([]);
      const mine = await alice.client.request('GET', `/api/conversations?agentId=${agentId}`);
      expect(mine.status).toBe(200);
      const ids = mine.body.conversations.map((entry: { id: string }) => entry.id);
      expect(ids).toContain(first.id);
      expect(ids).not.toContain(second.id);
      for (const entry of mine.body.conversations) expect(entry.agentId).toBe(agentId);
      const all = await alice.client.request('GET', '/api/conversations');
      expect(all.body.conversations.map((entry: { id: string }) => entry.id)).toEqual(
        expect.arrayContaining([first.id, second.id]),
      );
      // Bob filtering by Alice's agent sees none of hers.
      const bobs = await bob.client.request('GET', `/api/conversations?agentId=${agentId}`);
      expect(bobs.body.conversations).toEqual([]);
      const badFilter = await alice.client.request('GET', '/api/conversations?agentId=../../etc');
      expect(badFilter.status).toBe(400);

      const renamed = await alice.client.request('PATCH', `/api/conversations/${first.id}`, {
        json: { title: '  Quarterly numbers  ' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.conversation).toMatchObject({ id: first.id, title: 'Quarterly numbers' });
      expect((await conversationOf(first.id)).title).toBe('Quarterly numbers');

      const stranger = await bob.client.request('PATCH', `/api/conversations/${first.id}`, {
        json: { title: 'mine now' },
      });
      expect(stranger.status).toBe(404);
      expect((await conversationOf(first.id)).title).toBe('Quarterly numbers');

      const hostile = await Promise.all([
        alice.client.request('PATCH', `/api/conversations/${first.id}`, { json: { title: 'a\u0000b' } }),
        alice.client.request('PATCH', `/api/conversations/${first.id}`, { json: { title: 'line\nbreak' } }),
        alice.client.request('PATCH', `/api/conversations/${first.id}`, { json: { title: 'x'.repeat(201) } }),
        alice.client.request('PATCH', `/api/conversations/${first.id}`, { json: { title: 42 } }),
        alice.client.request('PATCH', `/api/conversations/${first.id}`, { json: {} }),
        alice.client.request('PATCH', `/api/conversations/${first.id}`, {
          json: { title: 'ok', userId: bob.id },
        }),
        alice.client.request('PATCH', `/api/conversations/${first.id}`, {
          body: '{not json',
          headers: { 'content-type': 'application/json' },
        }),
        alice.client.request('PATCH', '/api/conversations/not-a-uuid', { json: { title: 'x' } }),
        alice.client.request('PATCH', `/api/conversations/${crypto.randomUUID()}`, { json: { title: 'x' } }),
        alice.client.request('POST', '/api/conversations', { json: { agentId, title: 'tab\there' } }),
      ]);
      expect(hostile.map((answer) => answer.status)).toEqual([
        400, 400, 400, 400, 400, 400, 400, 400, 404, 400,
      ]);
      expect((await conversationOf(first.id)).title).toBe('Quarterly numbers');
      const longest = await alice.client.request('PATCH', `/api/conversations/${first.id}`, {
        json: { title: '题'.repeat(200) },
      });
      expect(longest.status).toBe(200);

      // Two renames at once: one of them wins, whole.
      const racing = await Promise.all(
        ['one', 'two', 'three'].map((title) =>
          alice.client.request('PATCH', `/api/conversations/${first.id}`, { json: { title } }),
        ),
      );
      expect(racing.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(['one', 'two', 'three']).toContain((await conversationOf(first.id)).title);
    },
  );

  it.skipIf(backend.skip)(
    'W4 "always allow" records the pending call’s tool: the next call of it is allowed without asking, and clearing the rule asks again',
    async () => {
      const conversation = await newConversation();
      const runId = await startRun(conversation.id, 'write first');
      const waiting = await settled(runId);
      expect(waiting.status).toBe('waiting_approval');
      const [pending] = waiting.pendingApprovals;
      expect(pending.toolName).toBe('write_file');

      const refused = await Promise.all([
        alice.client.request('POST', `/api/runs/${runId}/approvals/${pending.toolCallId}`, {
          json: { decision: 'deny', always: true },
        }),
        alice.client.request('POST', `/api/runs/${runId}/approvals/${pending.toolCallId}`, {
          json: { decision: 'allow', always: 'yes' },
        }),
        alice.client.request('POST', `/api/runs/${runId}/approvals/${pending.toolCallId}`, {
          json: { decision: 'allow', always: true, toolName: 'shell' },
        }),
        bob.client.request('POST', `/api/runs/${runId}/approvals/${pending.toolCallId}`, {
          json: { decision: 'allow', always: true },
        }),
      ]);
      expect(refused.map((answer) => answer.status)).toEqual([400, 400, 400, 404]);
      expect((await conversationOf(conversation.id)).alwaysAllowedTools).toEqual([]);

      const granted = await alice.client.request(
        'POST',
        `/api/runs/${runId}/approvals/${pending.toolCallId}`,
        { json: { decision: 'allow', always: true } },
      );
      expect(granted.status).toBe(200);
      expect((await settled(runId)).status).toBe('completed');
      expect((await conversationOf(conversation.id)).alwaysAllowedTools).toEqual(['write_file']);
      const firstEvents = await readRunStream(`${url}/api/runs/${runId}/events`, alice.token);
      expect(firstEvents.find((event) => event.event === 'approval-decision')?.data).toMatchObject({
        toolCallId: pending.toolCallId,
        decision: 'allow',
        decidedBy: 'user',
        always: true,
        toolName: 'write_file',
      });

      // The next run of the conversation writes twice without asking; the stream shows the rule.
      const second = await startRun(conversation.id, 'write second third');
      const done = await settled(second);
      expect(done).toMatchObject({ status: 'completed', finalText: 'done: write second third' });
      const events = await readRunStream(`${url}/api/runs/${second}/events`, alice.token);
      const decisions = events.filter((event) => event.event === 'approval-decision');
      expect(decisions.map((event) => event.data)).toEqual([
        expect.objectContaining({ toolName: 'write_file', decision: 'allow', decidedBy: 'rule' }),
        expect.objectContaining({ toolName: 'write_file', decision: 'allow', decidedBy: 'rule' }),
      ]);
      expect(
        events.filter((event) => event.event === 'run-status').map((event) => event.data.status),
      ).not.toContain('waiting_approval');
      const ends = events.filter((event) => event.event === 'tool-call-end');
      expect(ends.map((event) => event.data.outcome)).toEqual(['done', 'done']);

      // The conversation lists its runs oldest first and which run stored each message.
      const history = (await alice.client.request('GET', `/api/conversations/${conversation.id}`)).body;
      expect(history.runs.map((run: { id: string }) => run.id)).toEqual([runId, second]);
      expect(history.runs[1]).toMatchObject({ status: 'completed', pendingApprovals: [] });
      expect(history.messageRunIds).toHaveLength(history.messages.length);
      expect(history.messageRunIds[0]).toBe(runId);
      expect(history.messageRunIds.at(-1)).toBe(second);
      expect(history.messages.at(-1).content).toBe('done: write second third');
      expect(history.approvalDecisions).toEqual([
        {
          runId,
          toolCallId: pending.toolCallId,
          decision: 'allow',
          decidedBy: 'user',
          always: true,
        },
        expect.objectContaining({ runId: second, decision: 'allow', decidedBy: 'rule', always: false }),
        expect.objectContaining({ runId: second, decision: 'allow', decidedBy: 'rule', always: false }),
      ]);
      // Once the runs' streamed events are pruned, the answers are still there (they are kept).
      expect(await pruneRunEvents(server.database.db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
      const pruned = (await alice.client.request('GET', `/api/conversations/${conversation.id}`)).body;
      expect(pruned.approvalDecisions).toEqual(history.approvalDecisions);
      expect(pruned.messages).toEqual(history.messages);

      // Another conversation has no rule: it asks.
      const elsewhere = await newConversation();
      const asks = await startRun(elsewhere.id, 'write elsewhere');
      expect((await settled(asks)).status).toBe('waiting_approval');
      await alice.client.request('POST', `/api/runs/${asks}/cancel`);

      // Bob cannot see or clear Alice's rule; bad tool names are refused; Alice clears it.
      const foreign = await Promise.all([
        bob.client.request('DELETE', `/api/conversations/${conversation.id}/always-allowed-tools/write_file`),
        bob.client.request('GET', `/api/conversations/${conversation.id}`),
        alice.client.request('DELETE', `/api/conversations/${conversation.id}/always-allowed-tools/a%20b`),
        alice.client.request(
          'DELETE',
          `/api/conversations/${conversation.id}/always-allowed-tools/${'x'.repeat(129)}`,
        ),
      ]);
      expect(foreign.map((answer) => answer.status)).toEqual([404, 404, 400, 400]);
      expect((await conversationOf(conversation.id)).alwaysAllowedTools).toEqual(['write_file']);
      const cleared = await alice.client.request(
        'DELETE',
        `/api/conversations/${conversation.id}/always-allowed-tools/write_file`,
      );
      expect(cleared.status).toBe(200);
      expect(cleared.body.conversation.alwaysAllowedTools).toEqual([]);
      const again = await startRun(conversation.id, 'write fourth');
      expect((await settled(again)).status).toBe('waiting_approval');
      await alice.client.request('POST', `/api/runs/${again}/cancel`);
    },
  );

  it.skipIf(backend.skip)(
    'W4 a call that writes the agent’s configuration is never covered by "always": refused as an answer, and asked even under a rule',
    async () => {
      const conversation = await newConversation();
      // A rule for write_file exists already.
      const first = await startRun(conversation.id, 'write plain');
      const [plain] = (await settled(first)).pendingApprovals;
      expect(plain.canAlwaysAllow).toBe(true);
      await alice.client.request('POST', `/api/runs/${first}/approvals/${plain.toolCallId}`, {
        json: { decision: 'allow', always: true },
      });
      expect((await settled(first)).status).toBe('completed');

      const runId = await startRun(conversation.id, 'configure');
      const waiting = await settled(runId);
      expect(waiting.status).toBe('waiting_approval');
      const [pending] = waiting.pendingApprovals;
      expect(pending).toMatchObject({ toolName: 'write_file', canAlwaysAllow: false });
      const always = await alice.client.request(
        'POST',
        `/api/runs/${runId}/approvals/${pending.toolCallId}`,
        {
          json: { decision: 'allow', always: true },
        },
      );
      expect({ status: always.status, code: always.body.error.code }).toEqual({
        status: 409,
        code: 'approval_always_refused',
      });
      expect((await runOf(runId)).status).toBe('waiting_approval');
      const once = await alice.client.request('POST', `/api/runs/${runId}/approvals/${pending.toolCallId}`, {
        json: { decision: 'allow' },
      });
      expect(once.status).toBe(200);
      expect((await settled(runId)).status).toBe('completed');
    },
  );

  it.skipIf(backend.skip)(
    'W4 concurrent "always" answers for two pending calls keep one rule and allow both calls',
    async () => {
      const conversation = await newConversation();
      const runId = await startRun(conversation.id, 'write left right');
      const waiting = await settled(runId);
      expect(waiting.pendingApprovals).toHaveLength(2);
      const answers = await Promise.all(
        waiting.pendingApprovals.map((pending: { toolCallId: string }) =>
          alice.client.request('POST', `/api/runs/${runId}/approvals/${pending.toolCallId}`, {
            json: { decision: 'allow', always: true },
          }),
        ),
      );
      // The first answer's rule covers the other pending call at once; the second answer finds it
      // answered (or the run already resumed).
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect((await settled(runId)).status).toBe('completed');
      expect((await conversationOf(conversation.id)).alwaysAllowedTools).toEqual(['write_file']);
      const events = await readRunStream(`${url}/api/runs/${runId}/events`, alice.token);
      const decided = events
        .filter((event) => event.event === 'approval-decision')
        .map((event) => event.data.decidedBy)
        .sort();
      expect(decided).toEqual(['rule', 'user']);
    },
  );
});
