/**
 * Issue 25 item 3 over HTTP, on PGlite and PostgreSQL: the admins' view of every user's running
 * and queued runs (who, agent, worker, queue position; paged; no prompts) and an admin's cancel of
 * any run — audited, a queued run never starts, a running one stops like its user's Stop. A user
 * is refused both; unknown, malformed and finished runs are answered with their codes.
 */
import path from 'node:path';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import { readRunStream } from './support/run-stream-client.js';
import { addPerson, type TestPerson } from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';
import { settledRun, waitFor } from './support/wait-for.js';

const lastUserText = (request: RecordedRequest) =>
  (request.body as { messages: { role: string; content: string }[] }).messages
    .filter((message) => message.role === 'user')
    .at(-1)!.content;

describe.each(TEST_BACKENDS)('O2 the admins’ view of runs on $name', (backend) => {
  let server: SkilldockServer;
  let url: string;
  let model: FakeModelServer;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let alice: TestPerson;
  let bob: TestPerson;
  let admin: TestPerson;
  const agents: Record<string, string> = {};
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    folder = await temporaryFolder('o2-admin-runs');
    model = await startFakeModelServer({
      script: (request) => {
        const prompt = lastUserText(request);
        // Holds until the test releases every held run at once.
        if (prompt.startsWith('held'))
          return { text: `done ${prompt}`, chunkSize: 1, pause: { afterEvents: 3, until: released } };
        return { text: `echo: ${prompt}` };
      },
    });
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      database: await backend.openMigrated(),
      dataDir: path.join(folder.path, 'data'),
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'o2-admin-runs-password',
      logger: silentLogger,
      runs: { workerOptions: { heartbeatMs: 200, staleAfterMs: 5000, deferMs: 100 } },
    });
    ({ url } = await server.start({ port: 0 }));
    alice = await addPerson(server, 'alice', 'user');
    bob = await addPerson(server, 'bob', 'user');
    admin = await addPerson(server, 'ada', 'admin');
    await server.database.db.insert(schema.modelProviders).values({
      id: 'fake',
      protocol: 'openai',
      baseUrl: model.openaiBaseUrl,
      models: ['m'],
      defaultModel: 'm',
    });
    for (const [owner, name] of [
      [alice, 'alices'],
      [bob, 'bobs'],
    ] as const) {
      const created = await owner.client.request('POST', '/api/agents', { json: { name, model: 'fake:m' } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      agents[name] = created.body.agent.id;
    }
    const limits = await admin.client.request('PUT', '/api/admin/settings/runs', {
      json: { timeLimitSeconds: 1800, maxTurns: 100, maxConcurrentRunsPerUser: 1 },
    });
    expect(limits.status).toBe(200);
  });

  afterAll(async () => {
    if (backend.skip !== undefined) return;
    release();
    await server.stop();
    await server.database.close();
    await model.close();
    await folder.remove();
  });

  const startRun = async (person: TestPerson, agent: string, prompt: string) => {
    const conversation = await person.client.request('POST', '/api/conversations', {
      json: { agentId: agents[agent] },
    });
    const run = await person.client.request(
      'POST',
      `/api/conversations/${conversation.body.conversation.id}/runs`,
      { json: { prompt } },
    );
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    return run.body.run.id as string;
  };
  const statusOf = async (person: TestPerson, runId: string) =>
    (await person.client.request('GET', `/api/runs/${runId}`)).body.run.status as string;
  const list = (person: TestPerson, query = '') => person.client.request('GET', `/api/admin/runs${query}`);

  let aliceFirst: string;
  let aliceSecond: string;
  let bobsRun: string;

  it.skipIf(backend.skip)(
    'O2 admins list every user’s running and queued runs with who, agent, worker and position, paged, without prompts',
    async () => {
      aliceFirst = await startRun(alice, 'alices', 'held a1');
      await waitFor(
        async () => ((await statusOf(alice, aliceFirst)) === 'running' ? true : undefined),
        'alice’s first run to run',
      );
      aliceSecond = await startRun(alice, 'alices', 'held a2 secret prompt');
      bobsRun = await startRun(bob, 'bobs', 'held b1');
      await waitFor(
        async () => ((await statusOf(bob, bobsRun)) === 'running' ? true : undefined),
        'bob’s run to run',
      );
      const answer = await list(admin);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.total).toBe(3);
      expect(
        answer.body.runs.map((run: { id: string; status: string; user: { username: string } }) => [
          run.id,
          run.status,
          run.user.username,
        ]),
      ).toEqual([
        [aliceFirst, 'running', 'alice'],
        [bobsRun, 'running', 'bob'],
        [aliceSecond, 'queued', 'alice'],
      ]);
      const [first, , queued] = answer.body.runs;
      expect(first).toMatchObject({
        agent: { id: agents.alices, name: 'alices' },
        user: { id: alice.id },
        position: null,
        queue: null,
        cancelRequested: false,
      });
      expect(first.workerId).toEqual(expect.any(String));
      expect(Date.parse(first.startedAt)).toBeGreaterThan(0);
      expect(queued).toMatchObject({
        position: 1,
        workerId: null,
        startedAt: null,
        queue: { reason: 'user_run_limit', runsAhead: 1, limit: 1 },
      });
      // Conversations are private to their user: the admins see where a run stands, not what it says.
      expect(JSON.stringify(answer.body)).not.toContain('secret prompt');

      const page = await list(admin, '?limit=1&offset=1');
      expect(page.body).toMatchObject({ total: 3, runs: [{ id: bobsRun }] });
      const onlyQueued = await list(admin, '?status=queued');
      expect(onlyQueued.body.runs.map((run: { id: string }) => run.id)).toEqual([aliceSecond]);
      expect(onlyQueued.body.total).toBe(1);
      const beyond = await list(admin, '?offset=50');
      expect(beyond.body).toEqual({ runs: [], total: 3 });

      for (const query of [
        '?limit=0',
        '?limit=201',
        '?offset=-1',
        '?limit=ten',
        '?status=completed',
        '?status=queued%27%20or%201=1',
        '?userId=x',
      ]) {
        const refused = await list(admin, query);
        expect({ query, status: refused.status, code: refused.body.error?.code }).toEqual({
          query,
          status: 400,
          code: 'invalid_request',
        });
      }
      for (const person of [alice, bob]) {
        const refused = await list(person);
        expect({ status: refused.status, code: refused.body.error?.code }).toEqual({
          status: 403,
          code: 'forbidden',
        });
      }
      const document = (await admin.client.request('GET', '/openapi.json')).body;
      expect(document.paths['/api/admin/runs'].get.operationId).toBe('listActiveRuns');
      expect(document.paths['/api/admin/runs/{id}/cancel'].post.operationId).toBe('adminCancelRun');
    },
  );

  it.skipIf(backend.skip)(
    'O2 an admin cancels any run, audited: a queued one never starts, a running one stops; users, unknown, malformed and finished runs are refused',
    async () => {
      // A user may not cancel another user's run through the admins' route, nor their own.
      for (const [person, runId] of [
        [bob, aliceSecond],
        [alice, aliceSecond],
      ] as const) {
        const refused = await person.client.request('POST', `/api/admin/runs/${runId}/cancel`);
        expect({ status: refused.status, code: refused.body.error?.code }).toEqual({
          status: 403,
          code: 'forbidden',
        });
      }
      expect(await statusOf(alice, aliceSecond)).toBe('queued');

      const cancelQueued = await admin.client.request('POST', `/api/admin/runs/${aliceSecond}/cancel`);
      expect(cancelQueued.status, JSON.stringify(cancelQueued.body)).toBe(202);
      expect(cancelQueued.body.run).toMatchObject({
        id: aliceSecond,
        status: 'cancelled',
        user: { username: 'alice' },
        agent: { name: 'alices' },
      });
      const cancelRunning = await admin.client.request('POST', `/api/admin/runs/${bobsRun}/cancel`);
      expect(cancelRunning.status).toBe(202);
      expect((await settledRun(bob.client, bobsRun)).status).toBe('cancelled');
      // Each user is told who stopped their run: it is the cancelled run's reason, kept when a
      // running one ends; a queued one's closing event says it too.
      const byAdmin = { code: 'run_cancelled_by_admin', message: 'An administrator cancelled this run.' };
      for (const [person, runId] of [
        [alice, aliceSecond],
        [bob, bobsRun],
      ] as const) {
        const run = (await person.client.request('GET', `/api/runs/${runId}`)).body.run;
        expect(run).toMatchObject({ status: 'cancelled', error: byAdmin });
      }
      const events = await readRunStream(`${url}/api/runs/${aliceSecond}/events`, alice.token);
      expect(events.at(-1)).toMatchObject({
        event: 'run-status',
        data: { status: 'cancelled', error: byAdmin },
      });
      // A user's own Stop gives no such reason.
      const own = await startRun(bob, 'bobs', 'held b2');
      expect((await bob.client.request('POST', `/api/runs/${own}/cancel`)).status).toBe(202);
      expect(await settledRun(bob.client, own)).toMatchObject({ status: 'cancelled', error: null });

      const audit = await server.database.db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.action, 'run.cancelled'), eq(schema.auditLog.actorId, admin.id)));
      expect(
        audit.map((entry) => [
          entry.targetType,
          entry.targetId,
          entry.details.statusBefore,
          entry.details.userId,
        ]),
      ).toEqual([
        ['run', aliceSecond, 'queued', alice.id],
        ['run', bobsRun, 'running', bob.id],
      ]);

      // Alice's first run ends; her cancelled run, next in her turn, never starts.
      release();
      const first = await settledRun(alice.client, aliceFirst);
      expect(first).toMatchObject({ status: 'completed', finalText: 'done held a1' });
      const later = await startRun(alice, 'alices', 'after');
      expect(await settledRun(alice.client, later)).toMatchObject({ status: 'completed' });
      const second = (await alice.client.request('GET', `/api/runs/${aliceSecond}`)).body.run;
      expect(second).toMatchObject({ status: 'cancelled', startedAt: null });
      expect(model.requests.map(lastUserText)).not.toContain('held a2 secret prompt');
      expect((await list(admin)).body).toEqual({ runs: [], total: 0 });

      const again = await admin.client.request('POST', `/api/admin/runs/${aliceSecond}/cancel`);
      expect({ status: again.status, code: again.body.error?.code }).toEqual({
        status: 409,
        code: 'run_finished',
      });
      const unknown = await admin.client.request(
        'POST',
        '/api/admin/runs/0b6c1b2e-8a4f-4a59-9b5e-2f1b8f1d0a7c/cancel',
      );
      expect({ status: unknown.status, code: unknown.body.error?.code }).toEqual({
        status: 404,
        code: 'not_found',
      });
      for (const id of ['not-a-uuid', '..%2F..%2Fetc', `${aliceSecond}x`]) {
        const malformed = await admin.client.request('POST', `/api/admin/runs/${id}/cancel`);
        expect({ id, status: malformed.status }).toEqual({ id, status: 400 });
      }
      const withoutCsrf = await admin.client.request('POST', `/api/admin/runs/${aliceFirst}/cancel`, {
        csrf: false,
      });
      expect(withoutCsrf.status).toBe(403);
    },
  );
});
