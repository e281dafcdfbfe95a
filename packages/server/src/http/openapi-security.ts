import { TOKEN_SCOPES } from '../auth/token-scopes.js';
import { CSRF_HEADER, SESSION_COOKIE } from './authenticate.js';
import type { RouteRequirement } from './route-scopes.js';

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
    // The header `authenticate` reads and the web app sends: core's one spelling.
    name: CSRF_HEADER,
    description:
      "The session's CSRF token (`csrfToken` in the login answer and in `GET /api/auth/me`), required on every cookie-authenticated write except logging in; a write from another Origin is refused either way (403 `csrf_failed`).",
  },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'skd_…',
    description: `An API token (\`POST /api/auth/tokens\`): \`Authorization: Bearer skd_…\`, no CSRF token needed. A token holds scopes (${TOKEN_SCOPES.map((scope) => `\`${scope}\``).join(', ')}); each operation lists the one it needs, and a token without it is refused with 403 \`token_scope_missing\` (\`token_read_only\` when the token holds no write scope at all). An operation listing no scope takes any token; one without \`bearerToken\` takes none (changing the password, issuing tokens). A scope never widens the owner's role: \`admin:*\` is for admins' tokens only. Tokens may expire (\`expiresAt\`); an expired or revoked token is 401.`,
  },
} as const;

/** A route anyone may call: health, logging in, a run file's link (its token is in the path). */
export const PUBLIC_OPERATION: SecurityRequirement[] = [];

/** A write only a login session may make, never an API token (changing the password, issuing tokens). */
export const SESSION_ONLY_WRITE: SecurityRequirement[] = [{ sessionCookie: [], csrfToken: [] }];

/** Discovery: anonymous callers see what the superadmin opened to them, signed-in callers what they may read. */
export const OPTIONAL_LOGIN: SecurityRequirement[] = [
  {},
  { sessionCookie: [] },
  { bearerToken: ['skills:read'] },
];

const isRead = (method: string) => ['get', 'head', 'options'].includes(method.toLowerCase());

/**
 * The security of a route that declares none, from its requirement in `ROUTE_REQUIREMENTS`: a
 * session (with its CSRF header for a write) or a token holding the route's scope — any token for
 * `account` routes, none for `session` ones (what `authenticate` enforces).
 */
export function securityFor(
  requirement: RouteRequirement | undefined,
  method: string,
): SecurityRequirement[] {
  if (requirement === 'public') return PUBLIC_OPERATION;
  const session: SecurityRequirement = isRead(method)
    ? { sessionCookie: [] }
    : { sessionCookie: [], csrfToken: [] };
  if (requirement === 'session' || requirement === undefined) return [session];
  return [session, { bearerToken: requirement === 'account' ? [] : [requirement] }];
}
