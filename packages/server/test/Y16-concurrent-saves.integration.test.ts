/**
 * Issue 12 §2 (SPEC Y5, Y16): 50 saves of one shared skill from the same base revision, split across
 * two servers sharing one PostgreSQL database and one data folder, all at once → exactly one 200 and
 * 49 × 409 `revision_conflict`; only the winner's package remains, and the row, the audit log and
 * the store agree on it. The coordination is the database's compare-and-swap and the data folder's
 * file locks — nothing in either process's memory.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLayout, packageDirectory } from '../src/content/index.js';
import { createServer, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import {
  addPerson,
  auditEntries,
  publishSharedSkill,
  storedPackages,
} from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { createThrowawayPostgres, POSTGRES_AVAILABLE } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';

describe.skipIf(!POSTGRES_AVAILABLE)('§2 concurrent saves across two servers on one PostgreSQL', () => {
  const servers: SkilldockServer[] = [];
  let throwaway: Awaited<ReturnType<typeof createThrowawayPostgres>>;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;

  beforeAll(async () => {
    throwaway = await createThrowawayPostgres();
    folder = await temporaryFolder('y16-saves');
    for (let n = 0; n < 2; n++)
      servers.push(
        await createServer({
          passwordHashCost: TEST_PASSWORD_HASH_COST,
          database: { kind: 'postgres', url: throwaway.url },
          dataDir: path.join(folder.path, 'data'),
          builtinDir: '/nonexistent-builtin-folder',
          adminPassword: 'concurrent-admin-password',
          logger: silentLogger,
        }),
      );
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await throwaway?.drop();
    await folder?.remove();
  });

  it("§2 50 saves with the same base revision: exactly one wins, 49 get 409, only the winner's package remains beside the base (the history's baseline)", async () => {
    const [first, second] = servers as [SkilldockServer, SkilldockServer];
    const manager = await addPerson(first, 'manager', 'admin');
    const base = await publishSharedSkill(first, 'race', {
      ownerId: manager.id,
      files: { 'notes.md': 'base\n' },
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, n) => {
        const response = await (n % 2 === 0 ? first : second).app.request('/api/skills/race/save', {
          method: 'POST',
          headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            baseRevision: base,
            edits: [{ type: 'write', path: 'notes.md', content: `save ${n}\n` }],
          }),
        });
        return {
          n,
          status: response.status,
          body: (await response.json()) as { revision: string; error: { code: string } },
        };
      }),
    );
    const won = answers.filter((answer) => answer.status === 200);
    const lost = answers.filter((answer) => answer.status === 409);
    expect({ won: won.length, lost: lost.length }).toEqual({ won: 1, lost: 49 });
    expect(new Set(lost.map((answer) => answer.body.error.code))).toEqual(new Set(['revision_conflict']));
    const winner = won[0]!;
    const [row] = await second.database.db.select().from(schema.skills).where(eq(schema.skills.id, 'race'));
    expect(row!.contentRef).toBe(winner.body.revision);
    const layout = contentLayout(first.dataDir);
    expect(await storedPackages(first)).toEqual(
      [winner.body.revision, base].map((revision) => revision.slice('sha256:'.length)).sort(),
    );
    const history = await second.database.db
      .select({ revision: schema.skillRevisions.revision, action: schema.skillRevisions.action })
      .from(schema.skillRevisions)
      .where(eq(schema.skillRevisions.skillId, 'race'))
      .orderBy(schema.skillRevisions.id);
    expect(history).toEqual([
      { revision: base, action: 'baseline' },
      { revision: winner.body.revision, action: 'saved' },
    ]);
    expect(
      await readFile(path.join(await packageDirectory(layout, winner.body.revision), 'notes.md'), 'utf8'),
    ).toBe(`save ${winner.n}\n`);
    expect((await auditEntries(first, 'race')).map((entry) => entry.action)).toEqual(['skill.saved']);
    // No lease, lock holder or work folder is left behind by the 49 that lost.
    expect(await readdir(path.join(layout.packagesDirectory, '.leases')).catch(() => [])).toEqual([]);
    expect(await readdir(layout.stagingDirectory).catch(() => [])).toEqual([]);
  }, 120_000);
});
