import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { sessions, users } from '../db/schema.js';
import { accessGenerationColumn, toViewer, viewerColumns } from './load-viewer.js';
import type { Principal } from './principal.js';
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

/** The principal of a session cookie, or null when it is unknown, expired or its account is disabled. */
export async function resolveSession(db: SkilldockDatabase, secret: string): Promise<Principal | null> {
  const idHash = hashSecret(secret);
  // One round trip: the session, its account and the account's departments.
  const [row] = await db
    .select({ ...viewerColumns, accessGeneration: accessGenerationColumn, csrfToken: sessions.csrfToken })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date()), eq(users.disabled, false)));
  if (row === undefined) return null;
  return {
    via: 'session',
    accessGeneration: row.accessGeneration,
    viewer: toViewer(row),
    sessionIdHash: idHash,
    csrfToken: row.csrfToken,
  };
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
