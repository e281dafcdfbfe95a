import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.js';
import { readRunQueueState } from '../runs/run-queue-state.js';
import type { RunMetrics } from './run-metrics.js';

/** Seconds buckets for HTTP answers: most take milliseconds, uploads and run starts longer. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Seconds buckets for runs and model requests: seconds to many minutes. */
const LONG_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

/** One server's metrics (SPEC O3): its own registry, never prom-client's global one. */
export interface ServerMetrics extends RunMetrics {
  /** Holds every family below; `metrics()` renders the Prometheus text. */
  readonly registry: Registry;
  /** One HTTP answer: `route` is the matched route pattern, never the raw path. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/**
 * Builds a server's metrics on a registry of its own, so several servers in one process (tests,
 * embedders) never share or collide: HTTP duration by method, route pattern and status; runs by
 * status, queue depth, oldest queued age and live workers (read from the database at scrape time,
 * so every server reports the same cluster-wide numbers); run duration, model latency and tokens
 * by provider and sandbox failures (counted by the process that executes runs); and Node's own
 * process metrics. A database that fails at scrape time sets `skilldock_database_up` to 0 and
 * leaves the database gauges empty instead of failing the scrape.
 * @example const metrics = createServerMetrics(database, 30_000); await metrics.registry.metrics();
 */
export function createServerMetrics(database: Database, workerStaleAfterMs: number): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'skilldock_http_request_duration_seconds',
    help: 'HTTP answers by method, matched route pattern and status (until the handler answered; streams excluded)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'skilldock_database_up',
    help: 'Whether the database answered the last scrape (1) or not (0)',
    registers: [registry],
    collect: () => readDatabase(),
  });
  // The database gauges are read together, once per scrape, by the first one collected.
  let scrape: Promise<void> | undefined;
  const runsByStatus = new Gauge({
    name: 'skilldock_runs',
    help: 'Runs in the database by status',
    labelNames: ['status'] as const,
    registers: [registry],
    collect: () => readDatabase(),
  });
  const queueDepth = new Gauge({
    name: 'skilldock_run_queue_depth',
    help: 'Runs waiting for a worker',
    registers: [registry],
    collect: () => readDatabase(),
  });
  const oldestQueued = new Gauge({
    name: 'skilldock_run_queue_oldest_seconds',
    help: 'Age of the oldest queued run (0 when none waits)',
    registers: [registry],
    collect: () => readDatabase(),
  });
  const workersSeen = new Gauge({
    name: 'skilldock_run_workers',
    help: 'Run workers (any process) whose heartbeat is recent',
    registers: [registry],
    collect: () => readDatabase(),
  });
  const readDatabase = (): Promise<void> => {
    scrape ??= (async () => {
      try {
        const [counts, queue] = await Promise.all([
          database.db.execute(sql`select status, count(*)::int as count from runs group by status`),
          readRunQueueState(database.db, workerStaleAfterMs),
        ]);
        runsByStatus.reset();
        for (const row of (counts as unknown as { rows: { status: string; count: number }[] }).rows)
          runsByStatus.set({ status: row.status }, Number(row.count));
        queueDepth.set(queue.queuedRuns);
        oldestQueued.set(queue.oldestQueuedSeconds ?? 0);
        workersSeen.set(queue.workersSeen);
        databaseUp.set(1);
      } catch {
        runsByStatus.reset();
        queueDepth.reset();
        oldestQueued.reset();
        workersSeen.reset();
        databaseUp.set(0);
      }
    })().finally(() => {
      // Next scrape reads again; the gauges of this one share one read.
      setImmediate(() => {
        scrape = undefined;
      });
    });
    return scrape;
  };
  const runDuration = new Histogram({
    name: 'skilldock_run_duration_seconds',
    help: 'Run executions by how they ended (a run resumed after an approval counts each execution)',
    labelNames: ['status'] as const,
    buckets: LONG_BUCKETS,
    registers: [registry],
  });
  const modelDuration = new Histogram({
    name: 'skilldock_model_request_duration_seconds',
    help: 'Model requests by provider and outcome, until the stream ended',
    labelNames: ['provider', 'outcome'] as const,
    buckets: LONG_BUCKETS,
    registers: [registry],
  });
  const modelTokens = new Counter({
    name: 'skilldock_model_tokens_total',
    help: 'Model tokens by provider and kind (input counts cached input too)',
    labelNames: ['provider', 'kind'] as const,
    registers: [registry],
  });
  const sandboxFailures = new Counter({
    name: 'skilldock_sandbox_failures_total',
    help: 'Runs whose shell sandbox could not be built as configured, by code',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  return {
    registry,
    observeRequest: (method, route, status, seconds) =>
      httpDuration.observe({ method, route, status: String(status) }, seconds),
    observeRunEnd: (status, seconds) => runDuration.observe({ status }, seconds),
    observeModelRequest: (provider, seconds, outcome) =>
      modelDuration.observe({ provider, outcome }, seconds),
    addModelTokens: (provider, usage) => {
      modelTokens.inc({ provider, kind: 'input' }, usage.inputTokens);
      modelTokens.inc({ provider, kind: 'output' }, usage.outputTokens);
      modelTokens.inc({ provider, kind: 'cached_input' }, usage.cachedInputTokens);
    },
    countSandboxFailure: (code) => sandboxFailures.inc({ code }),
  };
}
