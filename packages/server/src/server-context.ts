import type { LoginRateLimit } from './auth/login-rate-limit.js';
import type { Database } from './db/database.js';
import type { Logger } from './logging/logger.js';

/** What every route needs, built once by `createServer`. */
export interface ServerContext {
  readonly database: Database;
  readonly logger: Logger;
  readonly loginRateLimit: LoginRateLimit;
  /** `auto`: Secure cookies when the request (or, with `trustProxy`, the proxy) speaks https. */
  readonly secureCookies: 'auto' | boolean;
  readonly trustProxy: boolean;
}
