import type { OpenAPIHono } from '@hono/zod-openapi';
import { sameSecret } from '../auth/same-secret.js';
import type { AppEnv } from '../http/app-env.js';
import { HttpError } from '../http/http-error.js';
import type { ServerMetrics } from './server-metrics.js';

/** The shortest metrics token accepted: a guessable one would make the numbers public. */
export const MIN_METRICS_TOKEN_LENGTH = 16;

/** Who may read `/metrics`: only a scraper presenting this bearer token. */
export interface MetricsAccess {
  /** `Authorization: Bearer <token>` (`SKILLDOCK_METRICS_TOKEN` for `skilldock serve --metrics`). */
  readonly token: string;
}

/**
 * Registers `GET /metrics` (SPEC O3): the server's registry in the Prometheus text format, for a
 * scraper presenting the bearer token; anything else is 401 `unauthenticated` with no numbers.
 * Queue and run counts describe every user's work, and an internet-facing server must not give
 * them away, so there is no anonymous access (the route is absent unless the server enables it).
 */
export function registerMetricsRoutes(
  app: OpenAPIHono<AppEnv>,
  metrics: ServerMetrics,
  access: MetricsAccess,
): void {
  app.get('/metrics', async (c) => {
    const header = c.req.header('authorization') ?? '';
    const presented = /^Bearer (\S+)$/i.exec(header)?.[1];
    if (presented === undefined || !sameSecret(presented, access.token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new HttpError(401, 'unauthenticated', 'Send the metrics token: Authorization: Bearer <token>');
    }
    return c.body(await metrics.registry.metrics(), 200, {
      'Content-Type': metrics.registry.contentType,
      'Cache-Control': 'no-store',
    });
  });
}
