import { mkdtemp, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarizeValidation, validateSkillFolders } from '../../src/format/index.js';
import { writeSkill } from '../discover/skill-tree.js';

describe('validateSkillFolders', () => {
  it('S3 validates a batch, adds no_skills_found for an empty path, sorts by folder and sums it up', async () => {
    const base = await realpath(await mkdtemp(join(tmpdir(), 'skilldock-batch-')));
    const good = await writeSkill(join(base, 'b-good'));
    const warned = await writeSkill(join(base, 'a-warned'), { extra: 'colour: blue' });
    const bad = await writeSkill(join(base, 'c-bad'), { name: 'Not Valid' });
    const { results, summary } = await validateSkillFolders({
      folders: [good, bad, warned],
      empty: [{ directory: join(base, 'empty'), label: 'empty' }],
      profile: 'spec',
    });
    expect(results.map((result) => [result.directory, result.valid])).toEqual([
      [warned, true],
      [good, true],
      [bad, false],
      [join(base, 'empty'), false],
    ]);
    expect(results[3]?.diagnostics).toEqual([
      expect.objectContaining({ code: 'no_skills_found', message: expect.stringContaining('under empty') }),
    ]);
    expect(summary).toEqual({ total: 4, valid: 2, invalid: 2, warnings: results[0]!.diagnostics.length });
    expect(summary.warnings).toBeGreaterThan(0);
    expect(summarizeValidation([])).toEqual({ total: 0, valid: 0, invalid: 0, warnings: 0 });

    const strict = await validateSkillFolders({ folders: [warned], strict: true });
    expect(strict.summary).toMatchObject({ total: 1, invalid: 1 });
  });
});
