import type { ScryptCost } from './auth/hash-password.js';
import type { LoginRateLimit } from './auth/login-rate-limit.js';
import type { Database } from './db/database.js';
import type { Logger } from './logging/logger.js';

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
}
