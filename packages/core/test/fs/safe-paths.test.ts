import { lstatSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecurityError, UserInputError } from '../../src/errors.js';
import {
  assertSafeSkillId,
  isSafePathSegment,
  isSafeSkillId,
  proveInside,
  removeInside,
  removeInsideSync,
} from '../../src/fs/index.js';
import { proveAllInside } from '../../src/fs/prove-inside.js';

/** Ids no command may turn into a path. */
export const HOSTILE_IDS = [
  '..',
  '../..',
  '.',
  'a/b',
  'a\\b',
  '/abs',
  'C:x',
  '',
  'a\u0000b',
  '%2e%2e',
  'toString',
  'x'.repeat(300),
  'ρdf',
  'pdf\u2215tools',
  '\uff0e\uff0e',
  'pdf ',
  'pdf.',
  '-pdf',
  'PDF',
  'nul',
];

function makeBase(): string {
  return mkdtempSync(path.join(tmpdir(), 'skilldock-fs-'));
}

describe('safe path segments', () => {
  it.each(HOSTILE_IDS)('SEC1 refuses %j as a skill id', (id) => {
    expect(isSafeSkillId(id)).toBe(false);
    expect(() => assertSafeSkillId(id)).toThrow(UserInputError);
    try {
      assertSafeSkillId(id);
    } catch (error) {
      expect((error as UserInputError).code).toBe('invalid_skill_id');
      expect((error as Error).message).toContain('is not a skill id');
    }
  });

  it('SEC1 accepts S4 ids and the skills CLI install names (constructor and __proto__ are plain names)', () => {
    for (const id of ['pdf', 'pdf-tools', 'a1', 'my_skill', 'v1.2', '_private', 'constructor', '__proto__'])
      expect(isSafeSkillId(id), id).toBe(true);
  });

  it('SEC1 a safe segment is exactly one entry', () => {
    for (const value of ['..', '.', '', 'a/b', 'a\\b', 'c:', 'a\u0000', 'a\n', 'x.', 'x ', 'CON', 'lpt1.txt'])
      expect(isSafePathSegment(value), JSON.stringify(value)).toBe(false);
    for (const value of ['draft', '20261130-104233-ab12cd.jsonl', '文档整理', '.hidden'])
      expect(isSafePathSegment(value), value).toBe(true);
  });
});

describe('proveInside and removeInside', () => {
  it('SEC1 removes a folder inside its folder, and a link as a link', async () => {
    const base = makeBase();
    const folder = path.join(base, 'skills');
    const elsewhere = path.join(base, 'elsewhere');
    mkdirSync(path.join(folder, 'pdf', 'scripts'), { recursive: true });
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, 'keep.txt'), 'keep');
    writeFileSync(path.join(folder, 'pdf', 'SKILL.md'), 'x');
    symlinkSync(elsewhere, path.join(folder, 'pdf', 'scripts', 'link'));
    symlinkSync(elsewhere, path.join(folder, 'linked'));
    await removeInside(path.join(folder, 'linked'), folder);
    expect(() => lstatSync(path.join(folder, 'linked'))).toThrow();
    await removeInside(path.join(folder, 'pdf'), folder);
    expect(() => lstatSync(path.join(folder, 'pdf'))).toThrow();
    expect(readFileSync(path.join(elsewhere, 'keep.txt'), 'utf8')).toBe('keep');
    await removeInside(path.join(folder, 'missing'), folder);
  });

  it('SEC1 refuses a target outside its folder, the folder itself, and a parent that is a link out', async () => {
    const base = makeBase();
    const folder = path.join(base, 'project');
    const elsewhere = path.join(base, 'elsewhere');
    mkdirSync(path.join(elsewhere, 'victim'), { recursive: true });
    writeFileSync(path.join(elsewhere, 'victim', 'data'), 'data');
    mkdirSync(folder);
    symlinkSync(elsewhere, path.join(folder, '.agents'));
    for (const target of [
      path.join(folder, '..', 'elsewhere', 'victim'),
      folder,
      path.join(folder, '.agents', 'victim'),
      path.join(folder, '.'),
    ]) {
      const attempt = removeInside(target, folder);
      await expect(attempt).rejects.toThrow(SecurityError);
      await expect(removeInside(target, folder)).rejects.toMatchObject({
        code: 'path_outside_folder',
        details: { path: target, folder },
      });
      expect(() => removeInsideSync(target, folder)).toThrow(SecurityError);
    }
    expect(readFileSync(path.join(elsewhere, 'victim', 'data'), 'utf8')).toBe('data');
    expect(lstatSync(folder).isDirectory()).toBe(true);
  });

  it('SEC1 proves a path whose folders do not exist yet through its nearest existing ancestor', async () => {
    const base = makeBase();
    const folder = path.join(base, 'project');
    mkdirSync(folder);
    expect(await proveInside(path.join(folder, '.agents', 'skills', 'pdf'), folder)).toBe(
      path.join(
        await import('node:fs/promises').then((fs) => fs.realpath(folder)),
        '.agents',
        'skills',
        'pdf',
      ),
    );
    symlinkSync(path.join(base, 'nowhere'), path.join(folder, '.claude'));
    await expect(proveInside(path.join(folder, '.claude', 'skills', 'pdf'), folder)).rejects.toThrow(
      SecurityError,
    );
  });

  it('SEC1 proves many targets at once, each folder resolved once, and names the first one refused', async () => {
    const base = makeBase();
    const folder = path.join(base, 'project');
    const elsewhere = path.join(base, 'elsewhere');
    mkdirSync(path.join(folder, '.agents', 'skills'), { recursive: true });
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, path.join(folder, '.claude'));
    symlinkSync(path.join(base, 'nowhere'), path.join(folder, '.codex'));
    const real = await import('node:fs/promises').then((fs) => fs.realpath(folder));
    const inside = ['pdf', 'docx', 'xlsx'].map((id) => path.join(folder, '.agents', 'skills', id));
    expect(await proveAllInside(inside.map((target) => ({ target, folder })))).toEqual(
      ['pdf', 'docx', 'xlsx'].map((id) => path.join(real, '.agents', 'skills', id)),
    );
    const outside = path.join(folder, '.claude', 'pdf');
    const dangling = path.join(folder, '.codex', 'pdf');
    const batch = [inside[0]!, dangling, outside, path.join(folder, '..', 'elsewhere', 'x'), folder];
    await expect(proveAllInside(batch.map((target) => ({ target, folder })))).rejects.toMatchObject({
      code: 'path_outside_folder',
      details: { path: dangling, folder },
    });
    for (const target of batch.slice(1))
      await expect(proveAllInside([{ target, folder }])).rejects.toThrow(SecurityError);
    // A folder already resolved is taken as given: a root resolved before a swap stays the root.
    const memo = new Map([[path.resolve(folder), Promise.resolve(path.join(base, 'other-root'))]]);
    await expect(proveAllInside([{ target: inside[0]!, folder }], memo)).rejects.toThrow(SecurityError);
  });
});
