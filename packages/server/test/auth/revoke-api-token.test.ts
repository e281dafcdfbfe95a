/**
 * SPEC Y1, Y14: `revokeApiToken` revokes an active token with its audit entry in one transaction;
 * `ownedBy` keeps an owner to its own tokens and `checkOwner` refuses inside the transaction.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken } from '../../src/auth/api-tokens.js';
import type { Viewer } from '../../src/auth/principal.js';
import { revokeApiToken } from '../../src/auth/revoke-api-token.js';
import { apiTokens, auditLog, users } from '../../src/db/schema.js';
import { HttpError } from '../../src/http/http-error.js';
import type { Database } from '../../src/index.js';
import { TEST_BACKENDS } from '../support/test-databases.js';

const alice: Viewer = { id: 'u-alice', username: 'alice', role: 'user', departmentIds: [] };
const adam: Viewer = { id: 'u-adam', username: 'adam', role: 'admin', departmentIds: [] };

describe.each(TEST_BACKENDS)('revoking API tokens on $name', (backend) => {
  let database: Database;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    database = await backend.openMigrated();
    await database.db.insert(users).values(
      [alice, adam].map((viewer) => ({
        id: viewer.id,
        username: viewer.username,
        displayName: viewer.username,
        role: viewer.role,
        passwordHash: 'x',
      })),
    );
  }, 180_000);
  afterAll(() => database?.close());

  const issue = async (userId: string, name: string) =>
    (await createApiToken(database.db, { userId, name, scopes: ['skills:read'] })).id;
  const revokedAt = async (id: string) =>
    (await database.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]?.revokedAt ?? null;
  const auditedRevokes = async (id: string) =>
    (await database.db.select().from(auditLog).where(eq(auditLog.targetId, id))).map((entry) => ({
      action: entry.action,
      actorName: entry.actorName,
      details: entry.details,
      requestId: entry.requestId,
    }));

  it.skipIf(backend.skip)(
    'Y1 an owner revokes its own token once, audited; another account’s token is as unknown as a missing one',
    async () => {
      const mine = await issue(alice.id, 'ci');
      const adams = await issue(adam.id, 'deploy');
      const actor = { viewer: alice, requestId: 'r-1' };
      expect(await revokeApiToken(database.db, actor, adams, { ownedBy: alice.id })).toBe(false);
      expect(await revokedAt(adams)).toBeNull();
      expect(await revokeApiToken(database.db, actor, 'no-such-token', { ownedBy: alice.id })).toBe(false);
      expect(await revokeApiToken(database.db, actor, mine, { ownedBy: alice.id })).toBe(true);
      expect(await revokedAt(mine)).toBeInstanceOf(Date);
      // Already revoked: nothing more to revoke, and no second entry.
      expect(await revokeApiToken(database.db, actor, mine, { ownedBy: alice.id })).toBe(false);
      expect(await auditedRevokes(mine)).toEqual([
        {
          action: 'token.revoked',
          actorName: 'alice',
          details: { userId: alice.id, name: 'ci' },
          requestId: 'r-1',
        },
      ]);
      expect(await auditedRevokes(adams)).toEqual([]);
    },
  );

  it.skipIf(backend.skip)(
    'Y1 checkOwner sees the token’s owner in the transaction: a refusal revokes nothing, an unknown token is not checked',
    async () => {
      const adams = await issue(adam.id, 'other');
      const seen: { id: string; role: string }[] = [];
      const refuse = (owner: { id: string; role: string }) => {
        seen.push({ id: owner.id, role: owner.role });
        throw new HttpError(403, 'forbidden', 'not yours');
      };
      const actor = { viewer: adam, requestId: 'r-2' };
      await expect(revokeApiToken(database.db, actor, adams, { checkOwner: refuse })).rejects.toMatchObject({
        status: 403,
        code: 'forbidden',
      });
      expect(seen).toEqual([{ id: adam.id, role: 'admin' }]);
      expect(await revokedAt(adams)).toBeNull();
      expect(await revokeApiToken(database.db, actor, 'no-such-token', { checkOwner: refuse })).toBe(false);
      expect(seen).toHaveLength(1);
      expect(await revokeApiToken(database.db, actor, adams, { checkOwner: () => {} })).toBe(true);
      expect(await revokedAt(adams)).toBeInstanceOf(Date);
    },
  );
});
