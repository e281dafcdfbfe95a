/**
 * SPEC Y8, R5, R6, R8, G3 over HTTP, on PGlite and PostgreSQL: a run end to end against the fake
 * model server — it activates a shared skill, reads its resource through `read_file`, is refused a
 * dependency tool until the skill is active (progressive gating: absent from the tool list, then
 * added), asks an approval that a second request grants (the run resumes as a new job), and streams
 * to a client that drops and reconnects with Last-Event-ID and misses nothing. Conversations and
 * messages are stored; another user's conversation, run, events and approvals are 404.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createServer, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import { createRunWorkFolder, runWorkFolder } from '../src/testing.js';
import { readRunStream } from './support/run-stream-client.js';
import {
  addPerson,
  publishSharedSkill,
  skillMarkdown,
  type TestPerson,
  writePersonalSkill,
} from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';
import { settledRun, waitFor } from './support/wait-for.js';

/** The OpenAI Chat Completions request body parts these tests read. */
interface ChatBody {
  readonly tools?: readonly { readonly function: { readonly name: string } }[];
  readonly messages: readonly { readonly role: string; readonly content: string }[];
}

const toolNames = (request: RecordedRequest) =>
  ((request.body as ChatBody).tools ?? []).map((tool) => tool.function.name);
const toolResults = (request: RecordedRequest) =>
  (request.body as ChatBody).messages.filter((message) => message.role === 'tool');

describe.each(TEST_BACKENDS)('Y8 runs on $name', (backend) => {
  let server: SkilldockServer;
  let url: string;
  let model: FakeModelServer;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let alice: TestPerson;
  let bob: TestPerson;
  let root: TestPerson;
  let agentId: string;
  let slowModel: FakeModelServer;
  let slowAgentId: string;
  let escapeCalls: () => { name: string; arguments: unknown }[] = () => [];

  /** A completed run of Alice's in `conversationId`, written straight to the database; its id. */
  const insertCompletedRun = async (conversationId: string): Promise<string> => {
    const id = crypto.randomUUID();
    await server.database.db
      .insert(schema.runs)
      .values({ id, conversationId, userId: alice.id, agentId, prompt: 'p', status: 'completed' });
    return id;
  };

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    folder = await temporaryFolder('y8-runs');
    model = await startFakeModelServer({
      script: [
        // Before activation the dependency tool is not offered; called anyway, it is refused.
        { toolCalls: [{ name: 'write_file', arguments: { path: 'early.md', content: 'too soon' } }] },
        { toolCalls: [{ name: 'activate_skill', arguments: { name: 'report-style' } }] },
        { toolCalls: [{ name: 'read_file', arguments: { path: '/.skills/report-style/guide.md' } }] },
        { toolCalls: [{ name: 'write_file', arguments: { path: 'report.md', content: '# Report\n' } }] },
        { text: 'The report is in report.md.' },
      ],
    });
    slowModel = await startFakeModelServer({
      script: (request) => {
        const prompt = (request.body as ChatBody).messages
          .filter((message) => message.role === 'user')
          .at(-1)!.content;
        // Holds after its first characters and never ends by itself: only a cancel stops it.
        if (prompt === 'slow')
          return {
            text: 'x'.repeat(400),
            chunkSize: 1,
            pause: { afterEvents: 12, until: new Promise(() => {}) },
          };
        const answered = (request.body as ChatBody).messages.at(-1)!.role === 'tool';
        if (prompt === 'escape' && !answered) return { toolCalls: escapeCalls() };
        if (prompt === 'needs approval' && !answered)
          return { toolCalls: [{ name: 'write_file', arguments: { path: 'a.md', content: 'a' } }] };
        return { text: `echo: ${prompt}` };
      },
    });
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      database: await backend.openMigrated(),
      dataDir: path.join(folder.path, 'data'),
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'content-admin-password',
      logger: silentLogger,
      // Runs the tests leave waiting on the model are handed back after 1 s at stop, not the 30 s default.
      runs: { workerOptions: { heartbeatMs: 200, staleAfterMs: 5000, drainTimeoutMs: 1000 } },
    });
    ({ url } = await server.start({ port: 0 }));
    alice = await addPerson(server, 'alice', 'user');
    bob = await addPerson(server, 'bob', 'user');
    root = await addPerson(server, 'root-person', 'superadmin');
    await publishSharedSkill(server, 'report-style', {
      files: {
        'SKILL.md': skillMarkdown('report-style', 'tool_dependencies: [write_file]\n'),
        'guide.md': 'Write reports as Markdown tables.\n',
      },
    });
    await server.database.db.insert(schema.modelProviders).values({
      id: 'fake',
      protocol: 'openai',
      baseUrl: model.openaiBaseUrl,
      models: ['fake-model'],
      defaultModel: 'fake-model',
    });
    const created = await alice.client.request('POST', '/api/agents', {
      json: {
        name: 'reporter',
        systemPrompt: 'You write reports.',
        model: 'fake:fake-model',
        skills: ['report-style'],
        // write_file is not the agent's own: the run has it because report-style declares it (R6).
        tools: ['read_file'],
      },
    });
    expect(created.status).toBe(201);
    agentId = created.body.agent.id;
    await server.database.db.insert(schema.modelProviders).values({
      id: 'slow',
      protocol: 'openai',
      baseUrl: slowModel.openaiBaseUrl,
      models: ['slow-model'],
      defaultModel: 'slow-model',
    });
    const slow = await alice.client.request('POST', '/api/agents', {
      json: { name: 'slow', model: 'slow:slow-model', tools: ['read_file', 'write_file'] },
    });
    expect(slow.status).toBe(201);
    slowAgentId = slow.body.agent.id;
  });

  const startRun = async (agent: string, prompt: string, conversationId?: string) => {
    const conversation =
      conversationId ??
      (await alice.client.request('POST', '/api/conversations', { json: { agentId: agent } })).body
        .conversation.id;
    const run = await alice.client.request('POST', `/api/conversations/${conversation}/runs`, {
      json: { prompt },
    });
    expect(run.status).toBe(202);
    return { conversationId: conversation as string, runId: run.body.run.id as string };
  };
  const runOf = async (runId: string) => (await alice.client.request('GET', `/api/runs/${runId}`)).body.run;
  const settled = (runId: string) => settledRun(alice.client, runId);

  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server.stop();
    await server.database.close();
    await model.close();
    await slowModel.close();
    await folder.remove();
  });

  it.skipIf(backend.skip)(
    'Y8 a run activates a shared skill, reads its resource, is refused a dependency tool until then, waits for an approval another request grants, and a dropped stream resumes with Last-Event-ID',
    async () => {
      const conversation = await alice.client.request('POST', '/api/conversations', {
        json: { agentId, title: 'Quarterly' },
      });
      expect(conversation.status).toBe(201);
      const conversationId = conversation.body.conversation.id;
      const started = await alice.client.request('POST', `/api/conversations/${conversationId}/runs`, {
        json: { prompt: 'Write the quarterly report.' },
      });
      expect(started.status).toBe(202);
      const runId = started.body.run.id;
      expect(started.body.run.status).toBe('queued');
      const second = await alice.client.request('POST', `/api/conversations/${conversationId}/runs`, {
        json: { prompt: 'And another' },
      });
      expect({ status: second.status, code: second.body.error.code }).toEqual({
        status: 409,
        code: 'run_active',
      });

      // The first client reads until the approval request, then drops.
      const eventsUrl = `${url}/api/runs/${runId}/events`;
      const first = await readRunStream(eventsUrl, alice.token, {
        stopWhen: (event) => event.event === 'approval-request',
      });
      const approval = first.at(-1)!;
      expect(approval.event).toBe('approval-request');
      expect(approval.data.request.toolName).toBe('write_file');
      const waiting = await waitFor(async () => {
        const answer = await alice.client.request('GET', `/api/runs/${runId}`);
        return answer.body.run.status === 'waiting_approval' ? answer.body.run : undefined;
      }, 'the run to wait for approval');
      expect(waiting.pendingApprovals).toEqual([
        {
          toolCallId: approval.data.request.toolCallId,
          toolName: 'write_file',
          input: { path: 'report.md', content: '# Report\n' },
          canAlwaysAllow: true,
        },
      ]);

      // Another user cannot answer it; the owner's second request grants it.
      const toolCallId = approval.data.request.toolCallId as string;
      const stranger = await bob.client.request('POST', `/api/runs/${runId}/approvals/${toolCallId}`, {
        json: { decision: 'allow' },
      });
      expect(stranger.status).toBe(404);
      const granted = await alice.client.request('POST', `/api/runs/${runId}/approvals/${toolCallId}`, {
        json: { decision: 'allow' },
      });
      expect(granted.status).toBe(200);
      expect(granted.body.run.status).toBe('queued');
      const again = await alice.client.request('POST', `/api/runs/${runId}/approvals/${toolCallId}`, {
        json: { decision: 'allow' },
      });
      expect(again.status).toBe(409);

      // The reconnecting client gets exactly the events after the last one it saw, to the end.
      const rest = await readRunStream(eventsUrl, alice.token, { lastEventId: approval.id });
      expect(rest[0]!.id).toBe(approval.id + 1);
      const ids = [...first, ...rest].map((event) => event.id);
      expect(ids).toEqual(Array.from({ length: ids.length }, (_, index) => index + 1));
      const last = rest.at(-1)!;
      expect(last).toMatchObject({ event: 'run-status', data: { status: 'completed' } });
      const replay = await readRunStream(eventsUrl, alice.token);
      expect(replay.map((event) => event.id)).toEqual(ids);

      const done = (await alice.client.request('GET', `/api/runs/${runId}`)).body.run;
      expect(done).toMatchObject({
        status: 'completed',
        finalText: 'The report is in report.md.',
        error: null,
      });

      // Progressive gating (R6): write_file, which the run has because of report-style, is absent
      // until the skill activated, then offered.
      const requests = model.requests;
      expect(requests).toHaveLength(5);
      expect(toolNames(requests[0]!)).not.toContain('write_file');
      expect(toolNames(requests[0]!)).toEqual(expect.arrayContaining(['read_file', 'activate_skill']));
      expect(toolResults(requests[1]!)[0]!.content).toMatch(/report-style/);
      expect(
        await stat(path.join(runWorkFolder(server.dataDir, runId), 'early.md')).catch(() => undefined),
      ).toBe(undefined);
      expect(toolNames(requests[3]!)).toContain('write_file');
      expect(toolResults(requests[3]!).at(-1)!.content).toContain('Write reports as Markdown tables.');
      expect(await readFile(path.join(runWorkFolder(server.dataDir, runId), 'report.md'), 'utf8')).toBe(
        '# Report\n',
      );
      const systemPrompt = JSON.stringify((requests[0]!.body as { messages: unknown[] }).messages[0]);
      expect(systemPrompt).toContain('You write reports.');

      // Stored: the conversation's messages, in order, from the prompt to the answer.
      const stored = await alice.client.request('GET', `/api/conversations/${conversationId}`);
      expect(stored.status).toBe(200);
      const roles = stored.body.messages.map((message: { role: string }) => message.role);
      expect(roles[0]).toBe('user');
      expect(stored.body.messages[0].content).toBe('Write the quarterly report.');
      expect(roles.at(-1)).toBe('assistant');
      expect(stored.body.messages.at(-1).content).toBe('The report is in report.md.');
      expect(roles.filter((role: string) => role === 'tool')).toHaveLength(4);
      const [row] = await server.database.db.select().from(schema.runs).where(eq(schema.runs.id, runId));
      expect(row!.attempts).toBe(2);
    },
  );

  it.skipIf(backend.skip)(
    'R6 a shared skill declaring the agent’s own tools (read_file, write_file) never hides or refuses them',
    async () => {
      const gateModel = await startFakeModelServer({
        script: [{ toolCalls: [{ name: 'read_file', arguments: { path: 'notes.md' } }] }, { text: 'Read.' }],
      });
      try {
        await publishSharedSkill(server, 'grabby', {
          files: { 'SKILL.md': skillMarkdown('grabby', 'tool_dependencies: [read_file, write_file]\n') },
        });
        await server.database.db.insert(schema.modelProviders).values({
          id: 'gate',
          protocol: 'openai',
          baseUrl: gateModel.openaiBaseUrl,
          models: ['gate-model'],
          defaultModel: 'gate-model',
        });
        const agent = await alice.client.request('POST', '/api/agents', {
          json: {
            name: 'own tools',
            model: 'gate:gate-model',
            skills: ['grabby'],
            tools: ['read_file', 'write_file'],
          },
        });
        expect(agent.status).toBe(201);
        const { runId } = await startRun(agent.body.agent.id, 'Read my notes');
        expect((await settled(runId)).status).toBe('completed');
        const [first, second] = gateModel.requests;
        expect(toolNames(first!)).toEqual(
          expect.arrayContaining(['read_file', 'write_file', 'activate_skill']),
        );
        expect(toolNames(second!)).toEqual(toolNames(first!));
        const [result] = toolResults(second!);
        expect(result!.content).not.toMatch(/can only be used while the skill/);
        expect(result!.content).toMatch(/notes\.md/);
      } finally {
        await gateModel.close();
      }
    },
  );

  it.skipIf(backend.skip)(
    'Y8 another user’s conversation, run, events and approvals are 404; a read-only token may not start runs',
    async () => {
      const conversation = await alice.client.request('POST', '/api/conversations', { json: { agentId } });
      const conversationId = conversation.body.conversation.id;
      const runId = await insertCompletedRun(conversationId);
      for (const person of [bob, root]) {
        const statuses = await Promise.all([
          person.client.request('GET', `/api/conversations/${conversationId}`),
          person.client.request('DELETE', `/api/conversations/${conversationId}`),
          person.client.request('POST', `/api/conversations/${conversationId}/runs`, {
            json: { prompt: 'hi' },
          }),
          person.client.request('GET', `/api/runs/${runId}`),
          person.client.request('GET', `/api/runs/${runId}/events`),
          person.client.request('POST', `/api/runs/${runId}/cancel`),
          person.client.request('POST', `/api/runs/${runId}/approvals/call_1`, {
            json: { decision: 'allow' },
          }),
        ]);
        expect(statuses.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
      }
      const listed = await bob.client.request('GET', '/api/conversations');
      expect(listed.body.conversations.map((entry: { id: string }) => entry.id)).not.toContain(
        conversationId,
      );
      // Bob cannot start a conversation with Alice's private agent either.
      const borrowed = await bob.client.request('POST', '/api/conversations', { json: { agentId } });
      expect(borrowed.status).toBe(404);
      const readOnly = await server.app.request(`/api/conversations/${conversationId}/runs`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${(await createApiToken(server.database.db, { userId: alice.id, name: 'ro', access: 'read' })).token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ prompt: 'hi' }),
      });
      expect(readOnly.status).toBe(403);
      const finished = await alice.client.request('POST', `/api/runs/${runId}/cancel`);
      expect({ status: finished.status, code: finished.body.error.code }).toEqual({
        status: 409,
        code: 'run_finished',
      });
      const badId = await alice.client.request('GET', `/api/runs/${runId}/events`, {
        headers: { 'last-event-id': '../1' },
      });
      expect(badId.status).toBe(400);
    },
  );

  it.skipIf(backend.skip)(
    'Y8 deleting a conversation removes its runs’ files too; another’s stay, and a refused delete removes nothing',
    async () => {
      const finishedRunIn = async (conversationId: string) => {
        const folder = await createRunWorkFolder(server.dataDir, await insertCompletedRun(conversationId));
        await mkdir(path.join(folder, 'nested'), { recursive: true });
        await writeFile(path.join(folder, 'nested', 'report.md'), '# private\n');
        return folder;
      };
      const conversations = await Promise.all(
        ['gone', 'kept'].map(async (title) => {
          const made = await alice.client.request('POST', '/api/conversations', { json: { agentId, title } });
          return made.body.conversation.id as string;
        }),
      );
      const goneFolders = [await finishedRunIn(conversations[0]!), await finishedRunIn(conversations[0]!)];
      const keptFolder = await finishedRunIn(conversations[1]!);

      expect((await bob.client.request('DELETE', `/api/conversations/${conversations[0]}`)).status).toBe(404);
      expect(goneFolders.map((folder) => existsSync(folder))).toEqual([true, true]);

      expect((await alice.client.request('DELETE', `/api/conversations/${conversations[0]}`)).status).toBe(
        204,
      );
      expect(goneFolders.map((folder) => existsSync(folder))).toEqual([false, false]);
      expect(existsSync(path.join(keptFolder, 'nested', 'report.md'))).toBe(true);
    },
  );

  it.skipIf(backend.skip)(
    'Y8 a running run is cancelled at the worker’s next step; the conversation goes on with its history',
    async () => {
      const { conversationId, runId } = await startRun(slowAgentId, 'slow');
      await readRunStream(`${url}/api/runs/${runId}/events`, alice.token, {
        stopWhen: (event) => event.event === 'text-delta',
      });
      const cancelled = await alice.client.request('POST', `/api/runs/${runId}/cancel`);
      expect(cancelled.status).toBe(202);
      const events = await readRunStream(`${url}/api/runs/${runId}/events`, alice.token);
      expect(events.at(-1)).toMatchObject({ event: 'run-status', data: { status: 'cancelled' } });
      expect((await runOf(runId)).status).toBe('cancelled');
      const next = await startRun(slowAgentId, 'second turn', conversationId);
      expect(await settled(next.runId)).toMatchObject({
        status: 'completed',
        finalText: 'echo: second turn',
      });
      const last = slowModel.requests.at(-1)!;
      const sent = (last.body as ChatBody).messages
        .filter((message) => message.role === 'user')
        .map((message) => message.content);
      expect(sent).toEqual(['slow', 'second turn']);
    },
  );

  it.skipIf(backend.skip)(
    'Y8 a run waiting for approval can be cancelled; answering it afterwards is refused',
    async () => {
      const { runId } = await startRun(slowAgentId, 'needs approval');
      const waiting = await settled(runId);
      expect(waiting.status).toBe('waiting_approval');
      const [pending] = waiting.pendingApprovals;
      const cancelled = await alice.client.request('POST', `/api/runs/${runId}/cancel`);
      expect({ status: cancelled.status, run: cancelled.body.run.status }).toEqual({
        status: 202,
        run: 'cancelled',
      });
      const late = await alice.client.request('POST', `/api/runs/${runId}/approvals/${pending.toolCallId}`, {
        json: { decision: 'allow' },
      });
      expect({ status: late.status, code: late.body.error.code }).toEqual({
        status: 409,
        code: 'run_not_waiting',
      });
    },
  );

  it.skipIf(backend.skip)(
    'Y8 a denied approval reaches the model as the call’s result and the run completes',
    async () => {
      const { runId } = await startRun(slowAgentId, 'needs approval');
      const waiting = await settled(runId);
      const [pending] = waiting.pendingApprovals;
      const wrong = await alice.client.request('POST', `/api/runs/${runId}/approvals/not-a-pending-call`, {
        json: { decision: 'allow' },
      });
      expect({ status: wrong.status, code: wrong.body.error.code }).toEqual({
        status: 409,
        code: 'approval_not_pending',
      });
      const denied = await alice.client.request(
        'POST',
        `/api/runs/${runId}/approvals/${pending.toolCallId}`,
        {
          json: { decision: 'deny', reason: 'not today' },
        },
      );
      expect(denied.status).toBe(200);
      expect(await settled(runId)).toMatchObject({ status: 'completed', finalText: 'echo: needs approval' });
      const results = toolResults(slowModel.requests.at(-1)!);
      expect(results.at(-1)!.content).toMatch(/not today/);
    },
  );

  it.skipIf(backend.skip)(
    'Y8 G3 a run stored before RunState had $schemaVersion (a v1 row) is approved and resumes',
    async () => {
      const { runId } = await startRun(slowAgentId, 'needs approval');
      const waiting = await settled(runId);
      expect(waiting.status).toBe('waiting_approval');
      const [pending] = waiting.pendingApprovals;
      const { db } = server.database;
      const [row] = await db.select().from(schema.runs).where(eq(schema.runs.id, runId));
      const { $schemaVersion, ...fields } = row!.state as Record<string, unknown>;
      expect($schemaVersion).toBe(2);
      // The row as a server before the versioned schema wrote it: `version: 1`, no `$schemaVersion`.
      await db
        .update(schema.runs)
        .set({ state: { version: 1, ...fields } })
        .where(eq(schema.runs.id, runId));
      const granted = await alice.client.request(
        'POST',
        `/api/runs/${runId}/approvals/${pending.toolCallId}`,
        {
          json: { decision: 'allow' },
        },
      );
      expect(granted.status).toBe(200);
      expect(await settled(runId)).toMatchObject({ status: 'completed', finalText: 'echo: needs approval' });
    },
  );

  it.skipIf(backend.skip)('Y8 a run whose model no provider offers ends failed with the reason', async () => {
    const agent = await alice.client.request('POST', '/api/agents', {
      json: { name: 'nowhere', model: 'no-such-model' },
    });
    expect(agent.status).toBe(201);
    const { runId } = await startRun(agent.body.agent.id, 'hello');
    const failed = await settled(runId);
    expect(failed.status).toBe('failed');
    expect(failed.error).toEqual({
      code: 'model_provider_missing',
      message: 'No configured model provider offers the model "no-such-model"',
    });
  });

  it.skipIf(backend.skip)('Y8 hostile run input is refused with a clear code', async () => {
    const conversation = (
      await alice.client.request('POST', '/api/conversations', { json: { agentId: slowAgentId } })
    ).body.conversation.id;
    const cases = await Promise.all([
      alice.client.request('POST', `/api/conversations/${conversation}/runs`, { json: { prompt: '' } }),
      alice.client.request('POST', `/api/conversations/${conversation}/runs`, {
        json: { prompt: 'x', extra: 1 },
      }),
      alice.client.request('POST', `/api/conversations/${conversation}/runs`, {
        json: { prompt: 'x'.repeat(100_001) },
      }),
      alice.client.request('POST', '/api/conversations/not-a-uuid/runs', { json: { prompt: 'x' } }),
      alice.client.request('GET', '/api/runs/../../etc/passwd'),
      alice.client.request('POST', '/api/conversations', { json: { agentId: crypto.randomUUID() } }),
      alice.client.request('POST', `/api/conversations/${conversation}/runs`, {
        body: '{not json',
        headers: { 'content-type': 'application/json' },
      }),
    ]);
    expect(cases.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 404, 404, 400]);
  });

  it.skipIf(backend.skip)(
    'Y17 run file tools never reach another user’s files, the data folder or a skill folder',
    async () => {
      const bobSkill = await writePersonalSkill(server, bob.id, 'bob-private', { 'secret.md': 'bob only' });
      const projectionSkill = path.join(
        server.dataDir,
        'projections',
        alice.id,
        'skills',
        'report-style',
        'SKILL.md',
      );
      escapeCalls = () => [
        { name: 'read_file', arguments: { path: '/etc/passwd' } },
        { name: 'read_file', arguments: { path: path.join(bobSkill, 'secret.md') } },
        { name: 'read_file', arguments: { path: '../../../db/PG_VERSION' } },
        { name: 'write_file', arguments: { path: '../outside.txt', content: 'x' } },
        { name: 'write_file', arguments: { path: projectionSkill, content: 'overwritten' } },
      ];
      const { runId } = await startRun(slowAgentId, 'escape');
      const waiting = await settled(runId);
      expect(waiting.status).toBe('waiting_approval');
      let run = waiting;
      while (run.status === 'waiting_approval') {
        for (const pending of run.pendingApprovals)
          await alice.client.request('POST', `/api/runs/${runId}/approvals/${pending.toolCallId}`, {
            json: { decision: 'allow' },
          });
        run = await settled(runId);
      }
      expect(run.status).toBe('completed');
      const results = toolResults(slowModel.requests.at(-1)!).slice(-5);
      expect(results).toHaveLength(5);
      for (const result of results)
        expect(result.content).toMatch(/refused|outside|not found|read-only|not allowed/i);
      expect(results.map((result) => result.content).join('\n')).not.toMatch(/root:|bob only/);
      expect(
        await stat(path.join(runWorkFolder(server.dataDir, runId), '..', 'outside.txt')).catch(
          () => undefined,
        ),
      ).toBe(undefined);
      expect(await readFile(projectionSkill, 'utf8')).not.toContain('overwritten');
    },
  );

  it.skipIf(backend.skip)(
    'Y8 a run resolves for its user: the selection ∪ personal skills (overriding) ∪ the readable dependency closure',
    async () => {
      await publishSharedSkill(server, 'plan-base', {
        files: {
          'SKILL.md': skillMarkdown(
            'plan-base',
            'skill_dependencies: [plan-helper, plan-extra, plan-secret]\n',
          ),
        },
      });
      await publishSharedSkill(server, 'plan-helper');
      await publishSharedSkill(server, 'plan-extra');
      await publishSharedSkill(server, 'plan-secret', { readScope: { kind: 'users', userIds: [bob.id] } });
      await publishSharedSkill(server, 'plan-unselected');
      await writePersonalSkill(server, alice.id, 'plan-helper', {
        'SKILL.md': '---\nname: plan-helper\ndescription: Alice’s own planning helper.\n---\nMine.\n',
      });
      await writePersonalSkill(server, alice.id, 'alice-notes');
      const agent = await alice.client.request('POST', '/api/agents', {
        json: { name: 'planner', model: 'slow:slow-model', skills: ['plan-base'] },
      });
      expect(agent.status).toBe(201);
      const { runId } = await startRun(agent.body.agent.id, 'plan it');
      expect(await settled(runId)).toMatchObject({ status: 'completed' });
      const system = JSON.stringify((slowModel.requests.at(-1)!.body as ChatBody).messages[0]);
      expect(system).toContain('plan-base');
      expect(system).toContain('Alice’s own planning helper.');
      expect(system).not.toContain('The plan-helper skill.');
      expect(system).toContain('The plan-extra skill.');
      expect(system).toContain('alice-notes');
      expect(system).not.toContain('plan-secret');
      expect(system).not.toContain('plan-unselected');
      expect(system).not.toContain('report-style');
    },
  );

  it.skipIf(backend.skip)(
    'Y3 a run checks its user at start: a disabled account or an agent it may no longer read fails it with the reason',
    async () => {
      const { db } = server.database;
      const dave = await addPerson(server, 'dave', 'user');
      const queue = async (userId: string, agent: string) => {
        const conversationId = crypto.randomUUID();
        await db.insert(schema.conversations).values({ id: conversationId, userId, agentId: agent });
        const id = crypto.randomUUID();
        await db.insert(schema.runs).values({ id, conversationId, userId, agentId: agent, prompt: 'hello' });
        await server.runs.enqueue(id);
        return id;
      };
      // Bob's run on Alice's private agent (as if she had made it private after he started).
      const foreign = await queue(bob.id, slowAgentId);
      const daveAgent = await dave.client.request('POST', '/api/agents', {
        json: { name: 'd', model: 'slow:slow-model' },
      });
      await db.update(schema.users).set({ disabled: true }).where(eq(schema.users.id, dave.id));
      const disabled = await queue(dave.id, daveAgent.body.agent.id);
      const rowOf = (id: string) =>
        waitFor(async () => {
          const [row] = await db.select().from(schema.runs).where(eq(schema.runs.id, id));
          return row?.status === 'failed' ? row : undefined;
        }, `run ${id} to fail`);
      expect((await rowOf(foreign)).error).toMatchObject({ code: 'run_agent_unreadable' });
      expect((await rowOf(disabled)).error).toMatchObject({ code: 'run_user_disabled' });
    },
  );
});
