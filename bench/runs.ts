import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import {
  createApiToken,
  createServer,
  type DatabaseOptions,
  hashPassword,
  type SkilldockServer,
  schema,
  silentLogger,
} from '@skilldock/server';
import { inArray } from 'drizzle-orm';
import type { Benchmark, BenchmarkContext } from './lib/benchmark.js';
import { formatMilliseconds } from './lib/benchmark-report.js';
import { collectGarbage } from './lib/collect-garbage.js';
import { fromSamples } from './lib/measure-rounds.js';
import { createThrowawayPostgres } from './server.js';

/** Runs started at once. */
const RUNS = 100;
/** Model requests per run: four `ls` tool calls, then the answer. */
const TURNS_PER_RUN = 5;
/** How long the last turn of a "hold" run waits, so that every run is active while memory is read. */
const HOLD_MS = 4000;

/**
 * `npm run bench -- runs` (issue 13 §6): 100 platform runs started at once on a zero-latency fake
 * model (each 5 model turns with a tool call between), in process, on PostgreSQL when reachable and
 * on PGlite. Server overhead per model turn is the time between the fake model's last answer byte
 * and the run's next request (stream parsing, the tool, storing events and messages, the next
 * request) — measured for one run alone (the baseline) and under 100 concurrent runs. Memory per
 * active run is the heap (and RSS) growth with 100 runs waiting on their model, after a GC, / 100.
 */
export const runsBenchmark: Benchmark = {
  name: 'runs',
  description:
    '100 concurrent runs on a zero-latency fake model: overhead per model turn, memory per active run',
  run: runRunsBenchmark,
};

async function runRunsBenchmark(context: BenchmarkContext): Promise<void> {
  context.report.heading(
    `${RUNS} concurrent runs × ${TURNS_PER_RUN} model turns (4 tool calls), zero-latency fake model`,
  );
  const postgres = await createThrowawayPostgres();
  if (postgres === undefined) context.report.skipped('PostgreSQL', 'unreachable');
  else {
    try {
      await measureBackend(context, 'PostgreSQL', {
        kind: 'postgres',
        url: postgres.url,
        maxConnections: 20,
      });
    } finally {
      await postgres.drop();
    }
  }
  await measureBackend(context, 'PGlite', { kind: 'pglite' });
}

/** The prompt a request belongs to (each run has its own). */
function promptOf(request: RecordedRequest): string {
  const messages = (request.body as { messages: { role: string; content: string }[] }).messages;
  return messages.find((message) => message.role === 'user')!.content;
}

function turnOf(request: RecordedRequest) {
  const messages = (request.body as { messages: { role: string }[] }).messages;
  const done = messages.filter((message) => message.role === 'tool').length;
  if (done < TURNS_PER_RUN - 1) return { toolCalls: [{ name: 'ls', arguments: { path: '.' } }] };
  return promptOf(request).startsWith('hold') ? { text: 'done', delayMs: HOLD_MS } : { text: 'done' };
}

/** Server time between one answer's last byte and the same run's next request, per turn. */
function overheadPerTurn(requests: readonly RecordedRequest[], prompts: ReadonlySet<string>): number[] {
  const byRun = new Map<string, RecordedRequest[]>();
  for (const request of requests) {
    const prompt = promptOf(request);
    if (!prompts.has(prompt)) continue;
    byRun.set(prompt, [...(byRun.get(prompt) ?? []), request]);
  }
  const gaps: number[] = [];
  for (const runRequests of byRun.values()) {
    for (let index = 1; index < runRequests.length; index++) {
      const previous = runRequests[index - 1]!;
      gaps.push(runRequests[index]!.receivedAt - (previous.receivedAt + (previous.handlingMs ?? 0)));
    }
  }
  return gaps;
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

async function measureBackend({ report, temp }: BenchmarkContext, label: string, database: DatabaseOptions) {
  const model = await startFakeModelServer({ script: turnOf });
  const dataDir = await temp.create('runs');
  const server = await createServer({
    database: database.kind === 'pglite' ? { kind: 'pglite', dataDir: join(dataDir, 'db') } : database,
    dataDir,
    logger: silentLogger,
    adminPassword: 'bench-admin-password',
    runs: { workerOptions: { concurrency: RUNS } },
  });
  try {
    const start = await seed(server, model);
    const alone = await measureRuns(server, model, start, 'alone', 1);
    const concurrent = await measureRuns(server, model, start, 'load', RUNS);
    const baseline = report.baseline(
      `${label}: overhead per turn, one run`,
      fromSamples(alone.gaps),
      'alone',
    );
    report.measurement(`${label}: overhead per turn, ${RUNS} runs`, fromSamples(concurrent.gaps), baseline);
    report.note(
      `${label}: ${RUNS} runs: p95 ${formatMilliseconds(percentile(concurrent.gaps, 0.95))} per turn, all done in ${formatMilliseconds(concurrent.wallMs)} (${Math.round((RUNS * TURNS_PER_RUN * 1000) / concurrent.wallMs)} turns/s); queue pick-up median ${formatMilliseconds(percentile(concurrent.pickups, 0.5))}`,
    );
    report.check(
      `${label}: every run completed once`,
      concurrent.completed === RUNS && concurrent.requests === RUNS * TURNS_PER_RUN,
      `${concurrent.completed} completed, ${concurrent.requests} model requests`,
    );
    const memory = await measureMemory(server, model, start);
    report.note(
      `${label}: memory per active run: heap ${(memory.heapBytes / 1024).toFixed(0)} KiB, RSS ${(memory.rssBytes / 1024).toFixed(0)} KiB (${RUNS} runs waiting on the model)`,
    );
  } finally {
    await server.stop();
    await model.close();
  }
}

type StartRun = (prompt: string) => Promise<string>;

/** A user, a token, the fake provider and an agent with the `ls` tool; returns how to start a run. */
async function seed(server: SkilldockServer, model: FakeModelServer): Promise<StartRun> {
  const { db } = server.database;
  const userId = randomUUID();
  await db.insert(schema.users).values({
    id: userId,
    username: 'bench-user',
    displayName: 'bench',
    role: 'user',
    passwordHash: await hashPassword('bench-password-1', { N: 2 ** 10, r: 8, p: 1 }),
  });
  const { token } = await createApiToken(db, { userId, name: 'bench', access: 'read-write' });
  await db.insert(schema.modelProviders).values({
    id: 'fake',
    protocol: 'openai',
    baseUrl: model.openaiBaseUrl,
    models: ['fake-model'],
    defaultModel: 'fake-model',
  });
  const agentId = randomUUID();
  await db
    .insert(schema.agents)
    .values({ id: agentId, name: 'bench', model: 'fake:fake-model', tools: ['ls'], ownerId: userId });
  const call = async (path: string, json: unknown) => {
    const response = await server.app.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    if (response.status >= 300)
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { conversation?: { id: string }; run?: { id: string } };
  };
  return async (prompt) => {
    const { conversation } = await call('/api/conversations', { agentId });
    const { run } = await call(`/api/conversations/${conversation!.id}/runs`, { prompt });
    return run!.id;
  };
}

async function waitForRuns(
  server: SkilldockServer,
  ids: readonly string[],
  done: (status: string) => boolean,
) {
  for (;;) {
    const rows = await server.database.db
      .select({ status: schema.runs.status })
      .from(schema.runs)
      .where(inArray(schema.runs.id, [...ids]));
    if (rows.every((row) => done(row.status))) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function measureRuns(
  server: SkilldockServer,
  model: FakeModelServer,
  start: StartRun,
  tag: string,
  count: number,
) {
  model.clearRequests();
  const prompts = Array.from({ length: count }, (_, index) => `${tag} ${index}`);
  const started = performance.now();
  const startedAt = new Map<string, number>();
  const ids = await Promise.all(
    prompts.map(async (prompt) => {
      startedAt.set(prompt, performance.timeOrigin + performance.now());
      return start(prompt);
    }),
  );
  const rows = await waitForRuns(server, ids, (status) =>
    ['completed', 'failed', 'cancelled'].includes(status),
  );
  const wallMs = performance.now() - started;
  const requests = model.requests;
  const pickups = prompts.map((prompt) => {
    const first = requests.find((request) => promptOf(request) === prompt)!;
    return first.receivedAt - startedAt.get(prompt)!;
  });
  return {
    gaps: overheadPerTurn(requests, new Set(prompts)),
    pickups,
    wallMs,
    requests: requests.length,
    completed: rows.filter((row) => row.status === 'completed').length,
  };
}

async function measureMemory(server: SkilldockServer, model: FakeModelServer, start: StartRun) {
  model.clearRequests();
  collectGarbage();
  const before = process.memoryUsage();
  const prompts = Array.from({ length: RUNS }, (_, index) => `hold ${index}`);
  const ids = await Promise.all(prompts.map(start));
  // Every run has sent its last request and waits for the answer: all of them are active.
  while (model.requests.length < RUNS * TURNS_PER_RUN)
    await new Promise((resolve) => setTimeout(resolve, 20));
  collectGarbage();
  const during = process.memoryUsage();
  await waitForRuns(server, ids, (status) => status === 'completed');
  return {
    heapBytes: (during.heapUsed - before.heapUsed) / RUNS,
    rssBytes: (during.rss - before.rss) / RUNS,
  };
}
