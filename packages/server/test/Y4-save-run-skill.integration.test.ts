/**
 * SPEC P3 for "Save as personal skill" (the fast file is Y4-save-run-skill.test.ts): a run folder
 * over the entry or the byte limit of an upload — 2,001 files, a 51 MB file — is refused before
 * anything is copied, and nothing is installed. On PGlite and PostgreSQL.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillMarkdown } from './install/install-fixtures.js';
import { type SaveRunSkillSetup, startSaveRunSkillServer } from './install/save-run-skill-fixtures.js';
import { TEST_BACKENDS } from './support/test-databases.js';

describe.each(TEST_BACKENDS)('P3 oversized run folders saved as a personal skill on $name', (backend) => {
  let fixture: SaveRunSkillSetup;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    fixture = await startSaveRunSkillServer(await backend.openMigrated());
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await fixture.setup.close();
  });

  it.skipIf(backend.skip)(
    'P3 a folder with too many files or too many bytes is refused before it is copied',
    async () => {
      const { alice, runWith, save, personalSkill } = fixture;
      const many: Record<string, string> = { 'many/SKILL.md': skillMarkdown('many') };
      for (let index = 0; index < 2001; index += 1) many[`many/files/${index}.txt`] = 'x';
      const run = await runWith(alice.id, many);
      const crowded = await save(alice.client, run.id, 'many');
      expect(crowded.status).toBe(422);
      expect(crowded.body.error.code).toBe('too_many_entries');
      expect(crowded.body.error.details).toMatchObject({ limit: 2000 });

      const big = await runWith(alice.id, {
        'big/SKILL.md': skillMarkdown('big'),
        'big/data.bin': Buffer.alloc(51 * 1024 * 1024, 1),
      });
      const oversized = await save(alice.client, big.id, 'big');
      expect(oversized.status).toBe(422);
      expect(oversized.body.error.code).toBe('archive_too_large_expanded');
      expect(existsSync(personalSkill(alice.id, 'many'))).toBe(false);
      expect(existsSync(personalSkill(alice.id, 'big'))).toBe(false);
    },
  );
});
