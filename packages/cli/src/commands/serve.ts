import { createRequire } from 'node:module';
import path from 'node:path';
import type { Command } from 'commander';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { pc } from '../terminal-style.js';
import { UsageError } from '../usage-error.js';
import { parseRunWorkerOptions, type RunWorkerFlags } from './run-worker-flags.js';
import { waitForStopSignal } from './wait-for-stop-signal.js';

interface ServeOptions extends RunWorkerFlags {
  readonly port: string;
  readonly host: string;
  readonly data?: string;
  readonly builtin?: string;
  readonly trustProxy?: boolean;
  readonly web?: string;
  readonly json?: boolean;
  /** `--no-worker` sets it false: the API alone, runs executed by `skilldock worker` processes. */
  readonly worker: boolean;
  /** `--metrics`: serve `/metrics` to a scraper with the `SKILLDOCK_METRICS_TOKEN` bearer token. */
  readonly metrics?: boolean;
  /** `--log-format json|pretty`. */
  readonly logFormat: string;
}

/**
 * The built web app: the `dist` folder of the installed `@skilldock/web` (the server never imports
 * the web package; it is handed the folder). When the package is not installed, where it would be
 * under the working folder, so that `/` names what is missing.
 */
export function defaultWebRoot(): string {
  const require = createRequire(import.meta.url);
  try {
    return path.join(path.dirname(require.resolve('@skilldock/web/package.json')), 'dist');
  } catch {
    return path.resolve('node_modules', '@skilldock', 'web', 'dist');
  }
}

/**
 * `skilldock serve [--port 7860] [--host 127.0.0.1] [--data DIR] [--web DIR]` — the platform server
 * (SPEC Y12) and the web app at `/`: embedded PGlite under `~/.skilldock/platform` with nothing configured, the PostgreSQL of
 * `DATABASE_URL` when set. Prints the URL (and, on the first start, the superadmin's one-time
 * password, once); runs until SIGINT or SIGTERM, then closes the server and the database. A run
 * worker executes runs in the same process unless `--no-worker` (SPEC Y16). `--metrics` serves
 * `/metrics` to a scraper with the `SKILLDOCK_METRICS_TOKEN` bearer token (SPEC O3); `--log-format
 * pretty` writes log lines for a terminal instead of JSON.
 */
export function registerServe(
  program: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  program
    .command('serve')
    .description('Run the Skilldock platform server (embedded database unless DATABASE_URL is set)')
    .option('--port <port>', 'TCP port to listen on (0 picks a free one)', '7860')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--data <dir>',
      'data folder: embedded database and content packages (default ~/.skilldock/platform)',
    )
    .option(
      '--builtin <dir>',
      'builtin skill folder to sync at start (default: the one shipped with the server)',
    )
    .option('--trust-proxy', 'read X-Forwarded-Proto/-Host/-For from a reverse proxy in front')
    .option('--web <dir>', 'built web app to serve at / (default: the dist folder of @skilldock/web)')
    .option('--json', 'print the start line as JSON')
    .option('--no-worker', 'run the API alone: runs are executed by `skilldock worker` processes')
    .option(
      '--metrics',
      'serve Prometheus metrics at /metrics to a scraper sending the bearer token in SKILLDOCK_METRICS_TOKEN',
    )
    .option('--log-format <format>', 'log lines on stderr: json (one object per line) or pretty', 'json')
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
    .action(async (options: ServeOptions) => {
      const { UserInputError } = await loadCore('errors');
      const port = Number(options.port);
      if (!/^\d{1,5}$/.test(options.port) || port > 65535) {
        throw new UserInputError(
          'invalid_request',
          `--port must be a number from 0 to 65535, not ${JSON.stringify(options.port)}`,
        );
      }
      const workerOptions = await parseRunWorkerOptions(options);
      if (options.logFormat !== 'json' && options.logFormat !== 'pretty')
        throw new UsageError(
          'invalid_request',
          `--log-format must be json or pretty, not ${JSON.stringify(options.logFormat)}`,
        );
      const metricsToken = environment.env.SKILLDOCK_METRICS_TOKEN;
      // Metrics describe every user's runs: never served without a token (SPEC O3).
      if (options.metrics === true && (metricsToken === undefined || metricsToken === ''))
        throw new UsageError(
          'invalid_request',
          '--metrics needs SKILLDOCK_METRICS_TOKEN (at least 16 characters): the scraper sends it as a bearer token',
        );
      const { batchLines, createServer, createJsonLogger, createPrettyLogger } = await import(
        '@skilldock/server'
      );
      const createLogger = options.logFormat === 'pretty' ? createPrettyLogger : createJsonLogger;
      const dataDir = path.resolve(
        environment.cwd,
        options.data ?? path.join(environment.home, '.skilldock', 'platform'),
      );
      const databaseUrl = environment.env.DATABASE_URL;
      // Listen for Ctrl-C from the start: a signal during start-up lets the migration or sync in
      // progress finish and then shuts down cleanly, instead of killing the process mid-write.
      const stopRequested = waitForStopSignal();
      const server = await createServer({
        database:
          databaseUrl === undefined || databaseUrl === ''
            ? { kind: 'pglite', dataDir: path.join(dataDir, 'db') }
            : { kind: 'postgres', url: databaseUrl },
        dataDir,
        ...(options.builtin === undefined
          ? {}
          : { builtinDir: path.resolve(environment.cwd, options.builtin) }),
        ...(environment.env.SKILLDOCK_ADMIN_PASSWORD
          ? { adminPassword: environment.env.SKILLDOCK_ADMIN_PASSWORD }
          : {}),
        // One write per turn of the event loop, not per request (see batchLines).
        logger: createLogger(batchLines((text) => environment.stderr.write(text))),
        trustProxy: options.trustProxy === true,
        webRoot: options.web === undefined ? defaultWebRoot() : path.resolve(environment.cwd, options.web),
        // Stored provider keys are sealed with SKILLDOCK_SECRET_KEY; named key variables are read from the same environment.
        modelProviders: { secretKey: environment.env.SKILLDOCK_SECRET_KEY, env: environment.env },
        runs: { worker: options.worker, workerOptions },
        ...(options.metrics === true && metricsToken !== undefined
          ? { metrics: { token: metricsToken } }
          : {}),
      }).catch((error: unknown) => {
        stopRequested.cancel();
        throw error;
      });
      if (stopRequested.received() !== undefined) {
        await server.stop().finally(() => stopRequested.cancel());
        setExitCode(ExitCode.ok);
        return;
      }
      let url: string;
      try {
        ({ url } = await server.start({ port, host: options.host }));
      } catch (error) {
        stopRequested.cancel();
        await server.stop();
        throw error;
      }
      const { superadmin } = server.startup;
      const oneTimePassword = superadmin.created ? superadmin.generatedPassword : undefined;
      if (options.json) {
        output.writeOut(
          `${JSON.stringify({
            type: 'server-started',
            url,
            database: server.database.kind,
            dataDir: server.dataDir,
            worker: server.runs.worker !== undefined,
            ...(superadmin.created
              ? { admin: { username: superadmin.username, oneTimePassword: oneTimePassword ?? null } }
              : {}),
          })}\n`,
        );
      } else {
        output.out(
          `Skilldock platform at ${pc.bold(url)} (${server.database.kind === 'pglite' ? `embedded database in ${dataDir}` : 'PostgreSQL from DATABASE_URL'})`,
        );
        if (superadmin.created) {
          output.out(
            oneTimePassword === undefined
              ? `Created the superadmin ${pc.bold(superadmin.username)} with the password from SKILLDOCK_ADMIN_PASSWORD.`
              : `Created the superadmin ${pc.bold(superadmin.username)} with the one-time password ${pc.bold(oneTimePassword)}\nIt is shown only now: log in and change it (POST /api/auth/password).`,
          );
        }
        if (server.runs.worker === undefined)
          output.out('No worker in this process (--no-worker): start `skilldock worker` to execute runs.');
        output.out('API documentation: /api/docs (OpenAPI document: /openapi.json). Press Ctrl-C to stop.');
      }
      const signal = await stopRequested.signal;
      await server.stop().finally(() => stopRequested.cancel());
      if (!options.json) output.out(`Stopped (${signal}).`);
      setExitCode(ExitCode.ok);
    });
}
