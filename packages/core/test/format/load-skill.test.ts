import { execFileSync } from 'node:child_process';
import { cp, mkdir, open, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSkill } from '../../src/format/load-skill.js';
import { FIXTURES, skillText, useTempDirectories } from './format-test-helpers.js';

const SKILLS = path.join(FIXTURES, 'skills');

describe('loadSkill reads a skill folder (S1–S4)', () => {
  const makeTemp = useTempDirectories();

  it('S3 loads the pdf-tools fixture under spec with its supporting files listed', async () => {
    const directory = path.join(SKILLS, 'pdf-tools');
    const result = await loadSkill(directory, { profile: 'spec', strict: true });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { skill } = result;
    expect(skill).toMatchObject({
      id: 'pdf-tools',
      name: 'pdf-tools',
      directory,
      skillFile: path.join(directory, 'SKILL.md'),
      origin: { sourceType: 'project', sourceDir: SKILLS },
    });
    expect(skill.fields.allowedTools).toEqual(['Bash(python:*)', 'Read']);
    expect(skill.fields.metadata).toEqual({ author: 'example-org', version: '1.0' });
    expect(skill.files.map((file) => file.path)).toEqual(['references/REFERENCE.md', 'scripts/extract.py']);
    expect(skill.files.every((file) => file.size > 0)).toBe(true);
    expect(Object.isFrozen(skill)).toBe(true);
    expect(result.diagnostics).toEqual([]);
  });

  it('S1 names the folder and SKILL.md as path.resolve would, however the folder is spelled', async () => {
    const directory = path.join(SKILLS, 'pdf-tools');
    const relative = path.relative(process.cwd(), directory);
    const spellings = [
      directory,
      `${directory}/`,
      `${SKILLS}//pdf-tools`,
      `${SKILLS}/./pdf-tools`,
      `${SKILLS}/../skills/pdf-tools`,
      `${directory}/.`,
      relative,
    ];
    for (const spelling of spellings) {
      const result = await loadSkill(spelling);
      expect(result.ok && [result.skill.directory, result.skill.skillFile, result.skill.id]).toEqual([
        directory,
        path.join(directory, 'SKILL.md'),
        'pdf-tools',
      ]);
    }
  });

  it('S4 loads the 文档整理 fixture with the pinyin id and the authored display name', async () => {
    const result = await loadSkill(path.join(SKILLS, '文档整理'));
    expect(result.ok && { id: result.skill.id, name: result.skill.name }).toEqual({
      id: 'wen-dang-zheng-li',
      name: '文档整理',
    });
  });

  it('S3 lenient loads a name/folder mismatch with a warning; spec rejects it', async () => {
    const directory = path.join(SKILLS, 'name-mismatch');
    const lenient = await loadSkill(directory);
    expect(lenient.ok).toBe(true);
    expect(lenient.diagnostics).toEqual([
      expect.objectContaining({ code: 'name_folder_mismatch', severity: 'warning', line: 2, column: 1 }),
    ]);
    const spec = await loadSkill(directory, { profile: 'spec' });
    expect(spec.ok).toBe(false);
    expect(spec.diagnostics).toEqual([
      expect.objectContaining({ code: 'name_folder_mismatch', severity: 'error' }),
    ]);
  });

  it('S3 lenient skips a skill without a description and reports it', async () => {
    const directory = path.join(SKILLS, 'no-description');
    const result = await loadSkill(directory);
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'description_missing',
        severity: 'error',
        file: path.join(directory, 'SKILL.md'),
      }),
    ]);
  });

  it('S1 keeps a given origin and lists files as sorted POSIX paths, skipping .git, node_modules and links', async () => {
    const root = await makeTemp();
    const directory = path.join(root, 'pdf-tools');
    await cp(path.join(SKILLS, 'pdf-tools'), directory, { recursive: true });
    await mkdir(path.join(directory, '.git'), { recursive: true });
    await writeFile(path.join(directory, '.git', 'config'), '[core]\n');
    await mkdir(path.join(directory, 'node_modules', 'left-pad'), { recursive: true });
    await writeFile(path.join(directory, 'node_modules', 'left-pad', 'index.js'), 'module.exports = 1;\n');
    await mkdir(path.join(directory, 'a', 'b'), { recursive: true });
    await writeFile(path.join(directory, 'a', 'b', 'deep.txt'), 'deep');
    await writeFile(path.join(directory, 'Z.md'), 'zed');
    await symlink('/etc/hostname', path.join(directory, 'link.txt'));

    const origin = { sourceType: 'personal' as const, sourceDir: root };
    const result = await loadSkill(directory, { origin });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.skill.origin).toEqual(origin);
    expect(result.skill.files).toEqual([
      { path: 'Z.md', size: 3 },
      { path: 'a/b/deep.txt', size: 4 },
      { path: 'references/REFERENCE.md', size: expect.any(Number) },
      { path: 'scripts/extract.py', size: expect.any(Number) },
    ]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'resource_symlink_skipped', severity: 'info' }),
    ]);
  });

  it('S1 reports a folder without SKILL.md', async () => {
    const directory = await makeTemp();
    const result = await loadSkill(directory);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'skill_file_missing', file: path.join(directory, 'SKILL.md') }),
    ]);
  });

  it('S1 refuses a SKILL.md that is a folder', async () => {
    const directory = await makeTemp();
    await mkdir(path.join(directory, 'SKILL.md'));
    const result = await loadSkill(directory);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'skill_file_not_regular' })]);
  });
});

describe('S2 loadSkill refuses hostile files without reading or blocking on them', () => {
  const makeTemp = useTempDirectories();

  it('S2 refuses a 100 MB sparse SKILL.md from its size alone', async () => {
    const directory = await makeTemp();
    const file = path.join(directory, 'SKILL.md');
    await writeFile(file, skillText(['name: big', 'description: d']));
    await truncate(file, 100 * 1024 * 1024);
    const result = await loadSkill(directory);
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'file_too_large', severity: 'error', file, line: 1, column: 1 }),
    ]);
    expect(result.diagnostics[0]?.message).toContain(String(100 * 1024 * 1024));
  });

  it('S2 refuses a FIFO named SKILL.md without blocking on it', async () => {
    const directory = await makeTemp();
    const file = path.join(directory, 'SKILL.md');
    execFileSync('mkfifo', [file]);
    const result = await loadSkill(directory);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'skill_file_not_regular', severity: 'error', file }),
    ]);
    expect(result.diagnostics[0]?.message).toContain('FIFO');
  });

  it('S2 refuses a SKILL.md symlink to a FIFO inside the allowed root without blocking on it', async () => {
    const directory = await makeTemp();
    execFileSync('mkfifo', [path.join(directory, 'pipe')]);
    await symlink('pipe', path.join(directory, 'SKILL.md'));
    const result = await loadSkill(directory);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'skill_file_not_regular' })]);
  });

  it('S2 refuses a SKILL.md that is a symlink to /etc/passwd, even with a wide allowed root', async () => {
    const root = await makeTemp();
    const directory = path.join(root, 'evil');
    await mkdir(directory);
    await symlink('/etc/passwd', path.join(directory, 'SKILL.md'));
    for (const allowedRoots of [undefined, [root]]) {
      const result = await loadSkill(directory, allowedRoots ? { allowedRoots } : {});
      expect(result.ok).toBe(false);
      expect(result.diagnostics).toEqual([
        expect.objectContaining({ code: 'skill_file_symlink_outside', severity: 'error' }),
      ]);
      expect(result.diagnostics[0]?.message).toContain('/etc/passwd');
    }
  });

  it('S2 accepts a symlinked SKILL.md whose target is inside the skill folder (the default root)', async () => {
    const directory = path.join(await makeTemp(), 'linked');
    await mkdir(path.join(directory, 'docs'), { recursive: true });
    await writeFile(path.join(directory, 'docs', 'main.md'), skillText(['name: linked', 'description: d']));
    await symlink('docs/main.md', path.join(directory, 'SKILL.md'));
    const result = await loadSkill(directory);
    expect(result.ok && result.skill.name).toBe('linked');
  });

  it('S2 accepts a symlink to a shared SKILL.md inside an allowed root, and refuses it without that root', async () => {
    const root = await makeTemp();
    const directory = path.join(root, 'skills', 'shared-one');
    await mkdir(directory, { recursive: true });
    await mkdir(path.join(root, 'shared'));
    await writeFile(path.join(root, 'shared', 'SKILL.md'), skillText(['name: shared-one', 'description: d']));
    await symlink('../../shared/SKILL.md', path.join(directory, 'SKILL.md'));
    const allowed = await loadSkill(directory, { allowedRoots: [root] });
    expect(allowed.ok && allowed.skill.id).toBe('shared-one');
    const refused = await loadSkill(directory);
    expect(refused.diagnostics).toEqual([expect.objectContaining({ code: 'skill_file_symlink_outside' })]);
  });

  it('S2 accepts an in-folder symlinked SKILL.md when the skill folder itself is reached through a link', async () => {
    const root = await makeTemp();
    const realSkills = path.join(root, 'dotfiles', 'skills');
    await mkdir(path.join(realSkills, 'linked', 'docs'), { recursive: true });
    await writeFile(
      path.join(realSkills, 'linked', 'docs', 'main.md'),
      skillText(['name: linked', 'description: d']),
    );
    await symlink('docs/main.md', path.join(realSkills, 'linked', 'SKILL.md'));
    await symlink(realSkills, path.join(root, 'skills'));
    const viaLink = path.join(root, 'skills', 'linked');
    expect((await loadSkill(viaLink)).ok).toBe(true);
    expect((await loadSkill(viaLink, { allowedRoots: [path.join(root, 'skills')] })).ok).toBe(true);
  });

  it('S2 refuses a SKILL.md one byte over 4 MiB', async () => {
    const directory = await makeTemp();
    const file = path.join(directory, 'SKILL.md');
    const handle = await open(file, 'w');
    await handle.write(skillText(['name: big', 'description: d']));
    await handle.truncate(4 * 1024 * 1024 + 1);
    await handle.close();
    const result = await loadSkill(directory);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'file_too_large' })]);
  });
});
