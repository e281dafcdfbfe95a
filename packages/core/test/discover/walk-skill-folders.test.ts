import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkSkillFolders } from '../../src/discover/walk-skill-folders.js';
import { temporaryDirectory, writeSkill } from './skill-tree.js';

describe('walkSkillFolders', () => {
  it('D2 finds folders holding a file named exactly SKILL.md and nothing else', async () => {
    const root = await temporaryDirectory();
    await writeSkill(join(root, 'alpha'));
    await writeSkill(join(root, 'group', 'beta'));
    await mkdir(join(root, 'lower'));
    await writeFile(join(root, 'lower', 'skill.md'), '---\nname: lower\n---\n');
    await mkdir(join(root, 'empty'));
    const result = await walkSkillFolders(root);
    expect(result.skillDirectories).toEqual([join(root, 'alpha'), join(root, 'group', 'beta')]);
    expect(result.diagnostics).toEqual([]);
  });

  it('D2 skips .git, node_modules, dist, build and .cache', async () => {
    const root = await temporaryDirectory();
    for (const skipped of ['.git', 'node_modules', 'dist', 'build', '.cache'])
      await writeSkill(join(root, skipped, 'hidden'));
    await writeSkill(join(root, 'visible'));
    expect((await walkSkillFolders(root)).skillDirectories).toEqual([join(root, 'visible')]);
  });

  it('D2 does not look for nested skills inside a skill folder', async () => {
    const root = await temporaryDirectory();
    await writeSkill(join(root, 'outer'));
    await writeSkill(join(root, 'outer', 'examples', 'inner'));
    expect((await walkSkillFolders(root)).skillDirectories).toEqual([join(root, 'outer')]);
  });

  it('D2 stops at the depth bound and says so', async () => {
    const root = await temporaryDirectory();
    await writeSkill(join(root, 'a', 'b', 'shallow'));
    await writeSkill(join(root, 'a', 'b', 'c', 'd', 'deep'));
    const bounded = await walkSkillFolders(root, { maxDepth: 3 });
    expect(bounded.skillDirectories).toEqual([join(root, 'a', 'b', 'shallow')]);
    expect(bounded.diagnostics.map((d) => [d.code, d.severity])).toEqual([['depth_limit_reached', 'info']]);
    const deep = await walkSkillFolders(root, { maxDepth: 5 });
    expect(deep.skillDirectories).toHaveLength(2);
  });

  it('D2 uses a default depth of 6 levels', async () => {
    const root = await temporaryDirectory();
    await writeSkill(join(root, '1', '2', '3', '4', '5', 'six'));
    await writeSkill(join(root, '1', '2', '3', '4', '5', '6', 'seven'));
    const result = await walkSkillFolders(root);
    expect(result.skillDirectories).toEqual([join(root, '1', '2', '3', '4', '5', 'six')]);
  });

  it('D2 stops at the skill-folder bound with a warning, not a silent cut', async () => {
    const root = await temporaryDirectory();
    for (let index = 0; index < 12; index++)
      await writeSkill(join(root, `skill-${String(index).padStart(2, '0')}`));
    const result = await walkSkillFolders(root, { maxFolders: 6 });
    // The bound counts skill folders (issue 9): the root searched on the way does not use it up.
    expect(result.skillDirectories).toEqual([0, 1, 2, 3, 4, 5].map((index) => join(root, `skill-0${index}`)));
    expect(result.foldersRead).toBe(7);
    expect(result.diagnostics).toMatchObject([
      { code: 'folder_limit_reached', severity: 'warning', file: root },
    ]);
    expect(result.diagnostics[0]?.message).toContain('6 skill folders');
  });

  it('D2 bounds the folders searched on the way by the same number', async () => {
    const root = await temporaryDirectory();
    for (let index = 0; index < 8; index++)
      await mkdir(join(root, `empty-${index}`, 'deeper'), { recursive: true });
    const result = await walkSkillFolders(root, { maxFolders: 5 });
    expect(result.skillDirectories).toEqual([]);
    expect(result.foldersRead).toBe(5);
    expect(result.diagnostics).toMatchObject([{ code: 'folder_limit_reached', file: root }]);
    expect(result.diagnostics[0]?.message).toContain('searching 5 folders');
  });

  it('D2 loads a 1,000-skill root with one group folder per skill under the default limits', async () => {
    const root = await temporaryDirectory();
    await Promise.all(
      Array.from({ length: 1000 }, (_, index) =>
        writeSkill(join(root, `group-${String(index).padStart(4, '0')}`, `skill-${index}`)),
      ),
    );
    const result = await walkSkillFolders(root);
    expect(result.skillDirectories).toHaveLength(1000);
    expect(result.diagnostics).toEqual([]);
  });

  it('D2 follows a symbolic link whose target stays inside an allowed root', async () => {
    const root = await temporaryDirectory();
    await writeSkill(join(root, 'library', 'real-skill'));
    await symlink(join(root, 'library', 'real-skill'), join(root, 'linked'));
    await mkdir(join(root, 'files'));
    await writeSkill(join(root, 'files', 'target-holder'), { name: 'target-holder' });
    await mkdir(join(root, 'file-linked'));
    await symlink(join(root, 'files', 'target-holder', 'SKILL.md'), join(root, 'file-linked', 'SKILL.md'));
    const result = await walkSkillFolders(root);
    expect(result.skillDirectories).toEqual([
      join(root, 'file-linked'),
      join(root, 'library', 'real-skill'),
      join(root, 'files', 'target-holder'),
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it('D2 refuses a symbolic link whose target leaves the allowed roots', async () => {
    const root = await temporaryDirectory();
    const outside = await temporaryDirectory();
    await writeSkill(join(outside, 'secret-skill'));
    await symlink(join(outside, 'secret-skill'), join(root, 'escape'));
    await mkdir(join(root, 'file-escape'));
    await symlink(join(outside, 'secret-skill', 'SKILL.md'), join(root, 'file-escape', 'SKILL.md'));
    const result = await walkSkillFolders(root);
    expect(result.skillDirectories).toEqual([]);
    expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['symlink_outside_root', join(root, 'escape')],
      ['symlink_outside_root', join(root, 'file-escape', 'SKILL.md')],
    ]);
    const allowed = await walkSkillFolders(root, { allowedRoots: [root, outside] });
    expect([...allowed.skillDirectories].sort()).toEqual(
      [join(root, 'file-escape'), join(outside, 'secret-skill')].sort(),
    );
  });

  it('D2 survives a symbolic link cycle', async () => {
    const root = await temporaryDirectory();
    await writeSkill(join(root, 'a', 'skill'));
    await symlink(root, join(root, 'a', 'loop'));
    const result = await walkSkillFolders(root);
    expect(result.skillDirectories).toEqual([join(root, 'a', 'skill')]);
  });

  it('D2 ignores a FIFO named SKILL.md without blocking', async () => {
    const root = await temporaryDirectory();
    await mkdir(join(root, 'pipe'));
    execFileSync('mkfifo', [join(root, 'pipe', 'SKILL.md')]);
    await writeSkill(join(root, 'normal'));
    const result = await walkSkillFolders(root);
    expect(result.skillDirectories).toEqual([join(root, 'normal')]);
    expect(result.diagnostics).toMatchObject([
      { code: 'skill_file_not_regular', file: join(root, 'pipe', 'SKILL.md') },
    ]);
  });

  it('D2 treats a root that holds SKILL.md itself as one skill', async () => {
    const root = await temporaryDirectory();
    await writeSkill(root, { name: 'solo' });
    await writeSkill(join(root, 'nested'));
    expect((await walkSkillFolders(root)).skillDirectories).toEqual([root]);
  });

  it('D2 throws the file-system error for a missing root', async () => {
    const root = await temporaryDirectory();
    await expect(walkSkillFolders(join(root, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
