import type { Database } from '../db/database.js';
import type { InstallContext } from '../install/install-options.js';
import type { Logger } from '../logging/logger.js';
import type { RunMetrics } from '../metrics/run-metrics.js';
import type { ProviderKeySources } from '../model-providers/provider-api-key.js';
import type { SkillContentContext } from '../skill-content/skill-content-context.js';
import { RunEventBus } from './run-event-bus.js';
import { type RunEventRetention, startRunHousekeeping } from './run-housekeeping.js';
import { type RunQueue, type RunQueueOptions, startRunQueue } from './run-queue.js';
import {
  DEFAULT_RUN_STALE_AFTER_MS,
  type RunWorker,
  type RunWorkerOptions,
  startLostRunSweep,
  startRunWorker,
} from './run-worker.js';

/** How a process takes part in runs (SPEC Y16). */
export interface RunServiceOptions {
  /** Execute runs in this process (default true; `serve --no-worker` passes false). */
  readonly worker?: boolean;
  readonly workerOptions?: RunWorkerOptions;
  readonly queue?: RunQueueOptions;
  /**
   * How long finished runs keep their streamed events (default 7 days; tidied up hourly, with the
   * work folders of deleted runs); false turns the tidying off.
   */
  readonly eventRetention?: RunEventRetention | false;
}

/** The queue, this process's event bus and, unless turned off, its worker. */
export interface RunService {
  readonly queue: RunQueue;
  /** Queues a run's job; this process's worker, when it has one, is woken to fetch it at once. */
  enqueue(runId: string): Promise<void>;
  readonly bus: RunEventBus;
  readonly worker: RunWorker | undefined;
  stop(): Promise<void>;
}

/**
 * Starts what a process needs for runs: the pg-boss queue (its schema set up on first start), an
 * in-process event bus, a worker unless `worker: false`, the lost-run sweep (in every process,
 * so an API alone still fails runs whose workers died), and the tidying of finished runs' old
 * events and deleted runs' work folders. `stop()` drains the worker (in-flight runs are handed back to the queue, SPEC O1), then stops the queue.
 */
export async function startRunService(
  database: Database,
  context: {
    readonly logger: Logger;
    readonly content: SkillContentContext;
    readonly providerKeys: ProviderKeySources;
    /** Where this process's worker reports run, model and sandbox numbers (SPEC O3); none by default. */
    readonly metrics?: RunMetrics;
    /** The install flows' context, for the runs' `install_skill` tool (issue 26). */
    readonly install?: InstallContext;
  },
  options: RunServiceOptions = {},
): Promise<RunService> {
  const queue = await startRunQueue(database, context.logger, options.queue);
  const bus = new RunEventBus();
  const executorContext = { db: database.db, bus, ...context };
  let worker: RunWorker | undefined;
  try {
    worker =
      options.worker === false
        ? undefined
        : await startRunWorker(queue, executorContext, options.workerOptions);
  } catch (error) {
    await queue.stop();
    throw error;
  }
  const sweep =
    worker === undefined
      ? startLostRunSweep(
          executorContext,
          options.workerOptions?.staleAfterMs ?? DEFAULT_RUN_STALE_AFTER_MS,
          (runId) => queue.send(runId),
        )
      : undefined;
  const housekeeping =
    options.eventRetention === false
      ? undefined
      : startRunHousekeeping(
          { ...executorContext, dataDir: context.content.layout.dataDirectory },
          options.eventRetention,
        );
  return {
    queue,
    enqueue: async (runId) => {
      await queue.send(runId);
      worker?.wake();
    },
    bus,
    worker,
    stop: async () => {
      sweep?.stop();
      await housekeeping?.stop();
      await worker?.stop();
      await queue.stop();
    },
  };
}
