/**
 * Issue 25 item 5 over HTTP, on PGlite and PostgreSQL: a failed or stopped run keeps the answer
 * it was writing, marked partial, and Retry answers it again — as a new run of the same prompt
 * (the model sees the prompt once, not the failed attempt), or, when the run's worker was lost
 * and its checkpoint kept, as the same run going on from there. Only the owner retries, only the
 * conversation's latest run, only one that failed or was stopped.
 */
import path from 'node:path';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import { sweepLostRuns } from '../src/runs/sweep-lost-runs.js';
import { readRunStream } from './support/run-stream-client.js';
import { addPerson, type TestPerson } from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';
import { settledRun, waitFor } from './support/wait-for.js';

interface ChatBody {
  readonly messages: readonly { readonly role: string; readonly content: string }[];
}
const messagesOf = (request: RecordedRequest) => (request.body as ChatBody).messages;
const lastUserText = (request: RecordedRequest) =>
  messagesOf(request)
    .filter((message) => message.role === 'user')
    .at(-1)!.content;

describe.each(TEST_BACKENDS)('W4 retry and partial answers on $name', (backend) => {
  let server: SkilldockServer;
  let url: string;
  let model: FakeModelServer;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let alice: TestPerson;
  let bob: TestPerson;
  let agentId: string;
  const asked = new Map<string, number>();
  let resumeNow = false;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    folder = await temporaryFolder('w4-run-retry');
    model = await startFakeModelServer({
      script: (request) => {
        const prompt = lastUserText(request);
        const tools = messagesOf(request).filter((message) => message.role === 'tool').length;
        const times = (asked.get(prompt) ?? 0) + 1;
        asked.set(prompt, times);
        // The first answer breaks off mid-stream (a network failure after text reached the run).
        if (prompt.startsWith('break'))
          return times === 1
            ? { text: 'A partial answer that goes on and on', chunkSize: 4, dropAfterEvents: 4 }
            : { text: `fixed: ${prompt}` };
        if (prompt === 'hold forever')
          return {
            text: 'x'.repeat(200),
            chunkSize: 1,
            pause: { afterEvents: 6, until: new Promise(() => {}) },
          };
        if (prompt === 'tool then hold') {
          if (tools === 0)
            return { toolCalls: [{ id: 'first_read', name: 'read_file', arguments: { path: 'a.md' } }] };
          if (resumeNow) return { text: 'resumed answer' };
          return {
            text: 'y'.repeat(200),
            chunkSize: 1,
            pause: { afterEvents: 6, until: new Promise(() => {}) },
          };
        }
        return { text: `echo: ${prompt}` };
      },
    });
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      database: await backend.openMigrated(),
      dataDir: path.join(folder.path, 'data'),
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'w4-retry-admin-password',
      logger: silentLogger,
      // Runs the tests leave paused forever are handed back after 1 s at stop, not the 30 s default.
      runs: { workerOptions: { heartbeatMs: 100, staleAfterMs: 60_000, deferMs: 100, drainTimeoutMs: 1000 } },
    });
    ({ url } = await server.start({ port: 0 }));
    alice = await addPerson(server, 'alice', 'user');
    bob = await addPerson(server, 'bob', 'admin');
    await server.database.db.insert(schema.modelProviders).values({
      id: 'fake',
      protocol: 'openai',
      baseUrl: model.openaiBaseUrl,
      models: ['m'],
      defaultModel: 'm',
    });
    const created = await alice.client.request('POST', '/api/agents', {
      json: { name: 'plain', model: 'fake:m', tools: ['read_file'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    agentId = created.body.agent.id;
  });

  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server.stop();
    await server.database.close();
    await model.close();
    await folder.remove();
  });

  const newConversation = async () =>
    (await alice.client.request('POST', '/api/conversations', { json: { agentId } })).body.conversation
      .id as string;
  const startRun = async (conversationId: string, prompt: string) => {
    const run = await alice.client.request('POST', `/api/conversations/${conversationId}/runs`, {
      json: { prompt },
    });
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    return run.body.run.id as string;
  };
  const retry = (person: TestPerson, runId: string) =>
    person.client.request('POST', `/api/runs/${runId}/retry`);

  it.skipIf(backend.skip)(
    'W4 a failed run keeps its partial answer, marked; Retry answers the prompt again as a new run the model sees once',
    async () => {
      const conversationId = await newConversation();
      const failedId = await startRun(conversationId, 'break one');
      const failed = await settledRun(alice.client, failedId);
      expect(failed).toMatchObject({ status: 'failed', resumable: false, retryOf: null });
      expect(failed.partial.reason).toBe('failed');
      expect(failed.partial.text).toMatch(/^A partial/);
      expect('A partial answer that goes on and on').toContain(failed.partial.text);
      const conversation = (await alice.client.request('GET', `/api/conversations/${conversationId}`)).body;
      expect(conversation.runs[0].partial).toEqual(failed.partial);

      const retried = await retry(alice, failedId);
      expect(retried.status, JSON.stringify(retried.body)).toBe(202);
      expect(retried.body.resumed).toBe(false);
      expect(retried.body.run).toMatchObject({ retryOf: failedId, prompt: 'break one', partial: null });
      const answer = await settledRun(alice.client, retried.body.run.id);
      expect(answer).toMatchObject({ status: 'completed', finalText: 'fixed: break one', partial: null });
      const request = model.requests.at(-1)!;
      expect(messagesOf(request).filter((message) => message.content === 'break one')).toHaveLength(1);
      expect(JSON.stringify(messagesOf(request))).not.toContain('A partial');

      // The retried run's messages stay out of later runs' context too.
      const next = await startRun(conversationId, 'and then');
      await settledRun(alice.client, next);
      const later = messagesOf(model.requests.at(-1)!).map((message) => [message.role, message.content]);
      expect(later.filter(([role]) => role !== 'system')).toEqual([
        ['user', 'break one'],
        ['assistant', 'fixed: break one'],
        ['user', 'and then'],
      ]);

      // The retried run is no longer the latest; the new ones did not fail.
      for (const [runId, code] of [
        [failedId, 'run_not_latest'],
        [next, 'run_not_retryable'],
      ] as const) {
        const refused = await retry(alice, runId);
        expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 409, code });
      }
    },
  );

  it.skipIf(backend.skip)(
    'W4 a stopped run keeps what it said as its last message, marked partial, and can be retried',
    async () => {
      const conversationId = await newConversation();
      const runId = await startRun(conversationId, 'hold forever');
      await waitFor(async () => {
        const events = await server.database.db
          .select()
          .from(schema.runEvents)
          .where(eq(schema.runEvents.runId, runId));
        return events.some((event) => event.type === 'text-delta') ? true : undefined;
      }, 'the run to stream text');
      const running = await retry(alice, runId);
      expect({ status: running.status, code: running.body.error?.code }).toEqual({
        status: 409,
        code: 'run_not_retryable',
      });
      expect((await alice.client.request('POST', `/api/runs/${runId}/cancel`)).status).toBe(202);
      const stopped = await settledRun(alice.client, runId);
      expect(stopped).toMatchObject({ status: 'cancelled', partial: { reason: 'cancelled', text: null } });
      const conversation = (await alice.client.request('GET', `/api/conversations/${conversationId}`)).body;
      const said = conversation.messages.filter((message: { role: string }) => message.role === 'assistant');
      expect(said).toHaveLength(1);
      expect(said[0].content).toMatch(/^x+$/);

      const retried = await retry(alice, runId);
      expect(retried.status).toBe(202);
      expect(retried.body.run.retryOf).toBe(runId);
      expect((await alice.client.request('POST', `/api/runs/${retried.body.run.id}/cancel`)).status).toBe(
        202,
      );
      expect((await settledRun(alice.client, retried.body.run.id)).status).toBe('cancelled');
    },
  );

  it.skipIf(backend.skip)(
    'W4 a run failed by its lost worker keeps its partial text and resumes from its checkpoint on Retry',
    async () => {
      const { db } = server.database;
      const conversationId = await newConversation();
      const runId = await startRun(conversationId, 'tool then hold');
      await waitFor(async () => {
        const [row] = await db.select().from(schema.runs).where(eq(schema.runs.id, runId));
        const events = await db.select().from(schema.runEvents).where(eq(schema.runEvents.runId, runId));
        const textAfter = events.some(
          (event) =>
            event.type === 'text-delta' && event.seq > (row?.checkpointSeq ?? Number.MAX_SAFE_INTEGER),
        );
        return textAfter ? true : undefined;
      }, 'the run to stream text after its checkpoint');
      // Its worker is lost: another id holds the row and its heartbeat is old. The real worker,
      // finding the row no longer its own, stops and writes nothing; the sweep fails the run.
      await db
        .update(schema.runs)
        .set({ workerId: 'lost-worker', heartbeatAt: sql`now() - interval '1 hour'` })
        .where(eq(schema.runs.id, runId));
      const swept = await sweepLostRuns(db, 1000);
      expect(swept.failed).toEqual([runId]);
      const failed = (await alice.client.request('GET', `/api/runs/${runId}`)).body.run;
      expect(failed).toMatchObject({
        status: 'failed',
        error: { code: 'run_worker_lost' },
        resumable: true,
        partial: { reason: 'failed' },
      });
      expect(failed.partial.text).toMatch(/^y+$/);

      expect((await retry(bob, runId)).status).toBe(404);
      resumeNow = true;
      const resumed = await retry(alice, runId);
      expect(resumed.status, JSON.stringify(resumed.body)).toBe(202);
      expect(resumed.body).toMatchObject({ resumed: true, run: { id: runId, status: 'queued' } });
      const done = await settledRun(alice.client, runId);
      expect(done).toMatchObject({ status: 'completed', finalText: 'resumed answer', partial: null });
      // It went on from the checkpoint: the model saw the tool's result, the prompt once, and no
      // second call of the tool.
      const request = model.requests.at(-1)!;
      expect(messagesOf(request).filter((message) => message.role === 'tool')).toHaveLength(1);
      expect(messagesOf(request).filter((message) => message.content === 'tool then hold')).toHaveLength(1);
      expect(asked.get('tool then hold')).toBe(3);
      const events = await readRunStream(`${url}/api/runs/${runId}/events`, alice.token);
      const retriedAt = events.findIndex(
        (event) => event.event === 'run-status' && event.data.reason === 'retry',
      );
      expect(retriedAt).toBeGreaterThan(0);
      expect(events[retriedAt + 1]).toMatchObject({ event: 'turn-restart', data: { turn: 2 } });
      expect(events.slice(retriedAt).some((event) => event.event === 'run-resumed')).toBe(true);
      expect(events.at(-1)).toMatchObject({ event: 'run-status', data: { status: 'completed' } });
    },
  );

  it.skipIf(backend.skip)(
    'W4 Retry is the owner’s alone: another user, unknown and malformed ids are refused',
    async () => {
      const conversationId = await newConversation();
      const runId = await startRun(conversationId, 'break two');
      expect((await settledRun(alice.client, runId)).status).toBe('failed');
      // Another user (an admin included) does not see the run.
      const other = await retry(bob, runId);
      expect({ status: other.status, code: other.body.error?.code }).toEqual({
        status: 404,
        code: 'not_found',
      });
      const unknown = await retry(alice, '0b6c1b2e-8a4f-4a59-9b5e-2f1b8f1d0a7c');
      expect(unknown.status).toBe(404);
      for (const id of ['not-a-uuid', `${runId}%00`, 'a'.repeat(5000)]) {
        const malformed = await retry(alice, id);
        expect({ id, status: malformed.status }).toEqual({ id, status: 400 });
      }
      const withoutCsrf = await alice.client.request('POST', `/api/runs/${runId}/retry`, { csrf: false });
      expect(withoutCsrf.status).toBe(403);
      // None of those started anything: the run is still the conversation's latest, and retryable.
      const retried = await retry(alice, runId);
      expect(retried.status).toBe(202);
      expect((await settledRun(alice.client, retried.body.run.id)).finalText).toBe('fixed: break two');
      const document = (await alice.client.request('GET', '/openapi.json')).body;
      expect(document.paths['/api/runs/{id}/retry'].post.operationId).toBe('retryRun');
    },
  );
});
