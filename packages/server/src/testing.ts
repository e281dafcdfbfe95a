/**
 * `@skilldock/server/testing`: the server's inner parts — the permission policy, projections, run
 * tools, the run queue and worker, schema helpers — for this repository's own tests, benchmarks and
 * the CLI's integration tests. Not a stable API: a program embeds the server through
 * `@skilldock/server` (createServer, createApp, startWorkerProcess …).
 */
import './error-codes.js';
import './install/error-codes.js';
import './run-tools/error-codes.js';

export { type AgentConfig, MAX_SYSTEM_PROMPT_LENGTH } from './agents/agent-config.js';
export {
  ASSISTANT_AGENT_KEY,
  type BuiltinAgentsResult,
  ensureBuiltinAgents,
} from './agents/ensure-builtin-agents.js';
export { PLATFORM_TOOL_NAMES } from './agents/platform-tool-names.js';
export { type AuditEntry, recordAudit } from './audit/record-audit.js';
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
export { loadViewer } from './auth/load-viewer.js';
export { DEFAULT_LOGIN_RATE_LIMIT, type LoginRateLimit } from './auth/login-rate-limit.js';
export { type Principal, ROLES, type Role, type Viewer } from './auth/principal.js';
export { TOKEN_SCOPES, type TokenAccess, type TokenScope } from './auth/token-scopes.js';
export {
  type BuiltinSyncResult,
  DEFAULT_BUILTIN_DIRECTORY,
  syncBuiltinSkills,
} from './builtin/sync-builtin-skills.js';
export { type AppDependencies, createApp } from './create-app.js';
export {
  type CreateServerOptions,
  createServer,
  defaultDataDirectory,
  type SkilldockServer,
  type StartupReport,
} from './create-server.js';
export { AdvisoryLockKey } from './db/advisory-lock-keys.js';
export type { Database, DatabaseOptions, SkilldockDatabase, SkilldockTransaction } from './db/database.js';
export { openDatabase } from './db/open-database.js';
export { type MigrationResult, runMigrations } from './db/run-migrations.js';
export * as schema from './db/schema.js';
export { describeApi } from './describe-api.js';
export type { AppEnv } from './http/app-env.js';
export { CSRF_HEADER, SESSION_COOKIE } from './http/authenticate.js';
export { JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT } from './http/body-limits.js';
export { errorBodySchema, errorResponseSpec } from './http/error-response.js';
export { type ErrorStatus, HttpError } from './http/http-error.js';
export { requirePrincipal, requireRole, requireSession } from './http/require-viewer.js';
export type { InstallOptions, RemoteFetchOptions } from './install/install-options.js';
export { batchLines, createJsonLogger, type LogFields, type Logger, silentLogger } from './logging/logger.js';
export { createPrettyLogger } from './logging/pretty-logger.js';
export type { MetricsAccess } from './metrics/metrics-routes.js';
export {
  type ProviderDestination,
  type ProviderKeyOptions,
  type ProviderKeySources,
  providerApiKey,
  providerKeyContext,
} from './model-providers/provider-api-key.js';
export {
  AGENT_ACTIONS,
  type AgentAccessFacts,
  type AgentAction,
  canOnAgent,
} from './policy/agent-access.js';
export { listReadableSkills, type ReadableSkill } from './policy/list-readable-skills.js';
export { loadSkillAccess } from './policy/load-skill-access.js';
export {
  type AgentSkillSelection,
  type ResolvedAgentSkills,
  resolveAgentSkills,
} from './policy/resolve-agent-skills.js';
export {
  type ShareConfig,
  type ShareScope,
  shareConfigProblem,
  shareConfigSchema,
  shareScopeSchema,
} from './policy/share-config.js';
export {
  canOnSkill,
  SKILL_ACTIONS,
  type SkillAccessFacts,
  type SkillAction,
  scopeIncludes,
} from './policy/skill-access.js';
export { writeShareConfig } from './policy/write-share-config.js';
export {
  ensureUserProjection,
  type ProjectionContext,
  type ProjectionEntry,
  type ProjectionFaults,
  type ProjectionStep,
  removeUserProjection,
  type UserProjection,
  type UserProjectionPaths,
  userProjectionPaths,
} from './projections/index.js';
export { MAX_MODEL_SELECTOR_LENGTH, MODEL_SELECTOR_PATTERN } from './routes/agent-schemas.js';
export {
  type AuthorizeRun,
  agentShellSetting,
  bubblewrapArguments,
  createRunTools,
  createRunWorkFolder,
  DEFAULT_SANDBOX_LIMITS,
  listRunFiles,
  type RunFile,
  type RunFileListing,
  type RunFileRoutesOptions,
  type RunShellSetting,
  type RunToolNotice,
  type RunTools,
  type RunToolsOptions,
  removeRunWorkFolder,
  runFileRoutes,
  runWorkFolder,
  type SandboxLimits,
} from './run-tools/index.js';
export { authorizeRunForViewer } from './runs/authorize-run.js';
export { MAX_PROMPT_LENGTH } from './runs/max-prompt-length.js';
export { RUN_QUEUE_NAME, type RunQueue, type RunQueueOptions } from './runs/run-queue.js';
export type { RunService, RunServiceOptions } from './runs/run-service.js';
export type { RunWorker, RunWorkerOptions } from './runs/run-worker.js';
export {
  startWorkerProcess,
  type WorkerProcess,
  type WorkerProcessOptions,
} from './runs/start-worker-process.js';
export { sweepLostRuns } from './runs/sweep-lost-runs.js';
export {
  createSecretBox,
  MINIMUM_SECRET_KEY_LENGTH,
  type SecretBox,
} from './secrets/secret-box.js';
export type { ServerContext } from './server-context.js';
