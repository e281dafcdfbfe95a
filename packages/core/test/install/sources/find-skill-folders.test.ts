import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findSkillFolders } from '../../../src/install/sources/find-skill-folders.js';
import {
  removeTemporaryDirectories,
  temporaryDirectory,
  writeFiles,
  writeSkill,
} from './install-fixtures.js';

afterAll(removeTemporaryDirectories);

const paths = async (root: string, options = {}) =>
  (await findSkillFolders(root, options)).candidates.map((candidate) => candidate.sourcePath);

describe('findSkillFolders', () => {
  it('P4 a root SKILL.md makes the root the only skill', async () => {
    const root = await temporaryDirectory();
    await writeSkill(root, { name: 'root-skill' });
    await writeSkill(path.join(root, 'skills', 'other'));
    expect(await paths(root)).toEqual(['']);
  });

  it('P4 finds skills in skills/, its groups, agent folders and direct sub-folders', async () => {
    const root = await temporaryDirectory();
    await writeSkill(path.join(root, 'skills', 'pdf'));
    await writeSkill(path.join(root, 'skills', 'office', 'docx'));
    await writeSkill(path.join(root, 'skills', '.curated', 'xlsx'));
    await writeSkill(path.join(root, '.claude', 'skills', 'review'));
    await writeSkill(path.join(root, '.qwen', 'skills', 'translate'));
    await writeSkill(path.join(root, '.cursor', 'skills', 'lint'));
    await writeSkill(path.join(root, 'top-level'));
    expect((await paths(root)).sort()).toEqual(
      [
        '.claude/skills/review',
        '.cursor/skills/lint',
        '.qwen/skills/translate',
        'skills/.curated/xlsx',
        'skills/office/docx',
        'skills/pdf',
        'top-level',
      ].sort(),
    );
  });

  it('P4 follows the skill paths of .claude-plugin/marketplace.json', async () => {
    const root = await temporaryDirectory();
    await writeSkill(path.join(root, 'plugins', 'docs', 'tools', 'summarize'));
    await writeSkill(path.join(root, 'plugins', 'docs', 'skills', 'outline'));
    await writeSkill(path.join(root, 'elsewhere', 'deep', 'deeper', 'ignored-by-priority'));
    await writeFiles(root, {
      '.claude-plugin/marketplace.json': JSON.stringify({
        plugins: [
          { name: 'docs', source: './plugins/docs', skills: ['./tools/summarize'] },
          { name: 'bad', source: '../outside', skills: ['./x'] },
        ],
      }),
    });
    expect((await paths(root)).sort()).toEqual([
      'plugins/docs/skills/outline',
      'plugins/docs/tools/summarize',
    ]);
  });

  it('P4 warns about a broken plugin manifest and still searches', async () => {
    const root = await temporaryDirectory();
    await writeSkill(path.join(root, 'skills', 'pdf'));
    await writeFiles(root, { '.claude-plugin/marketplace.json': '{ not json' });
    const found = await findSkillFolders(root);
    expect(found.candidates.map((candidate) => candidate.sourcePath)).toEqual(['skills/pdf']);
    expect(found.warnings).toEqual(['Ignored .claude-plugin/marketplace.json: not the expected JSON.']);
  });

  it('P4 falls back to a bounded recursive search that skips noise folders', async () => {
    const root = await temporaryDirectory();
    await writeSkill(path.join(root, 'a', 'b', 'c', 'deep-skill'));
    await writeSkill(path.join(root, 'node_modules', 'pkg', 'dep-skill'));
    await writeSkill(path.join(root, 'x1', 'x2', 'x3', 'x4', 'x5', 'x6', 'too-deep'));
    expect(await paths(root)).toEqual(['a/b/c/deep-skill']);
  });

  it('P4 stops the recursive search at the folder limit with a warning', async () => {
    const root = await temporaryDirectory();
    for (let index = 0; index < 6; index++)
      await mkdir(path.join(root, `folder-${index}`, 'inner'), { recursive: true });
    await writeSkill(path.join(root, 'z', 'inner', 'late'));
    const found = await findSkillFolders(root, { maxFolders: 4 });
    expect(found.candidates).toEqual([]);
    expect(found.warnings[0]).toMatch(/after 4 folders/);
  });

  it('P4 a subpath narrows the search, and a missing subpath is a clear error', async () => {
    const root = await temporaryDirectory();
    await writeSkill(path.join(root, 'skills', 'pdf'));
    await writeSkill(path.join(root, 'team', 'skills', 'review'));
    expect(await paths(root, { subpath: 'team' })).toEqual(['team/skills/review']);
    expect(await paths(root, { subpath: 'skills/pdf' })).toEqual(['skills/pdf']);
    await expect(findSkillFolders(root, { subpath: 'nope' })).rejects.toMatchObject({
      code: 'subpath_not_found',
    });
    await expect(findSkillFolders(root, { subpath: '../..' })).rejects.toMatchObject({
      code: 'unsafe_subpath',
    });
  });

  it('P4 never follows a linked folder', async () => {
    const root = await temporaryDirectory();
    const outside = await temporaryDirectory();
    await writeSkill(path.join(outside, 'secret-skill'));
    await mkdir(path.join(root, 'skills'));
    await symlink(path.join(outside, 'secret-skill'), path.join(root, 'skills', 'linked'));
    expect(await paths(root)).toEqual([]);
  });
});
