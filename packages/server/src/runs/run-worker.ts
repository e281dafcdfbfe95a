import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import type { RunExecutorContext } from './execute-run.js';
import { executeRun } from './execute-run.js';
import { RUN_QUEUE_NAME, type RunJob, type RunQueue } from './run-queue.js';
import { sweepLostRuns } from './sweep-lost-runs.js';

/** How a worker runs: how many runs at once, and its heartbeat and sweep clocks. */
export interface RunWorkerOptions {
  /** Runs executed at once by this process (each a pg-boss work loop). Default 4. */
  readonly concurrency?: number;
  /** Heartbeat period of a running run. Default 2 s. */
  readonly heartbeatMs?: number;
  /** A running run with no heartbeat for this long is failed (`run_worker_lost`). Default 30 s. */
  readonly staleAfterMs?: number;
  /** Model requests a run may make. */
  readonly maxTurns?: number;
}

/** A started worker: its id, and `stop` (in-flight runs end `failed` with `run_worker_stopped`). */
export interface RunWorker {
  readonly workerId: string;
  /** Wakes one of this worker's idle loops to fetch now instead of at its next poll (a run was just queued here). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Starts a run worker on the queue (SPEC Y16): `concurrency` pg-boss work loops take run jobs one
 * at a time and execute them (`executeRun`), each proving it is alive by a heartbeat; a sweep every
 * `staleAfterMs / 3` fails runs whose worker died (`sweepLostRuns`). `stop()` ends the loops,
 * aborts in-flight runs (they end `failed`, `run_worker_stopped`) and waits for them.
 * @example const worker = await startRunWorker(queue, executorContext, { concurrency: 8 });
 */
export async function startRunWorker(
  queue: RunQueue,
  context: Omit<RunExecutorContext, 'workerId' | 'heartbeatMs' | 'maxTurns'>,
  { concurrency = 4, heartbeatMs = 2000, staleAfterMs = 30_000, maxTurns }: RunWorkerOptions = {},
): Promise<RunWorker> {
  const workerId = `${hostname()}:${process.pid}:${randomUUID()}`;
  const executor: RunExecutorContext = {
    ...context,
    workerId,
    heartbeatMs,
    ...(maxTurns === undefined ? {} : { maxTurns }),
  };
  const shutdown = new AbortController();
  // Every run in flight listens for the shutdown: as many listeners as `concurrency`.
  setMaxListeners(0, shutdown.signal);
  const inFlight = new Set<Promise<void>>();
  const handle = async ([job]: PgBoss.Job<RunJob>[]) => {
    if (job === undefined) return;
    // Fetched as the worker stops: hand the run back to the queue for another worker.
    if (shutdown.signal.aborted) {
      await queue.send(job.data.runId);
      return;
    }
    const running = executeRun(executor, job.data.runId, shutdown.signal);
    inFlight.add(running);
    try {
      await running;
    } finally {
      inFlight.delete(running);
    }
  };
  const workIds: string[] = [];
  for (let loop = 0; loop < concurrency; loop++) {
    workIds.push(
      await queue.boss.work<RunJob>(
        RUN_QUEUE_NAME,
        { batchSize: 1, pollingIntervalSeconds: queue.pollingIntervalSeconds },
        handle,
      ),
    );
  }
  const sweep = startLostRunSweep(context, staleAfterMs);
  let stopped = false;
  let nextLoop = 0;
  return {
    workerId,
    wake: () => {
      if (stopped) return;
      queue.boss.notifyWorker(workIds[nextLoop++ % workIds.length]!);
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      sweep.stop();
      shutdown.abort();
      await Promise.allSettled([...inFlight]);
      for (const id of workIds) await queue.boss.offWork({ id });
    },
  };
}

/** Sweeps lost runs every `staleAfterMs / 3` until stopped (any process may: the update is atomic). */
export function startLostRunSweep(
  context: Pick<RunExecutorContext, 'db' | 'bus' | 'logger'>,
  staleAfterMs: number,
): { stop(): void } {
  const timer = setInterval(
    () => {
      void sweepLostRuns(context.db, staleAfterMs, context.bus)
        .then((ids) => {
          if (ids.length > 0) context.logger.warn('runs_worker_lost', { runs: ids.join(',') });
        })
        .catch((error: unknown) => context.logger.warn('run_sweep_failed', { message: String(error) }));
    },
    Math.max(250, Math.round(staleAfterMs / 3)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
