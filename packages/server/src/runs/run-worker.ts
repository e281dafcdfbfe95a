import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import type { RunExecutorContext } from './execute-run.js';
import { executeRun } from './execute-run.js';
import { startRunHeartbeats } from './run-heartbeats.js';
import { RUN_QUEUE_NAME, type RunJob, type RunQueue } from './run-queue.js';
import type { RunQueuePlace } from './run-queue-place.js';
import { startWorkerHeartbeat } from './run-worker-heartbeat.js';
import { sweepLostRuns } from './sweep-lost-runs.js';

/** How a worker runs: how many runs at once, and its heartbeat and sweep clocks. */
export interface RunWorkerOptions {
  /** Runs executed at once by this process. Default 4. */
  readonly concurrency?: number;
  /** Heartbeat period of the running runs (one statement for all of them). Default 1 s. */
  readonly heartbeatMs?: number;
  /**
   * A running run with no heartbeat for this long is taken back and resumed by another worker
   * from its last checkpoint (SPEC O1; failed `run_worker_lost` after `MAX_RUN_ATTEMPTS` starts).
   * Default 6 s: with the sweep every third of it, a lost worker is noticed within 8 s.
   */
  readonly staleAfterMs?: number;
  /**
   * On `stop()`, how long runs in flight may take to reach their next checkpoint before they are
   * stopped and handed back from their last one (SPEC O1 drain). Default 30 s.
   */
  readonly drainTimeoutMs?: number;
  /** Model requests a sub-agent's run may make (a top-level run's limits are the admins' and its agent's). */
  readonly maxTurns?: number;
  /**
   * A run waiting its user's turn (SPEC O2) is tried again after this many milliseconds per run
   * between it and a free place, at most ten times that. Default 1000.
   */
  readonly deferMs?: number;
}

/** A started worker: its id, and `stop` (drains: in-flight runs are handed back to the queue). */
export interface RunWorker {
  readonly workerId: string;
  /** Wakes one of this worker's idle loops to fetch now instead of at its next poll (a run was just queued here). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Starts a run worker on the queue (SPEC Y16): one fetch loop per process takes as many run jobs
 * as it has free slots (`concurrency`) — one polling query per interval whatever the concurrency —
 * and executes each (`executeRun`), completing its job when the run ends; a run ending frees its
 * slot and wakes the loop at once. A run whose user already runs as many as the per-user limit
 * allows (SPEC O2) is not executed: its job is sent again for later (`deferMs`), behind the jobs of
 * other users, and the slot is free at once — so one user's runs never hold another's back. The runs it holds
 * prove they are alive in one statement per heartbeat (`startRunHeartbeats`); a sweep every
 * `staleAfterMs / 3` takes back runs whose worker died and queues them again (`sweepLostRuns`),
 * for any worker to resume from their last checkpoint. `stop()` drains (SPEC O1): the loop takes no
 * more jobs, each run in flight stops at its next checkpoint (or completes) and is handed back to
 * the queue; runs still going after `drainTimeoutMs` are stopped and handed back from their last
 * checkpoint. It resolves once every run is let go.
 * @example const worker = await startRunWorker(queue, executorContext, { concurrency: 8 });
 */
export async function startRunWorker(
  queue: RunQueue,
  context: Omit<RunExecutorContext, 'workerId' | 'heartbeats' | 'maxTurns' | 'requeue'>,
  {
    concurrency = 4,
    heartbeatMs = DEFAULT_RUN_HEARTBEAT_MS,
    staleAfterMs = DEFAULT_RUN_STALE_AFTER_MS,
    maxTurns,
    deferMs = 1000,
    drainTimeoutMs = DEFAULT_DRAIN_TIMEOUT_MS,
  }: RunWorkerOptions = {},
): Promise<RunWorker> {
  const workerId = `${hostname()}:${process.pid}:${randomUUID()}`;
  const requeue = (runId: string) => queue.send(runId);
  const heartbeats = startRunHeartbeats(context.db, workerId, heartbeatMs, context.logger);
  const executor: RunExecutorContext = {
    ...context,
    workerId,
    heartbeats,
    requeue,
    ...(maxTurns === undefined ? {} : { maxTurns }),
  };
  const shutdown = new AbortController();
  const handBack = new AbortController();
  const stopSignals = { drain: shutdown.signal, handBack: handBack.signal };
  // Every run in flight listens for the shutdown: as many listeners as `concurrency`.
  setMaxListeners(0, shutdown.signal, handBack.signal);
  const inFlight = new Set<Promise<void>>();
  let wakeUp: () => void = () => {};
  const pause = (milliseconds: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, milliseconds);
      function done() {
        clearTimeout(timer);
        wakeUp = () => {};
        resolve();
      }
      wakeUp = done;
    });

  const execute = (job: PgBoss.Job<RunJob>) => {
    const running = executeRun(executor, job.data.runId, stopSignals)
      .then(
        async (waiting) => {
          // Its user's other runs fill the limit: a new job later (behind other users' jobs), this one done.
          if (waiting !== undefined)
            await queue.send(job.data.runId, { startAfterMs: deferDelayMs(waiting, deferMs) });
          await queue.boss.complete(RUN_QUEUE_NAME, job.id);
        },
        (error: unknown) => {
          context.logger.error('run_execution_failed', { runId: job.data.runId, message: String(error) });
          return queue.boss.fail(RUN_QUEUE_NAME, job.id);
        },
      )
      .catch((error: unknown) =>
        context.logger.warn('run_job_update_failed', { runId: job.data.runId, message: String(error) }),
      )
      .finally(() => {
        inFlight.delete(running);
        wakeUp();
      });
    inFlight.add(running);
  };

  const loop = (async () => {
    while (!shutdown.signal.aborted) {
      const free = concurrency - inFlight.size;
      let fetched = 0;
      if (free > 0) {
        const jobs = await queue.boss
          .fetch<RunJob>(RUN_QUEUE_NAME, { batchSize: free })
          .catch((error: unknown) => {
            context.logger.warn('run_fetch_failed', { message: String(error) });
            return [];
          });
        fetched = jobs.length;
        // Fetched as the worker stops: hand the runs back to the queue for another worker.
        if (shutdown.signal.aborted) {
          for (const job of jobs) {
            await queue.send(job.data.runId);
            await queue.boss.complete(RUN_QUEUE_NAME, job.id);
          }
          break;
        }
        for (const job of jobs) execute(job);
      }
      // A full batch may mean more jobs are waiting: ask again at once while slots are free.
      if (fetched === 0 || fetched < free) await pause(queue.pollingIntervalSeconds * 1000);
    }
  })();

  const sweep = startLostRunSweep(context, staleAfterMs, requeue);
  // Idle or busy, the worker is seen alive by readiness checks (SPEC O3): three beats per stale period.
  const heartbeat = await startWorkerHeartbeat(
    context.db,
    workerId,
    Math.max(heartbeatMs, Math.round(staleAfterMs / 3)),
    context.logger,
  );
  let stopped = false;
  return {
    workerId,
    wake: () => wakeUp(),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      sweep.stop();
      shutdown.abort();
      wakeUp();
      await loop;
      const drained = Promise.allSettled([...inFlight]);
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, drainTimeoutMs);
      });
      await Promise.race([drained, graceOver]);
      clearTimeout(timer);
      handBack.abort();
      await drained;
      await heartbeats.stop();
      await heartbeat.stop();
    },
  };
}

/**
 * How long a run waiting its user's turn waits before it is tried again: `deferMs` for each run
 * between it and a free place (the next in line is tried soonest), at most ten times `deferMs`.
 */
function deferDelayMs(place: RunQueuePlace, deferMs: number): number {
  return Math.min(deferMs * (place.runsAhead - place.limit + 1), deferMs * 10);
}

/** A running run's heartbeat period by default (SPEC O1). */
export const DEFAULT_RUN_HEARTBEAT_MS = 1000;
/** No heartbeat for this long by default and a run's worker is taken as lost (SPEC O1: noticed in ≤ 10 s). */
export const DEFAULT_RUN_STALE_AFTER_MS = 6000;
/** How long a stopping worker lets its runs reach a checkpoint by default. */
export const DEFAULT_DRAIN_TIMEOUT_MS = 30_000;

/**
 * Sweeps lost runs every `staleAfterMs / 3` until stopped (any process may: the update is
 * atomic); a lost run's job is sent again through `requeue`.
 */
export function startLostRunSweep(
  context: Pick<RunExecutorContext, 'db' | 'bus' | 'logger'>,
  staleAfterMs: number,
  requeue: (runId: string) => Promise<void>,
): { stop(): void } {
  const timer = setInterval(
    () => {
      void sweepLostRuns(context.db, staleAfterMs, context.bus, { requeue })
        .then(({ requeued, failed, resent }) => {
          if (requeued.length > 0)
            context.logger.warn('runs_requeued_worker_lost', { runs: requeued.join(',') });
          if (resent.length > 0) context.logger.warn('runs_job_resent', { runs: resent.join(',') });
          if (failed.length > 0) context.logger.warn('runs_worker_lost', { runs: failed.join(',') });
        })
        .catch((error: unknown) => context.logger.warn('run_sweep_failed', { message: String(error) }));
    },
    Math.max(250, Math.round(staleAfterMs / 3)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
