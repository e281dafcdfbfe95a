/**
 * A save re-checks the entry budget (SPEC Y5, P3) with 2,001 entries: seconds of folder writes, so
 * in the full tier; save-skill-package.test.ts keeps the other budget and save cases in the fast one.
 */
import { describe, expect, it } from 'vitest';
import type { SkillEdit } from '../../src/content/index.js';
import {
  codeOf,
  leftoverStaging,
  publishedSkill,
  saveOnTable,
  useDataFolders,
  useTempFolders,
  visiblePackages,
} from './content-fixtures.js';

const newData = useDataFolders();
const newTemp = useTempFolders();

function sharedSkill(files: Record<string, string> = { 'references/guide.md': 'Read me.\n' }) {
  return publishedSkill(newData, newTemp, files);
}

const save = saveOnTable;

describe('saveSkillPackage entry budget', () => {
  it('Y5 P3 re-checks the size budget on every save: 2001 entries are refused and nothing is written', async () => {
    const context = await sharedSkill({});
    const edits: SkillEdit[] = Array.from({ length: 2001 }, (_, index) => ({
      type: 'mkdir',
      path: `d${index}`,
    }));
    expect(await codeOf(save(context, edits))).toBe('too_many_entries');
    expect(visiblePackages(context.layout)).toEqual([context.base.slice(7)]);
    expect(leftoverStaging(context.layout)).toEqual([]);
  });
});
