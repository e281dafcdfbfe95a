import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { apiTokens } from '../db/schema.js';
import { loadViewer } from './load-viewer.js';
import type { Principal } from './principal.js';
import { hashSecret, randomSecret } from './random-secret.js';

/** Every API token starts with this, so a leaked one is recognisable (and scanners can find it). */
export const API_TOKEN_PREFIX = 'skd_';

/** What an API token may do: `read` answers only GET/HEAD, `read-write` everything a session may. */
export type TokenAccess = 'read' | 'read-write';

/**
 * Issues an API token for `userId`. The token itself is returned once and never stored: the
 * database keeps its SHA-256.
 */
export async function createApiToken(
  db: SkilldockDatabase,
  input: { readonly userId: string; readonly name: string; readonly access: TokenAccess },
): Promise<{ readonly id: string; readonly token: string }> {
  const id = randomUUID();
  const token = randomSecret(API_TOKEN_PREFIX);
  await db.insert(apiTokens).values({
    id,
    userId: input.userId,
    name: input.name,
    access: input.access,
    tokenHash: hashSecret(token),
  });
  return { id, token };
}

/** The principal of a bearer token, or null when it is unknown, revoked or its account is disabled. */
export async function resolveApiToken(db: SkilldockDatabase, token: string): Promise<Principal | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const [row] = await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiTokens.tokenHash, hashSecret(token)), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id, userId: apiTokens.userId, access: apiTokens.access });
  if (row === undefined) return null;
  const viewer = await loadViewer(db, row.userId);
  return viewer === null ? null : { via: 'token', viewer, tokenId: row.id, access: row.access };
}
