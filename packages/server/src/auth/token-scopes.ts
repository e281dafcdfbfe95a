import type { Role } from './roles.js';

/**
 * What an API token may do, one area and one verb per scope (issue 24): reading skills never
 * reads conversations. `admin:*` covers `/api/admin/…`, and only tokens of admins may hold it.
 * A scope never widens what the token's owner may do: the role and the sharing policy still decide.
 */
export const TOKEN_SCOPES = [
  'skills:read',
  'skills:write',
  'agents:read',
  'agents:write',
  'conversations:read',
  'conversations:write',
  'admin:read',
  'admin:write',
] as const;

/** One API token scope (see {@link TOKEN_SCOPES}). */
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The access of tokens issued before scopes (`read`, `read-write`), still accepted when issuing one. */
export type TokenAccess = 'read' | 'read-write';

const READ_SCOPES = TOKEN_SCOPES.filter((scope) => scope.endsWith(':read'));

/**
 * The scopes an old access level stands for: `read` reads everything its owner may read and
 * `read-write` does everything — exactly what those tokens could do before scopes
 * (migration `0012_token_scopes` gives existing tokens these sets).
 */
export const ACCESS_SCOPES: Readonly<Record<TokenAccess, readonly TokenScope[]>> = {
  read: READ_SCOPES,
  'read-write': TOKEN_SCOPES,
};

/** Whether `value` is a scope this server knows. */
export function isTokenScope(value: string): value is TokenScope {
  return (TOKEN_SCOPES as readonly string[]).includes(value);
}

/** The scopes an account of `role` may put on a token: `admin:*` only for admins. */
export function scopesForRole(role: Role): readonly TokenScope[] {
  return role === 'user' ? TOKEN_SCOPES.filter((scope) => !scope.startsWith('admin:')) : TOKEN_SCOPES;
}

/** `scopes` without repeats, in {@link TOKEN_SCOPES} order (how they are stored and shown). */
export function normalizeScopes(scopes: Iterable<TokenScope>): TokenScope[] {
  const wanted = new Set(scopes);
  return TOKEN_SCOPES.filter((scope) => wanted.has(scope));
}
