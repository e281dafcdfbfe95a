import type { ScryptCost } from './auth/hash-password.js';
import type { LoginRateLimit } from './auth/login-rate-limit.js';
import type { PrincipalCache } from './auth/principal-cache.js';
import type { Database } from './db/database.js';
import type { CachedJson } from './http/cached-json.js';
import type { Logger } from './logging/logger.js';
import type { ProviderKeySources } from './model-providers/provider-api-key.js';
import type { AccessGenerationCache } from './policy/access-generation-cache.js';

/** What every route needs, built once by `createServer`. */
export interface ServerContext {
  readonly database: Database;
  readonly logger: Logger;
  readonly loginRateLimit: LoginRateLimit;
  /** The scrypt cost of the password hashes routes write (and of the record unknown accounts verify against). */
  readonly passwordHashCost: ScryptCost;
  /** `auto`: Secure cookies when the request (or, with `trustProxy`, the proxy) speaks https. */
  readonly secureCookies: 'auto' | boolean;
  readonly trustProxy: boolean;
  /** "Skills I can read" per viewer, under the access generation (one process's memory). */
  readonly readableSkillsCache: AccessGenerationCache<CachedJson>;
  /** Who each session and token is, while the database's change notifications arrive (one process's memory). */
  readonly principals: PrincipalCache;
  /** Where model provider keys come from: the `SKILLDOCK_SECRET_KEY` box and the environment (SPEC Y18). */
  readonly providerKeys: ProviderKeySources;
  /** Readiness counts a run worker alive while its heartbeat is this recent (default 30 s, the runs' stale period). */
  readonly workerStaleAfterMs?: number;
}
