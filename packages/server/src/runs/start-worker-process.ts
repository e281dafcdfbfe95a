import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BUILTIN_DIRECTORY } from '../builtin/sync-builtin-skills.js';
import { contentLayout } from '../content/index.js';
import type { Database, DatabaseOptions } from '../db/database.js';
import { openDatabase } from '../db/open-database.js';
import { runMigrations } from '../db/run-migrations.js';
import { installContextOf } from '../install/install-options.js';
import type { Logger } from '../logging/logger.js';
import { type ProviderKeyOptions, providerKeySources } from '../model-providers/provider-api-key.js';
import { createSecretBox } from '../secrets/secret-box.js';
import { type RunService, startRunService } from './run-service.js';
import type { RunWorkerOptions } from './run-worker.js';

/** Options of {@link startWorkerProcess}: the database and data folder the API uses. */
export interface WorkerProcessOptions {
  readonly database: Database | DatabaseOptions;
  readonly dataDir: string;
  readonly builtinDir?: string;
  readonly logger: Logger;
  readonly modelProviders?: ProviderKeyOptions;
  readonly worker?: RunWorkerOptions;
}

/** A worker process's run service, and `stop` (the worker, the queue, then a database it opened). */
export interface WorkerProcess {
  readonly service: RunService;
  readonly workerId: string;
  stop(): Promise<void>;
}

/**
 * A run worker without the HTTP API (`skilldock worker`, SPEC Y16): on the same database and data
 * folder as the API processes, it applies pending migrations (under their advisory lock, like any
 * start-up), sets up the queue and executes runs until stopped.
 * @example const worker = await startWorkerProcess({ database: { kind: 'postgres', url }, dataDir, logger });
 */
export async function startWorkerProcess(options: WorkerProcessOptions): Promise<WorkerProcess> {
  const owned = !('db' in options.database);
  const database = 'db' in options.database ? options.database : await openDatabase(options.database);
  try {
    await runMigrations(database);
    const secretKey = options.modelProviders?.secretKey;
    const secretBox =
      secretKey === undefined || secretKey === '' ? undefined : await createSecretBox(secretKey);
    const builtinDirectory =
      options.builtinDir === undefined
        ? fileURLToPath(DEFAULT_BUILTIN_DIRECTORY)
        : path.resolve(options.builtinDir);
    const service = await startRunService(
      database,
      {
        logger: options.logger,
        content: { layout: contentLayout(path.resolve(options.dataDir)), builtinDirectory },
        providerKeys: providerKeySources(secretBox, options.modelProviders ?? {}),
        // Plain remote install from the worker (https, the admins' allowed hosts): `install_skill`.
        install: installContextOf({}, path.resolve(options.dataDir)),
      },
      { worker: true, ...(options.worker === undefined ? {} : { workerOptions: options.worker }) },
    );
    return {
      service,
      workerId: service.worker!.workerId,
      stop: async () => {
        await service.stop();
        if (owned) await database.close();
      },
    };
  } catch (error) {
    if (owned) await database.close();
    throw error;
  }
}
