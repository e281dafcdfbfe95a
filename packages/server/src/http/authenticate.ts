import { CSRF_HEADER } from '@skilldock/core/csrf-header';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { resolveApiToken } from '../auth/api-tokens.js';
import type { PrincipalCache } from '../auth/principal-cache.js';
import { sameSecret } from '../auth/same-secret.js';
import { resolveSession } from '../auth/sessions.js';
import type { SkilldockDatabase } from '../db/database.js';
import type { AppEnv } from './app-env.js';
import { HttpError } from './http-error.js';
import { refuseOutOfScope } from './route-scopes.js';

/** The session cookie's name. */
export const SESSION_COOKIE = 'skilldock_session';

/**
 * The session cookie's path: only the API gets it. Run files are served under `/run-files/`
 * (SPEC Y17, SEC5), where no request carries it; the web app at `/` calls only `/api`.
 */
export const SESSION_COOKIE_PATH = '/api';

/** The header a cookie-authenticated write must carry, holding the session's CSRF token (core's one spelling). */
export { CSRF_HEADER };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Writes that need no CSRF token: logging in has no session to take one from (Origin is still checked). */
const CSRF_EXEMPT_PATHS = new Set(['/api/auth/login']);

/** How the server sees the client's URL; `trustProxy` reads `X-Forwarded-Proto`/`-Host` from a reverse proxy. */
export function publicOrigin(c: Context, trustProxy: boolean): URL {
  const url = new URL(c.req.url);
  if (trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (proto === 'https' || proto === 'http') url.protocol = `${proto}:`;
    if (host !== undefined && /^[A-Za-z0-9.:[\]-]+$/.test(host)) url.host = host;
  }
  return url;
}

/**
 * Works out who is calling and refuses cross-site writes (SPEC Y1):
 * - `Authorization: Bearer skd_…` — an API token, limited to its scopes (`ROUTE_REQUIREMENTS`:
 *   403 `token_scope_missing` or `token_read_only`); an unknown, revoked or expired token is 401.
 * - the session cookie — a write must echo the session's CSRF token in {@link CSRF_HEADER} (403
 *   `csrf_failed`), and any write whose `Origin` is another site is refused the same way.
 * A request with neither goes on as anonymous; routes that need an account say 401.
 *
 * Who a secret belongs to comes through `principals`, which keeps answers only while no change
 * committed by any process has made them wrong (see {@link PrincipalCache}).
 */
export function authenticate(
  db: SkilldockDatabase,
  options: { readonly trustProxy: boolean; readonly principals: PrincipalCache },
): MiddlewareHandler<AppEnv> {
  const { principals } = options;
  return async (c, next) => {
    const unsafe = !SAFE_METHODS.has(c.req.method);
    if (unsafe) {
      const origin = c.req.header('origin');
      if (origin !== undefined && origin !== publicOrigin(c, options.trustProxy).origin) {
        throw new HttpError(403, 'csrf_failed', 'Cross-site request refused');
      }
    }
    const authorization = c.req.header('authorization');
    if (authorization !== undefined) {
      const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(authorization);
      const principal = match === null ? null : await resolveApiToken(db, match[1]!, principals);
      if (principal === null || principal.via !== 'token') {
        throw new HttpError(401, 'unauthenticated', 'The API token is invalid, expired or revoked');
      }
      refuseOutOfScope(c, principal);
      c.set('principal', principal);
      return next();
    }
    const secret = getCookie(c, SESSION_COOKIE);
    const principal =
      secret === undefined || secret.length > 200 ? null : await resolveSession(db, secret, principals);
    if (principal !== null && principal.via === 'session' && unsafe && !CSRF_EXEMPT_PATHS.has(c.req.path)) {
      const token = c.req.header(CSRF_HEADER);
      if (token === undefined || !sameSecret(token, principal.csrfToken)) {
        throw new HttpError(
          403,
          'csrf_failed',
          `Missing or wrong CSRF token (send the ${CSRF_HEADER} header)`,
        );
      }
    }
    c.set('principal', principal);
    return next();
  };
}
