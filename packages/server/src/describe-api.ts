import { SkilldockError } from '@skilldock/core/errors';
import { DEFAULT_SCRYPT_COST } from './auth/hash-password.js';
import { DEFAULT_LOGIN_RATE_LIMIT } from './auth/login-rate-limit.js';
import { PrincipalCache } from './auth/principal-cache.js';
import { contentLayout } from './content/index.js';
import { createApp } from './create-app.js';
import type { Database } from './db/database.js';
import { openApiDocument } from './http/openapi-document.js';
import { silentLogger } from './logging/logger.js';
import { providerKeySources } from './model-providers/provider-api-key.js';
import { AccessGenerationCache } from './policy/access-generation-cache.js';
import type { RunService } from './runs/run-service.js';

/** Where the routes would keep files: never touched, since no request is ever answered. */
const NO_DATA_FOLDER = '/nonexistent/skilldock-api-description';

/**
 * A stand-in for a service the routes only use while answering a request: reading a property
 * (`const { db } = context.database` runs at registration) gives another stand-in; calling one
 * throws `api_description_only`. Written by hand because it exists only so the document can be
 * built without opening anything, not to imitate a database.
 */
function unavailable<T>(what: string): T {
  const refuse = () => {
    throw new SkilldockError(
      'api_description_only',
      `The API description has no ${what}: it only lists the routes, it answers none`,
    );
  };
  const handler: ProxyHandler<() => void> = {
    get: (_target, key) => (key === 'then' ? undefined : new Proxy(() => {}, handler)),
    apply: refuse,
    construct: refuse,
  };
  return new Proxy(() => {}, handler) as T;
}

/**
 * The platform's OpenAPI document, read from the routes alone: `createApp` on dependencies that
 * refuse any use, so no database is opened, migrated or queued (the docs generator, the web app's
 * API types and `lint:openapi` read it; `GET /openapi.json` of a running server gives the same).
 */
export function describeApi(): ReturnType<typeof openApiDocument> {
  const database: Database = {
    kind: 'pglite',
    db: unavailable('database'),
    listen: unavailable('database'),
    close: async () => {},
  };
  const app = createApp({
    context: {
      database,
      logger: silentLogger,
      loginRateLimit: DEFAULT_LOGIN_RATE_LIMIT,
      passwordHashCost: DEFAULT_SCRYPT_COST,
      secureCookies: 'auto',
      trustProxy: false,
      readableSkillsCache: new AccessGenerationCache(1),
      principals: new PrincipalCache(1),
      providerKeys: providerKeySources(undefined, {}),
    },
    runs: unavailable<RunService>('run queue'),
    content: { layout: contentLayout(NO_DATA_FOLDER), builtinDirectory: NO_DATA_FOLDER },
    dataDir: NO_DATA_FOLDER,
  });
  return openApiDocument(app);
}
