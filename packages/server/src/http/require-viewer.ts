import type { Context } from 'hono';
import type { Principal, Role } from '../auth/principal.js';
import type { AppEnv } from './app-env.js';
import { HttpError } from './http-error.js';

/** The calling principal, or a 401 `unauthenticated`. */
export function requirePrincipal(c: Context<AppEnv>): Principal {
  const principal = c.get('principal');
  if (principal === null) throw new HttpError(401, 'unauthenticated', 'Log in or send an API token');
  return principal;
}

/** The calling principal when its role is one of `roles`, else 401/403. */
export function requireRole(c: Context<AppEnv>, ...roles: Role[]): Principal {
  const principal = requirePrincipal(c);
  if (!roles.includes(principal.viewer.role)) {
    throw new HttpError(403, 'forbidden', 'Your role may not do this');
  }
  return principal;
}

/** The calling principal when it is a cookie session (password changes and token issuing need one). */
export function requireSession(c: Context<AppEnv>): Extract<Principal, { via: 'session' }> {
  const principal = requirePrincipal(c);
  if (principal.via !== 'session')
    throw new HttpError(403, 'forbidden', 'This needs a login session, not an API token');
  return principal;
}
