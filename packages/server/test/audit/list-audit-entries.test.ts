/**
 * SPEC Y14: `listAuditEntries` lists the audit log newest first, every given filter narrowing it
 * (actor, action, target, time range), `before` paging by id and `limit` capping the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditFilter, listAuditEntries } from '../../src/audit/list-audit-entries.js';
import { auditLog } from '../../src/db/schema.js';
import type { Database } from '../../src/index.js';
import { TEST_BACKENDS } from '../support/test-databases.js';

const at = (day: number) => new Date(Date.UTC(2026, 0, day));

describe.each(TEST_BACKENDS)('listing the audit log on $name', (backend) => {
  let database: Database;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    database = await backend.openMigrated();
    // Inserted in id order: e1 is the oldest entry.
    const entry = (name: string, actorId: string, action: string, targetId: string, day: number) => ({
      at: at(day),
      actorId,
      actorName: actorId,
      action,
      targetType: action.split('.')[0]!,
      targetId,
      details: { name },
    });
    for (const values of [
      entry('e1', 'alice', 'user.created', 'u1', 1),
      entry('e2', 'bob', 'user.updated', 'u1', 2),
      entry('e3', 'alice', 'agent.created', 'a1', 3),
      entry('e4', 'alice', 'user.updated', 'u2', 4),
    ])
      await database.db.insert(auditLog).values(values);
  }, 180_000);
  afterAll(() => database?.close());

  const names = async (filter: Partial<AuditFilter>) =>
    (await listAuditEntries(database.db, { limit: 100, ...filter })).map((row) => row.details.name);

  it.skipIf(backend.skip)(
    'Y14 every filter narrows the newest-first list; together they all apply',
    async () => {
      expect(await names({})).toEqual(['e4', 'e3', 'e2', 'e1']);
      expect(await names({ actorId: 'alice' })).toEqual(['e4', 'e3', 'e1']);
      expect(await names({ action: 'user.updated' })).toEqual(['e4', 'e2']);
      expect(await names({ targetType: 'agent' })).toEqual(['e3']);
      expect(await names({ targetId: 'u1' })).toEqual(['e2', 'e1']);
      expect(await names({ since: at(2), until: at(3) })).toEqual(['e3', 'e2']);
      expect(await names({ actorId: 'alice', action: 'user.updated', targetId: 'u1' })).toEqual([]);
    },
  );

  it.skipIf(backend.skip)(
    'Y14 a page holds at most limit entries, and before pages on from the last id',
    async () => {
      const first = await listAuditEntries(database.db, { limit: 3 });
      expect(first.map((row) => row.details.name)).toEqual(['e4', 'e3', 'e2']);
      expect(await names({ limit: 3, before: first.at(-1)!.id })).toEqual(['e1']);
    },
  );
});
