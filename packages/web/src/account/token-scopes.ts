import type { components } from '../api/generated/openapi';

/** An API token as listed, and one of its scopes (issue 24). */
export type ApiToken = components['schemas']['ApiToken'];
export type TokenScope = components['schemas']['TokenScope'];

/** The scopes by area, in the server's order; `admin` only for admins. */
export const SCOPE_AREAS = [
  { area: 'skills', scopes: ['skills:read', 'skills:write'] },
  { area: 'agents', scopes: ['agents:read', 'agents:write'] },
  { area: 'conversations', scopes: ['conversations:read', 'conversations:write'] },
  { area: 'admin', scopes: ['admin:read', 'admin:write'] },
] as const satisfies readonly { area: string; scopes: readonly TokenScope[] }[];

/** The i18n key of a scope's label (i18next reads `:` as a namespace separator, so it is not in keys). */
export function scopeLabelKey(scope: TokenScope) {
  return `tokens.scope.${scope.replace(':', '_') as `${(typeof SCOPE_AREAS)[number]['area']}_${'read' | 'write'}`}` as const;
}

/** Where a token stands now: usable, revoked, or past its expiry. */
export function tokenStatus(token: ApiToken, now = Date.now()): 'active' | 'revoked' | 'expired' {
  if (token.revokedAt !== null) return 'revoked';
  if (token.expiresAt !== null && Date.parse(token.expiresAt) <= now) return 'expired';
  return 'active';
}
