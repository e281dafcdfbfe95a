/**
 * The server's routes for route tests (issue 22 item 2): `createApp` on a migrated database, with
 * what start-up would have seeded made by the same code (`ensureSuperadmin`, `ensureBuiltinAgents`,
 * `syncBuiltinSkills`) and no start-up beyond it — no migrations to check, no run worker, sweep or
 * housekeeping timers, no socket. A test that needs those (runs executing, a listening server, a
 * restart) uses `createServer`.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ensureBuiltinAgents } from '../../src/agents/ensure-builtin-agents.js';
import { ensureSuperadmin } from '../../src/auth/ensure-superadmin.js';
import { PrincipalCache } from '../../src/auth/principal-cache.js';
import { syncBuiltinSkills } from '../../src/builtin/sync-builtin-skills.js';
import { contentLayout } from '../../src/content/index.js';
import type { ChannelListener } from '../../src/db/database.js';
import {
  type AppEnv,
  createApp,
  type Database,
  type InstallOptions,
  type Logger,
  type ServerContext,
  silentLogger,
} from '../../src/index.js';
import { type ProviderKeyOptions, providerKeySources } from '../../src/model-providers/provider-api-key.js';
import { AccessGenerationCache } from '../../src/policy/access-generation-cache.js';
import { RunEventBus } from '../../src/runs/run-event-bus.js';
import { startRunQueue } from '../../src/runs/run-queue.js';
import {
  createSecretBox,
  DEFAULT_LOGIN_RATE_LIMIT,
  type LoginRateLimit,
  type RunService,
} from '../../src/testing.js';
import { temporaryFolder } from './temporary-folder.js';
import { TEST_PASSWORD_HASH_COST } from './test-password-cost.js';

/** What the route-test fixtures need of a server: its app, database and data folder. */
export interface AppUnderTest {
  readonly app: OpenAPIHono<AppEnv>;
  readonly database: Database;
  readonly dataDir: string;
}

/** An app on a migrated database; `close()` stops its queue, closes the database and removes the data folder. */
export interface TestApp extends AppUnderTest {
  readonly context: ServerContext;
  /** A run queue without a worker: routes queue runs that nothing in this process executes. */
  readonly runs: RunService;
  close(): Promise<void>;
}

/** How to build a {@link TestApp}; only the database is required. */
export interface TestAppOptions {
  /** A migrated database (`backend.openMigrated()`); the app's `close()` closes it. */
  readonly database: Database;
  /** Names the temporary data folder. */
  readonly label?: string;
  /** The first superadmin `admin`'s password (default `test-admin-password`). */
  readonly adminPassword?: string;
  /** A builtin skill folder to sync, as start-up does (default: none). */
  readonly builtinDir?: string;
  readonly logger?: Logger;
  readonly loginRateLimit?: Partial<LoginRateLimit>;
  readonly modelProviders?: ProviderKeyOptions;
  readonly install?: InstallOptions;
  readonly trustProxy?: boolean;
  readonly secureCookies?: 'auto' | boolean;
}

/** Sessions and tokens, and viewers' skill listings, one test app keeps. */
const CACHE_ENTRIES = 1000;

/** The channel `createServer` listens on for changes to who a session or token is. */
const AUTH_CHANGE_CHANNEL = 'skilldock_auth';

/**
 * Builds the app on `options.database`: the first superadmin (at the tests' cheap password cost),
 * the builtin agents and, when given, the builtin skills, a principal cache fed by the database's
 * change notifications as in a server, and a run queue that no worker drains.
 */
export async function openTestApp(options: TestAppOptions): Promise<TestApp> {
  const { database } = options;
  const logger = options.logger ?? silentLogger;
  const folder = await temporaryFolder(options.label ?? 'test-app');
  const dataDir = path.join(folder.path, 'data');
  let authChanges: ChannelListener | undefined;
  let queue: Awaited<ReturnType<typeof startRunQueue>> | undefined;
  try {
    await mkdir(path.join(dataDir, 'packages'), { recursive: true });
    await ensureSuperadmin(database, options.adminPassword ?? 'test-admin-password', TEST_PASSWORD_HASH_COST);
    await ensureBuiltinAgents(database);
    const builtinDirectory = options.builtinDir ?? path.join(folder.path, 'no-builtin');
    if (options.builtinDir !== undefined) await syncBuiltinSkills(database, builtinDirectory);
    const modelProviders = options.modelProviders ?? { secretKey: undefined, env: {} };
    const secretKey = modelProviders.secretKey;
    const secretBox =
      secretKey === undefined || secretKey === '' ? undefined : await createSecretBox(secretKey);
    const principals = new PrincipalCache(CACHE_ENTRIES);
    authChanges = await database.listen(AUTH_CHANGE_CHANNEL, {
      onNotify: () => principals.invalidate(),
      onListening: (listening) => principals.setListening(listening),
    });
    principals.useBarrier(authChanges.barrier);
    const context: ServerContext = {
      database,
      logger,
      loginRateLimit: { ...DEFAULT_LOGIN_RATE_LIMIT, ...options.loginRateLimit },
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      secureCookies: options.secureCookies ?? 'auto',
      trustProxy: options.trustProxy ?? false,
      readableSkillsCache: new AccessGenerationCache(CACHE_ENTRIES),
      principals,
      providerKeys: providerKeySources(secretBox, modelProviders),
    };
    const started = await startRunQueue(database, logger);
    queue = started;
    const runs: RunService = {
      queue: started,
      enqueue: (runId) => started.send(runId),
      bus: new RunEventBus(),
      worker: undefined,
      stop: () => started.stop(),
    };
    const content = { layout: contentLayout(dataDir), builtinDirectory };
    const app = createApp({
      context,
      runs,
      content,
      dataDir,
      ...(options.install === undefined ? {} : { install: options.install }),
    });
    const listener = authChanges;
    return {
      app,
      database,
      dataDir,
      context,
      runs,
      close: async () => {
        await started.stop();
        await listener.stop();
        await database.close();
        await folder.remove();
      },
    };
  } catch (error) {
    await queue?.stop();
    await authChanges?.stop();
    await database.close();
    await folder.remove();
    throw error;
  }
}
