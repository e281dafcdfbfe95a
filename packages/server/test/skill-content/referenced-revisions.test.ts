import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundSkillVersions, skills } from '../../src/db/schema.js';
import type { Database } from '../../src/index.js';
import { referencedRevisions } from '../../src/skill-content/referenced-revisions.js';
import { TEST_BACKENDS } from '../support/test-databases.js';

const revision = (digit: string) => `sha256:${digit.repeat(64)}`;

describe.each(TEST_BACKENDS)('referenced revisions on $name', (backend) => {
  let database: Database;

  beforeAll(async () => {
    database = await backend.openMigrated();
    await database.db.insert(skills).values([
      { id: 'shared-a', kind: 'shared', name: 'a', description: 'a', contentRef: revision('a') },
      { id: 'bound-b', kind: 'agent-bound', name: 'b', description: 'b', contentRef: revision('b') },
      // A builtin's content lives in the builtin folder, never in the package store.
      { id: 'builtin-c', kind: 'builtin', name: 'c', description: 'c', contentRef: revision('c') },
      { id: 'shared-none', kind: 'shared', name: 'n', description: 'n' },
    ]);
    await database.db.insert(boundSkillVersions).values([
      { skillId: 'bound-b', name: 'v1', revision: revision('d') },
      { skillId: 'bound-b', name: 'v2', revision: revision('d') },
    ]);
  }, 180_000);
  afterAll(() => database?.close());

  it.skipIf(backend.skip)(
    'Y2 every referenced revision: shared and bound skills, and released versions',
    async () => {
      expect([...(await referencedRevisions(database.db)())].sort()).toEqual([
        revision('a'),
        revision('b'),
        revision('d'),
      ]);
    },
  );

  it.skipIf(backend.skip)('Y2 given candidates, only those of them that are referenced', async () => {
    const check = referencedRevisions(database.db);
    expect([...(await check([revision('a'), revision('c'), revision('e')]))]).toEqual([revision('a')]);
    expect([...(await check([revision('d')]))]).toEqual([revision('d')]);
    expect([...(await check([revision('b'), revision('d')]))].sort()).toEqual([revision('b'), revision('d')]);
    expect((await check([])).size).toBe(0);
    // A hostile candidate is a value, never SQL.
    expect((await check(["x' or '1'='1"])).size).toBe(0);
  });
});
