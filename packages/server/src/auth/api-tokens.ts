import { randomUUID } from 'node:crypto';
import { UserInputError } from '@skilldock/core/errors';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { apiTokens, users } from '../db/schema.js';
import { accessGenerationColumn, toViewer, viewerColumns } from './load-viewer.js';
import type { Principal } from './principal.js';
import type { CachedPrincipal, PrincipalCache } from './principal-cache.js';
import { hashSecret, randomSecret } from './random-secret.js';
import {
  ACCESS_SCOPES,
  isTokenScope,
  normalizeScopes,
  type TokenAccess,
  type TokenScope,
} from './token-scopes.js';

/** Every API token starts with this, so a leaked one is recognisable (and scanners can find it). */
export const API_TOKEN_PREFIX = 'skd_';

/** What to issue: scopes (or an old access level standing for its scopes), and when it expires. */
export type NewApiToken = {
  readonly userId: string;
  readonly name: string;
  /** When the token stops working (default: never, until revoked). */
  readonly expiresAt?: Date | null;
} & ({ readonly scopes: readonly TokenScope[] } | { readonly access: TokenAccess });

/**
 * Issues an API token for `userId` with its scopes (`access` stands for {@link ACCESS_SCOPES}).
 * The token itself is returned once and never stored: the database keeps its SHA-256. Callers
 * check that the owner may hold the scopes (`scopesForRole`).
 * @example await createApiToken(db, { userId, name: 'ci', scopes: ['skills:read'] });
 */
export async function createApiToken(
  db: SkilldockDatabase,
  input: NewApiToken,
): Promise<{ readonly id: string; readonly token: string }> {
  const scopes = normalizeScopes('scopes' in input ? input.scopes : ACCESS_SCOPES[input.access]);
  if (scopes.length === 0)
    throw new UserInputError('invalid_request', 'An API token needs at least one scope');
  const id = randomUUID();
  const token = randomSecret(API_TOKEN_PREFIX);
  await db.insert(apiTokens).values({
    id,
    userId: input.userId,
    name: input.name,
    scopes,
    expiresAt: input.expiresAt ?? null,
    tokenHash: hashSecret(token),
  });
  return { id, token };
}

/**
 * How stale `last_used_at` may get: a token's use is written at most once a minute, so a read
 * request with a token costs one query and no write (a write per request would serialise every
 * client of one token on its row and pay a commit each time).
 */
export const TOKEN_LAST_USED_PRECISION_MS = 60_000;

/**
 * The token lookup, prepared once per database handle: it runs on every request that carries a
 * token, so its SQL is built once (not by the query builder each time) and, on PostgreSQL, parsed
 * and planned once per connection (a named statement).
 */
const tokenLookups = new WeakMap<SkilldockDatabase, ReturnType<typeof prepareTokenLookup>>();

function prepareTokenLookup(db: SkilldockDatabase) {
  return db
    .select({
      ...viewerColumns,
      accessGeneration: accessGenerationColumn,
      tokenId: apiTokens.id,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(apiTokens.revokedAt),
        eq(users.disabled, false),
      ),
    )
    .prepare('skilldock_resolve_api_token');
}

/**
 * The token whose secret hashes to `tokenHash`, as a cache entry, or null (unknown, revoked,
 * account disabled). Expiry is checked on every use, not here: a cached entry outlives it.
 */
async function lookupApiToken(db: SkilldockDatabase, tokenHash: string): Promise<CachedPrincipal | null> {
  let lookup = tokenLookups.get(db);
  if (lookup === undefined) {
    lookup = prepareTokenLookup(db);
    tokenLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash });
  if (row === undefined) return null;
  return {
    principal: {
      via: 'token',
      accessGeneration: row.accessGeneration,
      viewer: toViewer(row),
      tokenId: row.tokenId,
      scopes: row.scopes.filter(isTokenScope),
      expiresAt: row.expiresAt,
    },
    lastUsedAt: row.lastUsedAt,
  };
}

/**
 * The principal of a bearer token, or null when it is unknown, revoked, expired or its account is disabled;
 * through `cache` when given (see {@link PrincipalCache}). Records the token's use, at most once a
 * minute ({@link TOKEN_LAST_USED_PRECISION_MS}).
 */
export async function resolveApiToken(
  db: SkilldockDatabase,
  token: string,
  cache?: PrincipalCache,
): Promise<Principal | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const tokenHash = hashSecret(token);
  const found =
    cache === undefined
      ? await lookupApiToken(db, tokenHash)
      : await cache.resolve(`token:${tokenHash}`, () => lookupApiToken(db, tokenHash));
  if (found === null || found.principal.via !== 'token') return null;
  const now = new Date();
  if (found.principal.expiresAt !== null && found.principal.expiresAt <= now) return null;
  const staleBefore = new Date(now.getTime() - TOKEN_LAST_USED_PRECISION_MS);
  if (found.lastUsedAt == null || found.lastUsedAt < staleBefore) {
    // Conditional, so processes racing on the same token write it once.
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.id, found.principal.tokenId),
          or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore)),
        ),
      );
    found.lastUsedAt = now;
  }
  return found.principal;
}
