import path from 'node:path';
import type { Command } from 'commander';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import type { Output } from '../output.js';
import { UsageError } from '../usage-error.js';
import { parseRunWorkerOptions, type RunWorkerFlags } from './run-worker-flags.js';
import { waitForStopSignal } from './wait-for-stop-signal.js';

interface WorkerOptions extends RunWorkerFlags {
  readonly data?: string;
  readonly builtin?: string;
  readonly json?: boolean;
}

/**
 * `skilldock worker [--concurrency 4] [--stale-after 6] [--drain-timeout 30] [--data DIR]` — executes platform runs
 * from the PostgreSQL queue of `DATABASE_URL` (SPEC Y16), beside any number of `skilldock serve`
 * processes on the same database and data folder (a shared volume). Needs PostgreSQL: the embedded
 * database serves one process, whose `serve` runs its own worker. Runs until SIGINT or SIGTERM,
 * then drains (SPEC O1): it takes no more runs, lets the runs in flight reach their next checkpoint
 * (at most `--drain-timeout` seconds), hands them back to the queue for other workers and exits 0.
 */
export function registerWorker(
  program: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  program
    .command('worker')
    .description('Execute platform runs from the PostgreSQL queue of DATABASE_URL (beside skilldock serve)')
    .option('--data <dir>', 'the data folder the servers use (default ~/.skilldock/platform)')
    .option('--builtin <dir>', 'builtin skill folder (default: the one shipped with the server)')
    .option('--concurrency <n>', 'runs this process executes at once', '4')
    .option(
      '--stale-after <seconds>',
      'a run whose worker sends no heartbeat for this long is resumed by another worker',
      '6',
    )
    .option(
      '--drain-timeout <seconds>',
      'on SIGTERM, how long runs may take to reach their next checkpoint before they are handed back',
      '30',
    )
    .option('--json', 'print the start line as JSON')
    .action(async (options: WorkerOptions) => {
      const databaseUrl = environment.env.DATABASE_URL;
      if (databaseUrl === undefined || databaseUrl === '') {
        throw new UsageError(
          'worker_needs_postgres',
          'skilldock worker needs DATABASE_URL (PostgreSQL): the embedded database serves one process, and `skilldock serve` already runs a worker on it.',
        );
      }
      const worker = await parseRunWorkerOptions(options);
      const { startWorkerProcess, createJsonLogger } = await import('@skilldock/server');
      const dataDir = path.resolve(
        environment.cwd,
        options.data ?? path.join(environment.home, '.skilldock', 'platform'),
      );
      const stopRequested = waitForStopSignal();
      const running = await startWorkerProcess({
        database: { kind: 'postgres', url: databaseUrl },
        dataDir,
        ...(options.builtin === undefined
          ? {}
          : { builtinDir: path.resolve(environment.cwd, options.builtin) }),
        logger: createJsonLogger((line) => environment.stderr.write(line)),
        modelProviders: { secretKey: environment.env.SKILLDOCK_SECRET_KEY, env: environment.env },
        worker,
      }).catch((error: unknown) => {
        stopRequested.cancel();
        throw error;
      });
      if (options.json) {
        output.writeOut(
          `${JSON.stringify({ type: 'worker-started', workerId: running.workerId, dataDir })}\n`,
        );
      } else {
        output.out(
          `Run worker ${running.workerId} on PostgreSQL from DATABASE_URL (data folder ${dataDir}). Press Ctrl-C to stop.`,
        );
      }
      const signal = await stopRequested.signal;
      await running.stop().finally(() => stopRequested.cancel());
      if (!options.json) output.out(`Stopped (${signal}).`);
      setExitCode(ExitCode.ok);
    });
}
