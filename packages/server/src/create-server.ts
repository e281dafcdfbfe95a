import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerType, serve } from '@hono/node-server';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { UserInputError } from '@skilldock/core/errors';
import { type BuiltinAgentsResult, ensureBuiltinAgents } from './agents/ensure-builtin-agents.js';
import { type EnsureSuperadminResult, ensureSuperadmin } from './auth/ensure-superadmin.js';
import { DEFAULT_SCRYPT_COST, type ScryptCost } from './auth/hash-password.js';
import { DEFAULT_LOGIN_RATE_LIMIT, type LoginRateLimit } from './auth/login-rate-limit.js';
import { PrincipalCache } from './auth/principal-cache.js';
import {
  type BuiltinSyncResult,
  DEFAULT_BUILTIN_DIRECTORY,
  syncBuiltinSkills,
} from './builtin/sync-builtin-skills.js';
import { contentLayout, sweepStaging } from './content/index.js';
import { createApp } from './create-app.js';
import type { ChannelListener, Database, DatabaseOptions } from './db/database.js';
import { openDatabase } from './db/open-database.js';
import { type MigrationResult, runMigrations } from './db/run-migrations.js';
import type { AppEnv } from './http/app-env.js';
import { loadStaticSite, type StaticSite } from './http/static-files.js';
import { sweepInstallDrafts } from './install/draft-rows.js';
import { type InstallOptions, installContextOf } from './install/install-options.js';
import { createJsonLogger, type Logger } from './logging/logger.js';
import { type MetricsAccess, MIN_METRICS_TOKEN_LENGTH } from './metrics/metrics-routes.js';
import { createServerMetrics, type ServerMetrics } from './metrics/server-metrics.js';
import { type ProviderKeyOptions, providerKeySources } from './model-providers/provider-api-key.js';
import { resealLegacyProviderKeys } from './model-providers/reseal-legacy-provider-keys.js';
import { AccessGenerationCache } from './policy/access-generation-cache.js';
import type { RunFileRoutesOptions } from './run-tools/run-file-routes.js';
import { type RunService, type RunServiceOptions, startRunService } from './runs/run-service.js';
import { DEFAULT_RUN_STALE_AFTER_MS } from './runs/run-worker.js';
import { createSecretBox, type SecretBox } from './secrets/secret-box.js';
import type { ServerContext } from './server-context.js';

/** Viewers whose "skills I can read" listing one process keeps (≈ 100 KB each at 1,000 readable skills). */
const READABLE_SKILLS_CACHE_ENTRIES = 2000;

/** Sessions and tokens whose principal one process keeps (a few hundred bytes each). */
const PRINCIPAL_CACHE_ENTRIES = 20_000;

/** The channel the database notifies at the commit of anything that changes who a session or token is. */
const AUTH_CHANGE_CHANNEL = 'skilldock_auth';

/** The data folder when none is given: `~/.skilldock/platform`. */
export function defaultDataDirectory(): string {
  return path.join(homedir(), '.skilldock', 'platform');
}

/** How to build a server. Only `database` is required; everything else has a default. */
export interface CreateServerOptions {
  /** An open database (the caller closes it) or where to open one (the server closes it on `stop`). */
  readonly database: Database | DatabaseOptions;
  /** Where content packages live (default `~/.skilldock/platform`); created when missing. */
  readonly dataDir?: string;
  /** The builtin skill folder to sync at start-up (default: the package's `builtin/`). */
  readonly builtinDir?: string;
  /** Structured JSON logs (default: one line per entry on stderr). */
  readonly logger?: Logger;
  /** The first superadmin's password (`SKILLDOCK_ADMIN_PASSWORD`); generated and returned once when absent. */
  readonly adminPassword?: string;
  readonly loginRateLimit?: Partial<LoginRateLimit>;
  /**
   * The scrypt cost of new password hashes (default {@link DEFAULT_SCRYPT_COST}, N = 2^15). Only
   * code passes it — no variable or setting does — so that tests can hash cheaply; never lower it
   * in production. Existing records verify at the cost they were written with.
   */
  readonly passwordHashCost?: ScryptCost;
  /** Secure cookies: `auto` (default) when the request arrived over https. */
  readonly secureCookies?: 'auto' | boolean;
  /** Read `X-Forwarded-*` from a reverse proxy in front (default false). */
  readonly trustProxy?: boolean;
  /** Install flows: the drafts' clock and how remote sources are fetched (tests point them at loopback). */
  readonly install?: InstallOptions;
  /**
   * Model provider keys (SPEC Y18, SEC9): `secretKey` seals stored keys (default
   * `SKILLDOCK_SECRET_KEY`; pass `undefined` to run without one, at least 16 characters otherwise),
   * `env` is where named key variables are read (default `process.env`), and `keyEnvAllowlist` the
   * variables a key may be read from (default: the entries of `SKILLDOCK_PROVIDER_KEY_ENV` in `env`;
   * none when unset).
   */
  readonly modelProviders?: ProviderKeyOptions;
  /**
   * Runs (SPEC Y8, Y16): the pg-boss queue always starts (its schema is set up at start-up); a
   * worker executes runs in this process unless `worker: false` (`serve --no-worker`).
   */
  readonly runs?: RunServiceOptions;
  /**
   * The run-file routes (`/api/runs/{id}/files`, `/run-files/…`): by default a run's files are its
   * owner's (the runs table decides) and links live 30 minutes on the wall clock. Embedders and
   * tests may decide who sees which run's folder and what time it is.
   */
  readonly runFiles?: Partial<Pick<RunFileRoutesOptions, 'authorizeRun' | 'now' | 'linkLifetimeMs'>>;
  /**
   * The built web app to serve at `/` (the `dist` folder of `@skilldock/web`, which the CLI finds);
   * read once at start-up. When it holds no `index.html`, `/` says how to build it; without the
   * option the server answers only the API.
   */
  readonly webRoot?: string;
  /**
   * `GET /metrics` in the Prometheus text format (SPEC O3), for a scraper sending
   * `Authorization: Bearer <token>` (at least 16 characters). Absent (the default): no `/metrics`
   * route and no metrics kept.
   */
  readonly metrics?: MetricsAccess;
}

/** What start-up did before the API could answer. */
export interface StartupReport {
  readonly migrations: MigrationResult;
  readonly builtin: BuiltinSyncResult;
  readonly superadmin: EnsureSuperadminResult;
  readonly agents: BuiltinAgentsResult;
}

/** A built server: the Hono app (usable in process with `app.request`), and listening on a socket. */
export interface SkilldockServer {
  readonly app: OpenAPIHono<AppEnv>;
  readonly database: Database;
  readonly dataDir: string;
  readonly startup: StartupReport;
  /** The run queue, this process's run event bus and its worker (undefined with `runs.worker: false`). */
  readonly runs: RunService;
  /** Listens on `host:port` (default 127.0.0.1:7860; port 0 picks a free one) and resolves with the URL. */
  start(options?: { readonly port?: number; readonly host?: string }): Promise<{ readonly url: string }>;
  /** Stops listening (dropping open connections) and closes the database when the server opened it. */
  stop(): Promise<void>;
}

function isOpenDatabase(value: Database | DatabaseOptions): value is Database {
  return 'db' in value;
}

/**
 * Builds the platform server (SPEC Y1, Y10, Y12): opens the database when given options, applies
 * migrations and syncs the builtin skills (each under its own advisory lock, so any number of
 * processes can start at once on one PostgreSQL), creates the first superadmin, and wires every
 * route onto one OpenAPI-documented Hono app. A failure at any step (an invalid builtin, say)
 * rejects with its reason and closes what it opened.
 * @example
 * const server = await createServer({ database: { kind: 'pglite' } });
 * const response = await server.app.request('/api/health');
 * await server.stop();
 */
export async function createServer(options: CreateServerOptions): Promise<SkilldockServer> {
  const owned = !isOpenDatabase(options.database);
  const database = isOpenDatabase(options.database) ? options.database : await openDatabase(options.database);
  const logger = options.logger ?? createJsonLogger();
  const dataDir = path.resolve(options.dataDir ?? defaultDataDirectory());
  const builtinDirectory =
    options.builtinDir === undefined
      ? fileURLToPath(DEFAULT_BUILTIN_DIRECTORY)
      : path.resolve(options.builtinDir);
  const modelProviders = options.modelProviders ?? {};
  const secretKey = Object.hasOwn(modelProviders, 'secretKey')
    ? modelProviders.secretKey
    : process.env.SKILLDOCK_SECRET_KEY;
  const passwordHashCost = options.passwordHashCost ?? DEFAULT_SCRYPT_COST;
  // Readiness and the worker gauge count a worker alive while its heartbeat is this recent.
  const workerStaleAfterMs = options.runs?.workerOptions?.staleAfterMs ?? DEFAULT_RUN_STALE_AFTER_MS;
  let metrics: ServerMetrics | undefined;
  let startup: StartupReport;
  let secretBox: SecretBox | undefined;
  let runService: RunService;
  const skillContent = { layout: contentLayout(dataDir), builtinDirectory };
  const principals = new PrincipalCache(PRINCIPAL_CACHE_ENTRIES);
  let authChanges: ChannelListener | undefined;
  let site: StaticSite | undefined;
  try {
    if (options.metrics !== undefined && options.metrics.token.length < MIN_METRICS_TOKEN_LENGTH)
      throw new UserInputError(
        'metrics_token_weak',
        `The metrics token must be at least ${MIN_METRICS_TOKEN_LENGTH} characters`,
      );
    metrics = options.metrics === undefined ? undefined : createServerMetrics(database, workerStaleAfterMs);
    // Derived once per process; a short key fails start-up with `secret_key_weak`.
    secretBox = secretKey === undefined || secretKey === '' ? undefined : await createSecretBox(secretKey);
    await mkdir(path.join(dataDir, 'packages'), { recursive: true });
    site = options.webRoot === undefined ? undefined : await loadStaticSite(options.webRoot);
    const migrations = await runMigrations(database);
    const builtin = await syncBuiltinSkills(database, builtinDirectory);
    const superadmin = await ensureSuperadmin(database, options.adminPassword, passwordHashCost);
    const agents = await ensureBuiltinAgents(database);
    // Keys stored before SEC9 bound them to their destination keep working, bound from now on.
    await resealLegacyProviderKeys(database.db, secretBox);
    await sweepInstallDrafts(database.db, dataDir, options.install?.now);
    const staleStaging = await sweepStaging(contentLayout(dataDir), options.install?.now?.());
    authChanges = await database.listen(AUTH_CHANGE_CHANNEL, {
      onNotify: () => principals.invalidate(),
      onListening: (listening) => principals.setListening(listening),
    });
    principals.useBarrier(authChanges.barrier);
    startup = { migrations, builtin, superadmin, agents };
    runService = await startRunService(
      database,
      {
        logger,
        content: skillContent,
        providerKeys: providerKeySources(secretBox, modelProviders),
        install: installContextOf(options.install ?? {}, dataDir),
        ...(metrics === undefined ? {} : { metrics }),
      },
      options.runs,
    );
    logger.info('startup', {
      database: database.kind,
      migrationsApplied: migrations.applied.length,
      builtinSkills: builtin.skills.length,
      builtinChanged: builtin.added.length + builtin.updated.length + builtin.removed.length,
      staleStagingRemoved: staleStaging.length,
    });
  } catch (error) {
    await authChanges?.stop();
    if (owned) await database.close();
    throw error;
  }

  const context: ServerContext = {
    database,
    logger,
    loginRateLimit: { ...DEFAULT_LOGIN_RATE_LIMIT, ...options.loginRateLimit },
    passwordHashCost,
    secureCookies: options.secureCookies ?? 'auto',
    trustProxy: options.trustProxy ?? false,
    readableSkillsCache: new AccessGenerationCache(READABLE_SKILLS_CACHE_ENTRIES),
    principals,
    providerKeys: providerKeySources(secretBox, modelProviders),
    workerStaleAfterMs,
  };
  const app = createApp({
    context,
    runs: runService,
    content: skillContent,
    dataDir,
    ...(options.install === undefined ? {} : { install: options.install }),
    ...(options.runFiles === undefined ? {} : { runFiles: options.runFiles }),
    ...(metrics === undefined || options.metrics === undefined
      ? {}
      : { metrics: { metrics, access: options.metrics } }),
    ...(options.webRoot === undefined ? {} : { web: { root: path.resolve(options.webRoot), site } }),
  });

  let listener: ServerType | undefined;
  let stopped = false;
  return {
    app,
    database,
    dataDir,
    startup,
    runs: runService,
    start: ({ port = 7860, host = '127.0.0.1' } = {}) =>
      new Promise((resolve, reject) => {
        const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
          const shown = info.family === 'IPv6' ? `[${info.address}]` : info.address;
          // The embedded database's lock names the port, for a second process's refusal (SEC12).
          void (database.folderLock?.record({ port: info.port }) ?? Promise.resolve())
            .catch(() => undefined)
            .then(() => resolve({ url: `http://${shown}:${info.port}` }));
        });
        server.once('error', reject);
        listener = server;
      }),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      if (listener !== undefined) {
        const server = listener as ServerType & { closeAllConnections?: () => void };
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections?.();
        });
      }
      await runService.stop();
      await authChanges?.stop();
      if (owned) await database.close();
    },
  };
}
