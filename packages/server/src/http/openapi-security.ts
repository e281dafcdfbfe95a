import { SESSION_COOKIE } from './authenticate.js';

/** One OpenAPI security requirement: scheme name → scopes (an empty object: no credential needed). */
export type SecurityRequirement = Record<string, string[]>;

/**
 * The ways to call the API (SPEC Y1), as `components.securitySchemes`: the login session's cookie,
 * which a write must pair with the session's CSRF token in a header, or an API token as a bearer
 * credential whose access is its scope.
 */
export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The login session (`POST /api/auth/login` sets it, HttpOnly, path `/api`). Reads need only the cookie; writes need the `csrfToken` header as well.',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    // The header `authenticate` reads (CSRF_HEADER), in its usual spelling: header names ignore case.
    name: 'X-CSRF-Token',
    description:
      "The session's CSRF token (`csrfToken` in the login answer and in `GET /api/auth/me`), required on every cookie-authenticated write except logging in; a write from another Origin is refused either way (403 `csrf_failed`).",
  },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'skd_…',
    description:
      'An API token (`POST /api/auth/tokens`): `Authorization: Bearer skd_…`. Its access is its scope: `read` tokens may call GET routes only (a write answers 403 `token_read_only`), `read-write` tokens may call any route their owner may, except the session-only ones (changing the password, issuing tokens). No CSRF token is needed.',
  },
} as const;

/** A route anyone may call: health, logging in, a run file's link (its token is in the path). */
export const PUBLIC_OPERATION: SecurityRequirement[] = [];

/** A write only a login session may make, never an API token (changing the password, issuing tokens). */
export const SESSION_ONLY_WRITE: SecurityRequirement[] = [{ sessionCookie: [], csrfToken: [] }];

/** Discovery: anonymous callers see what the superadmin opened to them, signed-in callers what they may read. */
export const OPTIONAL_LOGIN: SecurityRequirement[] = [{}, { sessionCookie: [] }, { bearerToken: ['read'] }];

const READ_SECURITY: SecurityRequirement[] = [{ sessionCookie: [] }, { bearerToken: ['read'] }];
const WRITE_SECURITY: SecurityRequirement[] = [
  { sessionCookie: [], csrfToken: [] },
  { bearerToken: ['read-write'] },
];

/**
 * The security of a route that declares none: a session or any token for GET, a session with its
 * CSRF header or a `read-write` token for every other method (what `authenticate` enforces).
 */
export function defaultSecurity(method: string): SecurityRequirement[] {
  return ['get', 'head', 'options'].includes(method.toLowerCase()) ? READ_SECURITY : WRITE_SECURITY;
}
