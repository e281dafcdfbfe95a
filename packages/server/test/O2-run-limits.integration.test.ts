/**
 * SPEC O2 over HTTP, on PGlite and PostgreSQL: run limits and a fair queue. The admins' defaults
 * (wall-clock time, model turns, concurrent runs per user) live in the database behind a validated
 * admin route; an agent may override the time and turn limits. A run past its time limit ends
 * `failed` `run_time_limit` with the model stream and the sub-agent in flight stopped; past its turn
 * limit `run_max_turns`; one user's held runs beyond the per-user limit wait (and say why) while
 * another user's run starts and ends.
 */
import path from 'node:path';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import { claimRunInTurn } from '../src/runs/claim-run-in-turn.js';
import { readRunStream } from './support/run-stream-client.js';
import { addPerson, type TestPerson } from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';
import { settledRun, waitFor } from './support/wait-for.js';

interface ChatBody {
  readonly messages: readonly { readonly role: string; readonly content: string }[];
}
const bodyOf = (request: RecordedRequest) => request.body as ChatBody;
const lastUserText = (request: RecordedRequest) =>
  bodyOf(request)
    .messages.filter((message) => message.role === 'user')
    .at(-1)!.content;
const toolResults = (request: RecordedRequest) =>
  bodyOf(request).messages.filter((message) => message.role === 'tool');

const DEFAULT_LIMITS = { timeLimitSeconds: 1800, maxTurns: 100, maxConcurrentRunsPerUser: 2 };

describe.each(TEST_BACKENDS)('O2 run limits and fairness on $name', (backend) => {
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
    folder = await temporaryFolder('o2-run-limits');
    model = await startFakeModelServer({
      script: (request) => {
        const prompt = lastUserText(request);
        const tools = toolResults(request).length;
        // Streams a few characters, then holds until the run is stopped.
        if (prompt === 'hold forever' || prompt === 'Hold.')
          return {
            text: 'x'.repeat(200),
            chunkSize: 1,
            pause: { afterEvents: 4, until: new Promise(() => {}) },
          };
        // Holds until the test releases every held run at once.
        if (prompt.startsWith('held'))
          return { text: `done ${prompt}`, chunkSize: 1, pause: { afterEvents: 3, until: released } };
        if (prompt === 'delegate' && tools === 0)
          return { toolCalls: [{ id: 'lead_call', name: 'subagent__helper', arguments: { task: 'Hold.' } }] };
        if (prompt === 'two tools' && tools < 2)
          return { toolCalls: [{ name: 'read_file', arguments: { path: `missing-${tools}.md` } }] };
        return { text: `echo: ${prompt}` };
      },
    });
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      database: await backend.openMigrated(),
      dataDir: path.join(folder.path, 'data'),
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'o2-admin-password',
      logger: silentLogger,
      // Runs the tests leave waiting on the model are handed back after 1 s at stop, not the 30 s default.
      runs: { workerOptions: { heartbeatMs: 200, staleAfterMs: 5000, deferMs: 100, drainTimeoutMs: 1000 } },
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
    const create = async (owner: TestPerson, key: string, json: Record<string, unknown>) => {
      const created = await owner.client.request('POST', '/api/agents', {
        json: { model: 'fake:m', tools: ['read_file'], ...json },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      agents[key] = created.body.agent.id;
    };
    await create(alice, 'plain', { name: 'plain' });
    await create(bob, 'bobs', { name: 'bobs' });
    await create(alice, 'quick', { name: 'quick', runLimits: { timeLimitSeconds: 0.4 } });
    await create(alice, 'helper', { name: 'helper' });
    await create(alice, 'lead', {
      name: 'lead',
      subagents: [agents.helper],
      // Long enough for the first model turn and the delegation to start on a loaded machine (0.4 s
      // was not, and the run then ended before any sub-agent existed); the helper holds forever,
      // so the limit still ends the run with the delegation in flight.
      runLimits: { timeLimitSeconds: 4 },
    });
    await create(alice, 'patient', { name: 'patient', runLimits: { maxTurns: 3 } });
    await create(admin, 'admins', { name: 'admins' });
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
      {
        json: { prompt },
      },
    );
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    return run.body.run.id as string;
  };
  const runOf = async (person: TestPerson, runId: string) =>
    (await person.client.request('GET', `/api/runs/${runId}`)).body.run;
  const putLimits = (person: TestPerson, json: unknown) =>
    person.client.request('PUT', '/api/admin/settings/runs', { json });

  it.skipIf(backend.skip)(
    'O2 admins read and set the run limits (validated, audited, in /openapi.json); others are refused',
    async () => {
      const read = await admin.client.request('GET', '/api/admin/settings/runs');
      expect(read.status).toBe(200);
      expect(read.body.settings).toEqual(DEFAULT_LIMITS);
      for (const person of [alice, bob]) {
        expect((await person.client.request('GET', '/api/admin/settings/runs')).status).toBe(403);
        expect((await putLimits(person, DEFAULT_LIMITS)).status).toBe(403);
      }
      const bad = [
        { ...DEFAULT_LIMITS, timeLimitSeconds: 0 },
        { ...DEFAULT_LIMITS, timeLimitSeconds: -5 },
        { ...DEFAULT_LIMITS, timeLimitSeconds: 86_401 },
        { ...DEFAULT_LIMITS, maxTurns: 0 },
        { ...DEFAULT_LIMITS, maxTurns: 2.5 },
        { ...DEFAULT_LIMITS, maxTurns: 1_000_000 },
        { ...DEFAULT_LIMITS, maxConcurrentRunsPerUser: 0 },
        { ...DEFAULT_LIMITS, maxConcurrentRunsPerUser: '2' },
        { ...DEFAULT_LIMITS, extra: true },
        { timeLimitSeconds: 60 },
        'everything',
      ];
      for (const json of bad) {
        const answer = await putLimits(admin, json);
        expect({ json, status: answer.status, code: answer.body.error?.code }).toEqual({
          json,
          status: 400,
          code: 'invalid_request',
        });
      }
      expect((await admin.client.request('GET', '/api/admin/settings/runs')).body.settings).toEqual(
        DEFAULT_LIMITS,
      );
      const changed = await putLimits(admin, { ...DEFAULT_LIMITS, maxConcurrentRunsPerUser: 3 });
      expect(changed.status).toBe(200);
      expect(changed.body.settings).toEqual({ ...DEFAULT_LIMITS, maxConcurrentRunsPerUser: 3 });
      const [audit] = await server.database.db
        .select()
        .from(schema.auditLog)
        .where(
          and(eq(schema.auditLog.action, 'settings.changed'), eq(schema.auditLog.targetId, 'runs.limits')),
        );
      expect(audit?.actorId).toBe(admin.id);
      expect((await putLimits(admin, DEFAULT_LIMITS)).status).toBe(200);
      const document = (await admin.client.request('GET', '/openapi.json')).body;
      expect(Object.keys(document.paths['/api/admin/settings/runs'])).toEqual(['get', 'put']);
      expect(JSON.stringify(document.components.schemas.Agent)).toContain('AgentRunLimits');
      expect(document.components.schemas.RunLimitSettings).toBeDefined();
    },
  );

  it.skipIf(backend.skip)(
    'O2 an agent may lower its limits; raising them above the admin defaults is for admins; out of range is 400',
    async () => {
      const raise = await alice.client.request('PATCH', `/api/agents/${agents.plain}`, {
        json: { runLimits: { timeLimitSeconds: 3600 } },
      });
      expect({ status: raise.status, code: raise.body.error?.code }).toEqual({
        status: 403,
        code: 'forbidden',
      });
      const turns = await alice.client.request('PATCH', `/api/agents/${agents.plain}`, {
        json: { runLimits: { maxTurns: 101 } },
      });
      expect(turns.status).toBe(403);
      for (const runLimits of [
        { timeLimitSeconds: 0 },
        { maxTurns: 1.5 },
        { maxTurns: 5000 },
        { other: 1 },
      ]) {
        const answer = await admin.client.request('PATCH', `/api/agents/${agents.admins}`, {
          json: { runLimits },
        });
        expect({ runLimits, status: answer.status }).toEqual({ runLimits, status: 400 });
      }
      const lowered = await alice.client.request('PATCH', `/api/agents/${agents.plain}`, {
        json: { runLimits: { timeLimitSeconds: 60, maxTurns: 10 } },
      });
      expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
      expect(lowered.body.agent.runLimits).toEqual({ timeLimitSeconds: 60, maxTurns: 10 });
      const byAdmin = await admin.client.request('PATCH', `/api/agents/${agents.admins}`, {
        json: { runLimits: { timeLimitSeconds: 3600, maxTurns: 200 } },
      });
      expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
      expect(byAdmin.body.agent.runLimits).toEqual({ timeLimitSeconds: 3600, maxTurns: 200 });
      for (const [person, key] of [
        [alice, 'plain'],
        [admin, 'admins'],
      ] as const) {
        const cleared = await person.client.request('PATCH', `/api/agents/${agents[key]}`, {
          json: { runLimits: {} },
        });
        expect(cleared.body.agent.runLimits).toEqual({});
      }
    },
  );

  it.skipIf(backend.skip)(
    'O2 a run past its time limit ends failed run_time_limit, the model stream and the sub-agent in flight stopped',
    async () => {
      const runId = await startRun(alice, 'quick', 'hold forever');
      const run = await settledRun(alice.client, runId);
      expect(run).toMatchObject({ status: 'failed', error: { code: 'run_time_limit' } });
      expect(run.error.message).toMatch(/time limit of 0\.4 s/);
      const events = await readRunStream(`${url}/api/runs/${runId}/events`, alice.token);
      expect(events.at(-1)).toMatchObject({
        event: 'run-status',
        data: { status: 'failed', error: { code: 'run_time_limit' } },
      });

      const leadRun = await startRun(alice, 'lead', 'delegate');
      const lead = await settledRun(alice.client, leadRun);
      expect(lead).toMatchObject({ status: 'failed', error: { code: 'run_time_limit' } });
      const leadEvents = await readRunStream(`${url}/api/runs/${leadRun}/events`, alice.token);
      const end = leadEvents.find((event) => event.event === 'subagent-end');
      // The delegation in flight was stopped with the run, not left streaming.
      expect(end?.data).toMatchObject({ toolCallId: 'lead_call', status: 'cancelled' });
      const afterEnd = leadEvents.slice(leadEvents.indexOf(end!) + 1);
      expect(afterEnd.filter((event) => event.event === 'subagent-event')).toEqual([]);
    },
  );

  it.skipIf(backend.skip)(
    'O2 the admins’ turn limit ends a run run_max_turns; an agent’s own turn limit wins over it',
    async () => {
      expect((await putLimits(admin, { ...DEFAULT_LIMITS, maxTurns: 2 })).status).toBe(200);
      try {
        const limited = await settledRun(alice.client, await startRun(alice, 'plain', 'two tools'));
        expect(limited).toMatchObject({ status: 'failed', error: { code: 'run_max_turns' } });
        expect(limited.error.message).toMatch(/2 model requests/);
        const patient = await settledRun(alice.client, await startRun(alice, 'patient', 'two tools'));
        expect(patient).toMatchObject({ status: 'completed', finalText: 'echo: two tools' });
      } finally {
        expect((await putLimits(admin, DEFAULT_LIMITS)).status).toBe(200);
      }
    },
  );

  it.skipIf(backend.skip)(
    'O2 one user’s held runs beyond the per-user limit wait and say why; another user’s run starts and ends meanwhile',
    async () => {
      const held: string[] = [];
      for (const n of [1, 2, 3, 4]) held.push(await startRun(alice, 'plain', `held ${n}`));
      const running = () => Promise.all(held.map(async (id) => (await runOf(alice, id)).status as string));
      await waitFor(
        async () =>
          (await running()).filter((status) => status === 'running').length === 2 ? true : undefined,
        'two of alice’s runs to run',
        { timeoutMs: 15_000 },
      );
      // Bob is not kept waiting by Alice's runs: his starts and completes while hers are held.
      const bobs = await startRun(bob, 'bobs', 'hello');
      const bobRun = await waitFor(
        async () => {
          const run = await runOf(bob, bobs);
          return run.status === 'completed' ? run : undefined;
        },
        'bob’s run to complete',
        { timeoutMs: 15_000 },
      );
      expect(bobRun.finalText).toBe('echo: hello');
      const statuses = await running();
      expect(statuses.filter((status) => status === 'running')).toHaveLength(2);
      expect(statuses.filter((status) => status === 'queued')).toHaveLength(2);
      const waiting = (await Promise.all(held.map((id) => runOf(alice, id)))).filter(
        (run) => run.status === 'queued',
      );
      expect(waiting.map((run) => run.queue)).toEqual([
        {
          reason: 'user_run_limit',
          runsAhead: 2,
          limit: 2,
          message: '2 of your runs are ahead (at most 2 run at once).',
        },
        {
          reason: 'user_run_limit',
          runsAhead: 3,
          limit: 2,
          message: '3 of your runs are ahead (at most 2 run at once).',
        },
      ]);
      // The stream says it too, for the web app.
      const notice = await waitFor(async () => {
        const events = await readRunStream(`${url}/api/runs/${waiting[0].id}/events`, alice.token, {
          stopWhen: (event) => event.event === 'run-notice',
        });
        return events.find((event) => event.event === 'run-notice');
      }, 'the queued notice');
      expect(notice.data).toMatchObject({
        message: '2 of your runs are ahead (at most 2 run at once).',
        queue: { reason: 'user_run_limit', runsAhead: 2, limit: 2 },
      });
      release();
      const ended = await Promise.all(held.map((id) => settledRun(alice.client, id)));
      expect(ended.map((run) => [run.status, run.finalText])).toEqual(
        [1, 2, 3, 4].map((n) => ['completed', `done held ${n}`]),
      );
      expect(ended.map((run) => run.queue)).toEqual([null, null, null, null]);
      // Alice's waiting runs started only once one of her first two had ended.
      const firstEnd = Math.min(...ended.slice(0, 2).map((run) => Date.parse(run.endedAt)));
      for (const run of ended.slice(2)) expect(Date.parse(run.startedAt)).toBeGreaterThanOrEqual(firstEnd);
    },
  );

  it.skipIf(backend.skip)(
    'O2 workers claiming one user’s runs at once never let more than the limit run (the turn is decided in the database)',
    async () => {
      const { db } = server.database;
      const carol = await addPerson(server, 'carol', 'user');
      const ids: string[] = [];
      for (const n of [1, 2, 3, 4, 5]) {
        const conversationId = crypto.randomUUID();
        await db
          .insert(schema.conversations)
          .values({ id: conversationId, userId: carol.id, agentId: agents.plain });
        const id = crypto.randomUUID();
        await db
          .insert(schema.runs)
          .values({ id, conversationId, userId: carol.id, agentId: agents.plain, prompt: `p${n}` });
        ids.push(id);
      }
      // Five workers each try every run at once, as five processes fetching the jobs would.
      const claims = await Promise.all(
        ids.flatMap((id) => [1, 2, 3, 4, 5].map((worker) => claimRunInTurn(db, id, `worker-${worker}`))),
      );
      expect(claims.filter((claim) => claim.kind === 'claimed')).toHaveLength(2);
      const rows = await db.select().from(schema.runs).where(eq(schema.runs.userId, carol.id));
      expect(rows.filter((row) => row.status === 'running')).toHaveLength(2);
      expect(rows.filter((row) => row.status === 'queued')).toHaveLength(3);
      await db.delete(schema.conversations).where(eq(schema.conversations.userId, carol.id));
    },
  );
});
