import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { sessions, users } from '../db/schema.js';
import { accessGenerationColumn, toViewer, viewerColumns } from './load-viewer.js';
import type { Principal } from './principal.js';
import type { CachedPrincipal, PrincipalCache } from './principal-cache.js';
import { hashSecret, randomSecret } from './random-secret.js';

/** How long a login session lasts (7 days). */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** A new session: the cookie value (shown to the browser only) and the CSRF token the page echoes. */
export interface CreatedSession {
  readonly secret: string;
  readonly csrfToken: string;
  readonly expiresAt: Date;
}

/**
 * Starts a session for `userId` in the database (so every process sees it, SPEC Y16); stores only
 * the SHA-256 of the cookie secret. Expired sessions are swept on the way.
 */
export async function createSession(db: SkilldockDatabase, userId: string): Promise<CreatedSession> {
  const secret = randomSecret();
  const csrfToken = randomSecret();
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  await db.insert(sessions).values({ idHash: hashSecret(secret), userId, csrfToken, expiresAt });
  return { secret, csrfToken, expiresAt };
}

/**
 * The session lookup (the session, its account and the account's departments in one round trip),
 * prepared once per database handle: it runs on every request with a cookie (see the token lookup).
 */
const sessionLookups = new WeakMap<SkilldockDatabase, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: SkilldockDatabase) {
  return db
    .select({
      ...viewerColumns,
      accessGeneration: accessGenerationColumn,
      csrfToken: sessions.csrfToken,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.disabled, false),
      ),
    )
    .prepare('skilldock_resolve_session');
}

/** The session whose secret hashes to `idHash`, as a cache entry (held until it expires), or null. */
async function lookupSession(db: SkilldockDatabase, idHash: string): Promise<CachedPrincipal | null> {
  let lookup = sessionLookups.get(db);
  if (lookup === undefined) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ idHash, now: new Date() });
  if (row === undefined) return null;
  return {
    principal: {
      via: 'session',
      accessGeneration: row.accessGeneration,
      viewer: toViewer(row),
      sessionIdHash: idHash,
      csrfToken: row.csrfToken,
    },
    expiresAt: row.expiresAt.getTime(),
  };
}

/**
 * The principal of a session cookie, or null when it is unknown, expired or its account is
 * disabled; through `cache` when given (see {@link PrincipalCache}).
 */
export async function resolveSession(
  db: SkilldockDatabase,
  secret: string,
  cache?: PrincipalCache,
): Promise<Principal | null> {
  const idHash = hashSecret(secret);
  const found =
    cache === undefined
      ? await lookupSession(db, idHash)
      : await cache.resolve(`session:${idHash}`, () => lookupSession(db, idHash));
  return found?.principal ?? null;
}

/** Ends one session (logout). */
export async function deleteSession(db: SkilldockDatabase, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of a user but `keepIdHash` (after a password change or when an admin disables it). */
export async function deleteUserSessions(
  db: SkilldockDatabase,
  userId: string,
  keepIdHash?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepIdHash === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)),
    );
}
