/**
 * `@skilldock/server`: the Skilldock platform server — HTTP API (Hono, OpenAPI 3.1), one Drizzle
 * schema on embedded PGlite or PostgreSQL, accounts, sessions, API tokens, the permission policy,
 * builtin sync and the audit log.
 * @example
 * const server = await createServer({ database: { kind: 'pglite', dataDir } });
 * const { url } = await server.start({ port: 7860 });
 */
import './error-codes.js';
import './install/error-codes.js';
import './run-tools/error-codes.js';

export { API_TOKEN_PREFIX, createApiToken, type NewApiToken } from './auth/api-tokens.js';
export {
  type EnsureSuperadminResult,
  ensureSuperadmin,
  FIRST_SUPERADMIN_USERNAME,
} from './auth/ensure-superadmin.js';
export {
  DEFAULT_SCRYPT_COST,
  hashPassword,
  type ScryptCost,
  verifyPassword,
} from './auth/hash-password.js';
export { type Principal, ROLES, type Role, type Viewer } from './auth/principal.js';
export { TOKEN_SCOPES, type TokenAccess, type TokenScope } from './auth/token-scopes.js';
export { type AppDependencies, createApp } from './create-app.js';
export {
  type CreateServerOptions,
  createServer,
  defaultDataDirectory,
  type SkilldockServer,
  type StartupReport,
} from './create-server.js';
export type { Database, DatabaseOptions, SkilldockDatabase, SkilldockTransaction } from './db/database.js';
export { openDatabase } from './db/open-database.js';
export { type MigrationResult, runMigrations } from './db/run-migrations.js';
export * as schema from './db/schema.js';
export { describeApi } from './describe-api.js';
export type { AppEnv } from './http/app-env.js';
export { CSRF_HEADER, SESSION_COOKIE } from './http/authenticate.js';
export { type ErrorStatus, HttpError } from './http/http-error.js';
export type { InstallOptions, RemoteFetchOptions } from './install/install-options.js';
export { batchLines, createJsonLogger, type LogFields, type Logger, silentLogger } from './logging/logger.js';
export { createPrettyLogger } from './logging/pretty-logger.js';
export {
  startWorkerProcess,
  type WorkerProcess,
  type WorkerProcessOptions,
} from './runs/start-worker-process.js';
export type { ServerContext } from './server-context.js';
