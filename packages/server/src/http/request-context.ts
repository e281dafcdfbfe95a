import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from '../logging/logger.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import type { AppEnv } from './app-env.js';

/** An incoming `X-Request-Id` is kept only when it is this harmless (it goes into logs and headers). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The finished answer's own headers, to add to in place. `c.header()` after the handler copies
 * the whole answer into a new `Response` (its body as a stream) on every call, which took a cached
 * body off the node adapter's direct path; an answer whose headers cannot change (one passed
 * through from `fetch`) is copied once.
 */
function answerHeaders(c: Context<AppEnv>): Headers {
  const { headers } = c.res;
  try {
    headers.set('X-Content-Type-Options', 'nosniff');
    return headers;
  } catch {
    c.res = new Response(c.res.body, c.res);
    return c.res.headers;
  }
}

/**
 * The pattern of the route that answered (`/api/runs/:id`), never the path itself: ids in metric
 * labels would grow without bound. Middleware answering first (a 401, a 413) is its own pattern
 * (`/api/*`).
 */
function answeredRoute(c: Context<AppEnv>): string {
  return routePath(c) || 'unmatched';
}

/** The run a request is about, from the route's `{id}` under `/api/runs/` (for the log line). */
function runIdOf(c: Context<AppEnv>, route: string): string | undefined {
  if (!route.startsWith('/api/runs/:id')) return undefined;
  const id = c.req.param('id');
  return id !== undefined && SAFE_REQUEST_ID.test(id) ? id : undefined;
}

/** A request path for the log: an API token carried in a discovery link (`/t/<token>/…`) is left out. */
export function loggedPath(path: string): string {
  return path.replace(/^\/t\/[^/]*/, '/t/[token]');
}

/**
 * Gives every request an id (its `X-Request-Id` when safe, else a new UUID), echoes it in the
 * answer, sets security headers, and logs one JSON line per request: method, path (never the
 * query, which may hold a secret, nor a discovery link's token), the route pattern, status, duration, user id and, for a run's
 * routes, the run id. Bodies are never logged. With `metrics`, the duration is observed by
 * method, route pattern and status (SPEC O3).
 */
export function requestContext(logger: Logger, metrics?: ServerMetrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming !== undefined && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.set('principal', null);
    const started = performance.now();
    await next();
    const headers = answerHeaders(c);
    headers.set('X-Request-Id', requestId);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    headers.set('X-Frame-Options', 'DENY');
    if (c.req.path.startsWith('/api/')) headers.set('Cache-Control', 'no-store');
    const milliseconds = performance.now() - started;
    const route = answeredRoute(c);
    metrics?.observeRequest(c.req.method, route, c.res.status, milliseconds / 1000);
    logger.info('request', {
      requestId,
      method: c.req.method,
      path: loggedPath(c.req.path),
      route,
      status: c.res.status,
      durationMs: Math.round(milliseconds),
      userId: c.get('principal')?.viewer.id ?? null,
      runId: runIdOf(c, route),
    });
  };
}
