import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Database, runMigrations, schema, silentLogger } from '../src/index.js';
import { syncBuiltinSkills } from '../src/testing.js';
import { TEST_BACKENDS } from './support/test-databases.js';

async function writeSkill(root: string, folder: string, frontmatter: string, body = 'Do the thing.\n') {
  await mkdir(path.join(root, folder), { recursive: true });
  await writeFile(path.join(root, folder, 'SKILL.md'), `---\n${frontmatter}\n---\n${body}`);
}

describe.each(TEST_BACKENDS)('Y10 builtin sync on $name', (backend) => {
  let database: Database;
  let root: string;
  let folder: string;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    database = await backend.openMigrated();
    expect(await runMigrations(database)).toEqual({ applied: [] });
    root = await mkdtemp(path.join(tmpdir(), 'skilldock-y10-'));
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await database.close();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    if (backend.skip !== undefined) return;
    folder = await mkdtemp(path.join(root, 'builtin-'));
    await database.db.delete(schema.skills);
    await database.db.delete(schema.systemEvents);
  });

  const builtinRows = async () =>
    (await database.db.select().from(schema.skills).where(eq(schema.skills.kind, 'builtin'))).sort((a, b) =>
      a.id.localeCompare(b.id),
    );

  it.skipIf(backend.skip)(
    'Y10 syncs subfolders sorted by name, ignoring _ and . folders, version defaulting to 1.0.0',
    async () => {
      await writeSkill(folder, 'zeta', 'name: zeta\ndescription: Last one.\nversion: "2.1.0"');
      await writeSkill(folder, 'alpha', 'name: alpha\ndescription: First one.\ntool_dependencies: [shell]');
      await writeSkill(folder, '_draft', 'name: _draft\ndescription: Ignored.');
      await writeSkill(folder, '.hidden', 'name: hidden\ndescription: Ignored.');
      await writeFile(path.join(folder, 'README.md'), 'not a skill');
      const result = await syncBuiltinSkills(database, folder);
      expect(result).toEqual({
        skills: ['alpha', 'zeta'],
        added: ['alpha', 'zeta'],
        updated: [],
        removed: [],
      });
      const rows = await builtinRows();
      expect(rows.map((row) => [row.id, row.version, row.enabled, row.readScope])).toEqual([
        ['alpha', '1.0.0', true, 'global'],
        ['zeta', '2.1.0', true, 'global'],
      ]);
      expect(rows[0]!.toolDependencies).toEqual(['shell']);
      expect(rows[0]!.contentHash).toMatch(/^[0-9a-f]{64}$|^sha256/);
    },
  );

  it.skipIf(backend.skip)(
    'Y10 preserves the enable state across syncs and records only syncs that change something',
    async () => {
      await writeSkill(folder, 'keeper', 'name: keeper\ndescription: Version one.');
      await writeSkill(folder, 'leaver', 'name: leaver\ndescription: Goes away.');
      await syncBuiltinSkills(database, folder);
      await database.db.update(schema.skills).set({ enabled: false }).where(eq(schema.skills.id, 'keeper'));
      expect(await syncBuiltinSkills(database, folder)).toMatchObject({
        added: [],
        updated: [],
        removed: [],
      });
      await writeSkill(folder, 'keeper', 'name: keeper\ndescription: Version two.');
      await rm(path.join(folder, 'leaver'), { recursive: true });
      expect(await syncBuiltinSkills(database, folder)).toMatchObject({
        updated: ['keeper'],
        removed: ['leaver'],
      });
      const rows = await builtinRows();
      expect(rows.map((row) => [row.id, row.description, row.enabled])).toEqual([
        ['keeper', 'Version two.', false],
      ]);
      const events = await database.db
        .select()
        .from(schema.systemEvents)
        .where(eq(schema.systemEvents.kind, 'builtin_sync'));
      expect(events).toHaveLength(2);
    },
  );

  it.skipIf(backend.skip)(
    'Y10 a folder whose name is not the id fails with its reason and writes nothing',
    async () => {
      await writeSkill(folder, 'good', 'name: good\ndescription: Fine.');
      await writeSkill(folder, 'misnamed', 'name: other-name\ndescription: Folder and id differ.');
      await expect(syncBuiltinSkills(database, folder)).rejects.toMatchObject({
        code: 'builtin_invalid',
        message: expect.stringMatching(/"misnamed".*folder name must equal the id/),
      });
      expect(await builtinRows()).toEqual([]);
    },
  );

  it.skipIf(backend.skip)('Y10 an invalid builtin fails start-up with its reason', async () => {
    await writeSkill(folder, 'broken', 'name: broken\ndescription: [unclosed');
    await expect(
      createServer({
        database,
        dataDir: path.join(root, 'data'),
        builtinDir: folder,
        logger: silentLogger,
        adminPassword: 'x'.repeat(12),
      }),
    ).rejects.toMatchObject({ code: 'builtin_invalid', message: expect.stringContaining('"broken"') });
    await mkdir(path.join(folder, 'empty'));
    await rm(path.join(folder, 'broken'), { recursive: true });
    await expect(syncBuiltinSkills(database, folder)).rejects.toMatchObject({
      code: 'builtin_invalid',
      message: expect.stringContaining('"empty"'),
    });
  });

  it.skipIf(backend.skip)('Y10 a builtin may not take the reserved shape of a bound skill id', async () => {
    await writeSkill(folder, 'self-0a1b2c3d', 'name: self-0a1b2c3d\ndescription: Looks bound.');
    await expect(syncBuiltinSkills(database, folder)).rejects.toMatchObject({
      code: 'builtin_invalid',
      message: expect.stringMatching(/"self-0a1b2c3d".*reserved for agent-bound skills/),
    });
    expect(await builtinRows()).toEqual([]);
  });

  it.skipIf(backend.skip)('Y15 a builtin that is a symbolic link is refused', async () => {
    const elsewhere = await mkdtemp(path.join(root, 'elsewhere-'));
    await writeSkill(elsewhere, 'linked', 'name: linked\ndescription: Outside.');
    await symlink(path.join(elsewhere, 'linked'), path.join(folder, 'linked'));
    await expect(syncBuiltinSkills(database, folder)).rejects.toMatchObject({
      message: expect.stringContaining('symbolic link'),
    });
  });

  it.skipIf(backend.skip)('Y10 a builtin may not take the id of a shared skill', async () => {
    await database.db
      .insert(schema.skills)
      .values({ id: 'taken', kind: 'shared', name: 'taken', description: 'Shared.' });
    await writeSkill(folder, 'taken', 'name: taken\ndescription: Builtin.');
    await expect(syncBuiltinSkills(database, folder)).rejects.toMatchObject({ code: 'builtin_invalid' });
    expect((await database.db.select().from(schema.skills))[0]!.kind).toBe('shared');
  });

  it.skipIf(backend.skip)(
    'Y10 concurrent syncs run one after another under the advisory lock: one records a change',
    async () => {
      await writeSkill(folder, 'once', 'name: once\ndescription: Synced once.');
      const results = await Promise.all([
        syncBuiltinSkills(database, folder),
        syncBuiltinSkills(database, folder),
        syncBuiltinSkills(database, folder),
      ]);
      expect(results.map((result) => result.added.length).sort()).toEqual([0, 0, 1]);
      const events = await database.db
        .select()
        .from(schema.systemEvents)
        .where(eq(schema.systemEvents.kind, 'builtin_sync'));
      expect(events).toHaveLength(1);
    },
  );
});
