import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  listContentTree,
  packageDirectory,
  personalSkillDirectory,
  readContentFile,
  removePersonalSkill,
  resolveContentPath,
  saveSkillPackage,
} from '../../src/content/index.js';
import {
  codeOf,
  leftoverStaging,
  publishedSkill,
  useDataFolders,
  useTempFolders,
  visiblePackages,
  writeSkillFolder,
} from './content-fixtures.js';

const newData = useDataFolders();
const newTemp = useTempFolders();

function sharedSkill() {
  return publishedSkill(newData, newTemp, { 'docs/guide.md': 'guide\n' });
}

const HOSTILE_PATHS = [
  '..',
  '../outside.md',
  '/etc/passwd',
  'docs/../../x',
  'a/../..',
  './SKILL.md',
  'docs//guide.md',
  'docs%2F..%2F..%2Fx',
  '%2e%2e/x',
  'docs\\guide.md',
  'SKILL.md\u0000x',
  'C:/x',
  'docs/CON',
  'docs/name.',
  'docs/a:b',
  `${'x'.repeat(256)}`,
  `${'abcdefgh/'.repeat(120)}x`,
  '',
];

describe('content paths never leave their folder (Y15, SEC1)', () => {
  it.each(HOSTILE_PATHS)('Y15 resolving and reading refuse the path %j', async (hostile) => {
    const { folder } = await sharedSkill();
    expect(await codeOf(resolveContentPath(folder, hostile))).toBe('unsafe_file_path');
    expect(await codeOf(readContentFile(folder, hostile))).toBe('unsafe_file_path');
  });

  it.each(HOSTILE_PATHS)('Y15 a save with an edit at %j is refused and writes nothing', async (hostile) => {
    const context = await sharedSkill();
    for (const edit of [
      { type: 'create', path: hostile, content: 'x' },
      { type: 'write', path: hostile, content: 'x' },
      { type: 'mkdir', path: hostile },
      { type: 'delete', path: hostile },
      { type: 'rename', from: 'docs/guide.md', to: hostile },
    ] as const) {
      const code = await codeOf(
        saveSkillPackage(context.layout, {
          baseRevision: context.base,
          edits: [edit],
          commit: async () => expect.unreachable('refused edits never commit'),
          referencedRevisions: context.table.referenced,
        }),
      );
      expect(code, `${edit.type} ${hostile}`).toBe('unsafe_file_path');
    }
    expect(visiblePackages(context.layout)).toEqual([context.base.slice(7)]);
    expect(leftoverStaging(context.layout)).toEqual([]);
  });

  it('Y15 a create that differs from an existing entry only by case is refused', async () => {
    const context = await sharedSkill();
    for (const [edit, code] of [
      [{ type: 'create', path: 'skill.md', content: 'x' }, 'duplicate_entry'],
      [{ type: 'create', path: 'Docs/other.md', content: 'x' }, 'duplicate_entry'],
      [{ type: 'mkdir', path: 'DOCS' }, 'duplicate_entry'],
      [{ type: 'create', path: 'docs/guide.md', content: 'x' }, 'entry_exists'],
      [{ type: 'rename', from: 'docs/guide.md', to: 'SKILL.md' }, 'entry_exists'],
      [{ type: 'write', path: 'docs', content: 'x' }, 'wrong_entry_type'],
      [{ type: 'create', path: 'docs/guide.md/inner', content: 'x' }, 'not_a_directory'],
      [{ type: 'delete', path: 'missing.md' }, 'path_not_found'],
    ] as const) {
      const result = await codeOf(
        saveSkillPackage(context.layout, {
          baseRevision: context.base,
          edits: [edit],
          commit: async () => expect.unreachable(),
          referencedRevisions: context.table.referenced,
        }),
      );
      expect(result, JSON.stringify(edit)).toBe(code);
    }
    // A rename that only changes case is allowed.
    const saved = await saveSkillPackage(context.layout, {
      baseRevision: context.base,
      edits: [{ type: 'rename', from: 'docs/guide.md', to: 'docs/Guide.md' }],
      commit: async (result) => context.table.swap('pdf', result.baseRevision, result.revision),
      referencedRevisions: context.table.referenced,
    });
    expect(readdirSync(path.join(await packageDirectory(context.layout, saved.revision), 'docs'))).toEqual([
      'Guide.md',
    ]);
  });

  it('Y15 a link planted in a package is refused by the tree, the reads and a save from it', async () => {
    const context = await sharedSkill();
    const outside = await newTemp();
    writeFileSync(path.join(outside, 'secret.txt'), 'top secret');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(context.folder, 'docs', 'leak.md'));
    symlinkSync(outside, path.join(context.folder, 'linked'));
    expect(await codeOf(listContentTree(context.folder))).toBe('symlink_refused');
    expect(await codeOf(readContentFile(context.folder, 'docs/leak.md'))).toBe('symlink_refused');
    expect(await codeOf(readContentFile(context.folder, 'linked/secret.txt'))).toBe('symlink_refused');
    const code = await codeOf(
      saveSkillPackage(context.layout, {
        baseRevision: context.base,
        edits: [{ type: 'create', path: 'new.md', content: 'x' }],
        commit: async () => expect.unreachable(),
        referencedRevisions: context.table.referenced,
      }),
    );
    expect(code).toBe('symlink_refused');
    expect(leftoverStaging(context.layout)).toEqual([]);
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
  });

  it('Y15 a package folder swapped for a link is refused, never followed', async () => {
    const context = await sharedSkill();
    const elsewhere = path.join(await newTemp(), 'moved');
    await rename(context.folder, elsewhere);
    symlinkSync(elsewhere, context.folder);
    expect(await codeOf(packageDirectory(context.layout, context.base))).toBe('symlink_refused');
    expect(await codeOf(listContentTree(context.folder))).toBe('symlink_refused');
    expect(await codeOf(readContentFile(context.folder, 'SKILL.md'))).toBe('symlink_refused');
  });

  it('Y15 removing a personal skill that is a link removes the link, never its target', async () => {
    const layout = await newData();
    const target = writeSkillFolder(path.join(await newTemp(), 'victim'), 'victim', { 'data.md': 'keep me' });
    const link = await personalSkillDirectory(layout, 'alice', 'victim');
    symlinkSync(target, link);
    expect(await removePersonalSkill(layout, 'alice', 'victim')).toBe(true);
    expect(existsSync(link)).toBe(false);
    expect(readFileSync(path.join(target, 'data.md'), 'utf8')).toBe('keep me');
  });

  it('Y15 removing a personal skill folder holding a link removes the link inside, never its target', async () => {
    const layout = await newData();
    const outside = writeSkillFolder(path.join(await newTemp(), 'other'), 'other', { 'data.md': 'keep me' });
    const skill = await personalSkillDirectory(layout, 'alice', 'pdf');
    writeSkillFolder(skill, 'pdf');
    symlinkSync(outside, path.join(skill, 'escape'));
    await removePersonalSkill(layout, 'alice', 'pdf');
    expect(existsSync(skill)).toBe(false);
    expect(readdirSync(outside).sort()).toEqual(['SKILL.md', 'data.md']);
  });

  it("Y15 SEC1 one user's workspace path can never reach another's", async () => {
    const layout = await newData();
    const bob = await personalSkillDirectory(layout, 'bob', 'pdf');
    writeSkillFolder(bob, 'pdf');
    for (const [userId, skillId, code] of [
      ['alice', '../bob', 'invalid_skill_id'],
      ['alice', '../../bob/agents/skills/pdf', 'invalid_skill_id'],
      ['../bob', 'pdf', 'invalid_user_id'],
      ['alice/../bob', 'pdf', 'invalid_user_id'],
      ['bob\u0000', 'pdf', 'invalid_user_id'],
      ['..', 'pdf', 'invalid_user_id'],
    ] as const)
      expect(await codeOf(personalSkillDirectory(layout, userId, skillId)), `${userId} ${skillId}`).toBe(
        code,
      );
    // alice's agents folder planted as a link to bob's.
    mkdirSync(path.join(layout.workspacesDirectory, 'alice'), { recursive: true });
    symlinkSync(
      path.join(layout.workspacesDirectory, 'bob', 'agents'),
      path.join(layout.workspacesDirectory, 'alice', 'agents'),
    );
    expect(await codeOf(personalSkillDirectory(layout, 'alice', 'pdf'))).toBe('symlink_refused');
    expect(await codeOf(removePersonalSkill(layout, 'alice', 'pdf'))).toBe('symlink_refused');
    expect(existsSync(path.join(bob, 'SKILL.md'))).toBe(true);
  });
});
