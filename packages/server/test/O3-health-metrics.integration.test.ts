/**
 * SPEC O3 in process (`app.request`, PGlite): liveness and readiness (database, migrations, a run
 * worker's heartbeat in any process, queue depth and oldest queued age; 503 naming the failing
 * check), `/metrics` in the Prometheus text format behind its bearer token with route patterns as
 * labels, and request log lines carrying the route and run id.
 */
import { randomUUID } from 'node:crypto';
import type { ModelProvider, ModelStreamEvent } from '@skilldock/agent/model';
import { startFakeModelServer } from '@skilldock/agent/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReadiness } from '../src/health/check-readiness.js';
import {
  createJsonLogger,
  createServer,
  type Database,
  type SkilldockServer,
  schema,
  silentLogger,
} from '../src/index.js';
import { createServerMetrics } from '../src/metrics/server-metrics.js';
import { instrumentModelRoute } from '../src/runs/instrument-model-route.js';
import { addPerson } from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';
import { settledRun, waitFor } from './support/wait-for.js';

const METRICS_TOKEN = 'o3-metrics-token-0123456789';

/** One Prometheus text-format sample line: `name{labels} value`. */
const SAMPLE_LINE =
  /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/;

/** The metric families of a Prometheus text answer, after checking every line parses. */
function parseFamilies(text: string): Map<string, string> {
  const families = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type !== null) families.set(type[1]!, type[2]!);
    else if (!line.startsWith('# HELP ')) expect(line).toMatch(SAMPLE_LINE);
  }
  return families;
}

describe.each(TEST_BACKENDS)('O3 health, readiness and metrics on $name', (backend) => {
  let database: Database;
  let apiOnly: SkilldockServer;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  const logLines: string[] = [];

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    folder = await temporaryFolder('o3-health');
    database = await backend.openMigrated();
    // The API alone (`serve --no-worker`): no worker in this process, metrics on.
    apiOnly = await createServer({
      database,
      dataDir: folder.path,
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      adminPassword: 'o3-health-admin',
      logger: createJsonLogger((line) => logLines.push(line)),
      runs: { worker: false, workerOptions: { staleAfterMs: 5000 } },
      metrics: { token: METRICS_TOKEN },
    });
  });
  afterAll(async () => {
    await apiOnly?.stop();
    await database?.close();
    await folder?.remove();
  });

  it.skipIf(backend.skip)('O3 /api/health/live answers 200 and /api/health keeps its answer', async () => {
    const live = await apiOnly.app.request('/api/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ ok: true });
    const health = await apiOnly.app.request('/api/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, database: backend.name });
  });

  it.skipIf(backend.skip)(
    'O3 readiness is 503 naming `workers` while no worker sends heartbeats, with the queue in the body',
    async () => {
      // A queued run no worker takes: depth 1, and its age is reported.
      const [admin] = await database.db.select().from(schema.users).limit(1);
      const [agent] = await database.db.select().from(schema.agents).limit(1);
      const conversationId = randomUUID();
      await database.db.insert(schema.conversations).values({
        id: conversationId,
        userId: admin!.id,
        agentId: agent!.id,
      });
      await database.db.insert(schema.runs).values({
        id: randomUUID(),
        conversationId,
        userId: admin!.id,
        agentId: agent!.id,
        prompt: 'secret prompt text',
        status: 'queued',
        createdAt: new Date(Date.now() - 60_000),
      });
      const answer = await apiOnly.app.request('/api/health/ready');
      expect(answer.status).toBe(503);
      const text = await answer.text();
      expect(JSON.parse(text)).toEqual({
        ready: false,
        failing: 'workers',
        database: backend.name,
        checks: {
          database: { ok: true },
          migrations: { ok: true, pending: 0 },
          workers: { ok: false, seen: 0, staleAfterSeconds: 5 },
        },
        queue: { depth: 1, oldestQueuedSeconds: expect.any(Number) },
      });
      expect(JSON.parse(text).queue.oldestQueuedSeconds).toBeGreaterThanOrEqual(59);
      // Counts and ages only: no user data.
      expect(text).not.toContain('secret prompt text');
      expect(text).not.toContain(admin!.id);
    },
  );

  it.skipIf(backend.skip)(
    'O3 readiness turns 200 when a worker in another process on the same database beats, and 503 again when it stops; /metrics is absent where not enabled',
    async () => {
      const withWorker = await createServer({
        database,
        dataDir: folder.path,
        passwordHashCost: TEST_PASSWORD_HASH_COST,
        logger: silentLogger,
        runs: { workerOptions: { staleAfterMs: 5000, heartbeatMs: 500 } },
      });
      try {
        // A server not asked for metrics has no /metrics route.
        const noMetrics = await withWorker.app.request('/metrics', {
          headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(noMetrics.status).toBe(404);
        const ready = await apiOnly.app.request('/api/health/ready');
        expect(ready.status).toBe(200);
        expect(await ready.json()).toMatchObject({
          ready: true,
          checks: { workers: { ok: true, seen: 1 } },
        });
      } finally {
        await withWorker.stop();
      }
      // A stopped worker removes its heartbeat: not ready at once, not after the stale period.
      const after = await apiOnly.app.request('/api/health/ready');
      expect(after.status).toBe(503);
      expect(await after.json()).toMatchObject({ failing: 'workers' });
    },
  );

  it.skipIf(backend.skip)(
    'O3 readiness is 503 naming `migrations` when the database lacks one this server knows',
    async () => {
      const [row] = (
        (await database.db.execute(
          sql`delete from skilldock_migrations where tag = '0009_run_workers' returning tag, hash`,
        )) as unknown as {
          rows: { tag: string; hash: string }[];
        }
      ).rows;
      try {
        const answer = await apiOnly.app.request('/api/health/ready');
        expect(answer.status).toBe(503);
        expect(await answer.json()).toMatchObject({
          failing: 'migrations',
          checks: { migrations: { ok: false, pending: 1 } },
        });
      } finally {
        await database.db.execute(
          sql`insert into skilldock_migrations (tag, hash) values (${row!.tag}, ${row!.hash})`,
        );
      }
    },
  );

  it.skipIf(backend.skip)(
    'O3 readiness names `database` when it does not answer, without the error text',
    async () => {
      const failing = {
        kind: 'postgres',
        db: { execute: () => Promise.reject(new Error('connect postgres://user:hunter2@db/x')) },
      } as unknown as Database;
      const readiness = await checkReadiness(failing, 30_000);
      expect(readiness).toMatchObject({
        ready: false,
        failing: 'database',
        checks: { database: { ok: false } },
      });
      expect(JSON.stringify(readiness)).not.toContain('hunter2');
    },
  );

  it.skipIf(backend.skip)('O3 /metrics refuses a scraper without the bearer token', async () => {
    const none = await apiOnly.app.request('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect(await none.text()).not.toContain('skilldock_');
    const wrong = await apiOnly.app.request('/metrics', {
      headers: { Authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.status).toBe(401);
  });

  it.skipIf(backend.skip)(
    'O3 /metrics is Prometheus text with every family, route patterns (never ids) as labels',
    async () => {
      const client = new TestClient(apiOnly);
      expect((await client.login('admin', 'o3-health-admin')).status).toBe(200);
      const missing = await client.request('GET', '/api/skills/abc-no-such-skill');
      expect(missing.status).toBe(404);
      await apiOnly.app.request('/api/health/live');
      const answer = await apiOnly.app.request('/metrics', {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      const text = await answer.text();
      const families = parseFamilies(text);
      expect(Object.fromEntries([...families].filter(([name]) => name.startsWith('skilldock_')))).toEqual({
        skilldock_http_request_duration_seconds: 'histogram',
        skilldock_database_up: 'gauge',
        skilldock_runs: 'gauge',
        skilldock_run_queue_depth: 'gauge',
        skilldock_run_queue_oldest_seconds: 'gauge',
        skilldock_run_workers: 'gauge',
        skilldock_run_duration_seconds: 'histogram',
        skilldock_model_request_duration_seconds: 'histogram',
        skilldock_model_tokens_total: 'counter',
        skilldock_sandbox_failures_total: 'counter',
      });
      expect(families.get('process_cpu_user_seconds_total')).toBe('counter');
      expect(text).toMatch(
        /^skilldock_http_request_duration_seconds_count\{method="GET",route="\/api\/skills\/:id",status="404"\} 1$/m,
      );
      expect(text).toMatch(
        /^skilldock_http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status="200"\} [1-9]/m,
      );
      expect(text).not.toContain('abc-no-such-skill');
      expect(text).toMatch(/^skilldock_runs\{status="queued"\} 1$/m);
      expect(text).toMatch(/^skilldock_run_queue_depth 1$/m);
      expect(text).toMatch(/^skilldock_database_up 1$/m);
    },
  );

  it.skipIf(backend.skip)(
    'O3 request log lines carry the route pattern, the user id and a run route’s run id',
    async () => {
      const runId = randomUUID();
      logLines.length = 0;
      const client = new TestClient(apiOnly);
      expect((await client.login('admin', 'o3-health-admin')).status).toBe(200);
      await client.request('GET', `/api/runs/${runId}`);
      await waitFor(() => logLines.some((line) => line.includes(runId)));
      const entry = logLines
        .map((line) => JSON.parse(line))
        .find((line) => line.path === `/api/runs/${runId}`);
      expect(entry).toMatchObject({ event: 'request', route: '/api/runs/:id', runId, status: 404 });
      expect(entry.userId).toEqual(expect.any(String));
    },
  );

  it.skipIf(backend.skip)('O3 a metrics token shorter than 16 characters fails start-up', async () => {
    await expect(
      createServer({
        database,
        dataDir: folder.path,
        logger: silentLogger,
        runs: { worker: false },
        metrics: { token: 'short' },
      }),
    ).rejects.toMatchObject({ code: 'metrics_token_weak' });
  });

  it.skipIf(backend.skip)(
    'O3 a run executed by a server with metrics is counted: run duration by status, model latency and tokens by provider',
    async () => {
      const model = await startFakeModelServer({ script: [{ text: 'measured answer' }] });
      const withMetrics = await createServer({
        database,
        dataDir: folder.path,
        passwordHashCost: TEST_PASSWORD_HASH_COST,
        logger: silentLogger,
        runs: { workerOptions: { staleAfterMs: 5000, heartbeatMs: 200 } },
        metrics: { token: METRICS_TOKEN },
      });
      try {
        await database.db.insert(schema.modelProviders).values({
          id: 'o3fake',
          protocol: 'openai',
          baseUrl: model.openaiBaseUrl,
          models: ['fake-model'],
          defaultModel: 'fake-model',
        });
        const carol = await addPerson(withMetrics, 'o3carol', 'user');
        const agent = await carol.client.request('POST', '/api/agents', {
          json: { name: 'measured', model: 'o3fake:fake-model', tools: [] },
        });
        expect(agent.status).toBe(201);
        const conversation = await carol.client.request('POST', '/api/conversations', {
          json: { agentId: agent.body.agent.id },
        });
        const run = await carol.client.request(
          'POST',
          `/api/conversations/${conversation.body.conversation.id}/runs`,
          { json: { prompt: 'hello' } },
        );
        expect(run.status).toBe(202);
        expect((await settledRun(carol.client, run.body.run.id)).status).toBe('completed');
        // The worker counts the run once its commit is acknowledged; a status read on another
        // connection can see the commit a round trip before that.
        const runCounted = /^skilldock_run_duration_seconds_count\{status="completed"\} 1$/m;
        const text = await waitFor(async () => {
          const scraped = await (
            await withMetrics.app.request('/metrics', {
              headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
            })
          ).text();
          return runCounted.test(scraped) ? scraped : undefined;
        }, 'the run to be counted');
        expect(text).toMatch(runCounted);
        expect(text).toMatch(
          /^skilldock_model_request_duration_seconds_count\{provider="o3fake",outcome="ok"\} 1$/m,
        );
        expect(text).toMatch(/^skilldock_model_tokens_total\{provider="o3fake",kind="input"\} [1-9]\d*$/m);
        expect(text).toMatch(/^skilldock_model_tokens_total\{provider="o3fake",kind="output"\} [1-9]\d*$/m);
        expect(text).toMatch(/^skilldock_runs\{status="completed"\} 1$/m);
      } finally {
        await withMetrics.stop();
        await model.close();
      }
    },
  );

  it.skipIf(backend.skip)(
    'O3 model requests are measured by provider: latency by outcome and tokens by kind',
    async () => {
      const metrics = createServerMetrics(database, 30_000);
      const provider: ModelProvider = {
        name: 'acme',
        protocol: 'openai',
        async *stream(): AsyncIterable<ModelStreamEvent> {
          yield { type: 'text-delta', text: 'hi' };
          yield { type: 'usage', usage: { inputTokens: 12, outputTokens: 5, cachedInputTokens: 2 } };
          yield { type: 'finish', reason: 'stop' };
        },
      };
      const route = instrumentModelRoute({ provider, model: 'm' }, metrics);
      const events: ModelStreamEvent[] = [];
      for await (const event of route.provider.stream({} as never)) events.push(event);
      expect(events.map((event) => event.type)).toEqual(['text-delta', 'usage', 'finish']);
      metrics.countSandboxFailure('sandbox_unavailable');
      metrics.observeRunEnd('completed', 3);
      const text = await metrics.registry.metrics();
      expect(text).toMatch(/^skilldock_model_tokens_total\{provider="acme",kind="input"\} 12$/m);
      expect(text).toMatch(/^skilldock_model_tokens_total\{provider="acme",kind="output"\} 5$/m);
      expect(text).toMatch(/^skilldock_model_tokens_total\{provider="acme",kind="cached_input"\} 2$/m);
      expect(text).toMatch(
        /^skilldock_model_request_duration_seconds_count\{provider="acme",outcome="ok"\} 1$/m,
      );
      expect(text).toMatch(/^skilldock_sandbox_failures_total\{code="sandbox_unavailable"\} 1$/m);
      expect(text).toMatch(/^skilldock_run_duration_seconds_count\{status="completed"\} 1$/m);
      // Another server's registry in the same process is its own.
      expect(await createServerMetrics(database, 30_000).registry.metrics()).not.toContain('provider="acme"');
    },
  );
});
