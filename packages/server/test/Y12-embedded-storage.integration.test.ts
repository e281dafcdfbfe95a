/**
 * SPEC Y12 on disk: the embedded PGlite keeps its data in the data folder across restarts. Full
 * tier: each start is a real PGlite initdb and migration run in a folder (seconds of CPU), which
 * the fast tier's in-memory databases leave out.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, schema, silentLogger } from '../src/index.js';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('Y12 embedded storage', () => {
  it('Y12 PGlite keeps its data in the data folder across restarts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'skilldock-y12-'));
    folders.push(dataDir);
    const options = { dataDir, builtinDir: '/nonexistent-builtin-folder', logger: silentLogger } as const;
    const first = await createServer({
      ...options,
      database: { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    });
    expect(first.startup.superadmin).toMatchObject({ created: true, generatedPassword: expect.any(String) });
    // With no cost given, the stored hash has the production cost N = 2^15, r = 8, p = 1.
    const [admin] = await first.database.db.select().from(schema.users);
    expect(admin!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    await first.stop();
    const second = await createServer({
      ...options,
      database: { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    });
    try {
      expect(second.startup.superadmin).toEqual({ created: false });
      expect(second.startup.migrations.applied).toEqual([]);
    } finally {
      await second.stop();
    }
  }, 180_000);
});
