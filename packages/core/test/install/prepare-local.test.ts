import { execFileSync } from 'node:child_process';
import { chmod, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InstallProgressEvent } from '../../src/install/install-progress-event.js';
import { prepareInstall } from '../../src/install/prepare-install.js';
import { computeDirectoryRevision } from '../../src/package/compute-directory-revision.js';
import { computeSkillsLockHash } from '../../src/package/compute-skills-lock-hash.js';
import {
  removeTemporaryDirectories,
  skillText,
  temporaryDirectory,
  writeFiles,
  writeSkill,
} from './sources/install-fixtures.js';

afterAll(removeTemporaryDirectories);

async function prepare(source: string, options: Partial<Parameters<typeof prepareInstall>[1]> = {}) {
  const stagingParent = await temporaryDirectory('skilldock-staging-');
  return prepareInstall(source, { cwd: path.dirname(source), stagingParent, ...options });
}

describe('prepareInstall from local sources', () => {
  it('P6 prepares one local skill folder: staged copy, files, sizes, hashes, dependencies', async () => {
    const root = await temporaryDirectory();
    const source = await writeSkill(path.join(root, 'pdf-tools'), {
      extra: 'skill_dependencies:\n  - office-base',
      files: { 'scripts/run.sh': '#!/bin/sh\necho hi\n', 'references/guide.md': '# Guide\n' },
    });
    await chmod(path.join(source, 'scripts', 'run.sh'), 0o755);
    const draft = await prepare(source);
    expect(draft.source).toMatchObject({ type: 'local', lockSource: source, lockSourceType: 'local' });
    expect(draft.failed).toEqual([]);
    expect(draft.skills).toHaveLength(1);
    const [skill] = draft.skills;
    expect(skill).toMatchObject({
      id: 'pdf-tools',
      name: 'pdf-tools',
      description: 'Skill pdf-tools. Use when testing.',
      sourcePath: '',
      dependencies: ['office-base'],
      secrets: [],
    });
    expect(skill!.files).toEqual([
      {
        path: 'SKILL.md',
        size: skillText('pdf-tools', { extra: 'skill_dependencies:\n  - office-base' }).length,
        executable: false,
      },
      { path: 'references/guide.md', size: 8, executable: false },
      { path: 'scripts/run.sh', size: 18, executable: true },
    ]);
    expect(skill!.totalBytes).toBe(skill!.files.reduce((sum, file) => sum + file.size, 0));
    expect(skill!.directory).toBe(path.join(draft.stagingDirectory, 'skills', 'pdf-tools'));
    expect(skill!.revision).toBe(await computeDirectoryRevision(source));
    expect(skill!.computedHash).toBe(await computeSkillsLockHash(source));
    // The host extension field is a spec warning, kept for the reviewer.
    expect(skill!.diagnostics.map((diagnostic) => diagnostic.severity)).not.toContain('error');
    expect(await readdir(draft.stagingDirectory)).toEqual(['draft.json', 'skills']);
  });

  it('P6 prepares many skills of a local folder and lists invalid ones in failed (spec profile)', async () => {
    const root = await temporaryDirectory();
    await writeSkill(path.join(root, 'skills', 'good'));
    await writeSkill(path.join(root, 'skills', 'Bad Name'), { name: 'Bad Name' });
    await writeFiles(root, { 'skills/no-description/SKILL.md': '---\nname: no-description\n---\nbody\n' });
    const draft = await prepare(root, { profile: 'spec' });
    expect(draft.skills.map((skill) => skill.id)).toEqual(['good']);
    expect(draft.failed.map((failure) => [failure.sourcePath, failure.code])).toEqual([
      ['skills/Bad Name', 'invalid_skill'],
      ['skills/no-description', 'invalid_skill'],
    ]);
    const badName = draft.failed[0]!;
    expect(badName.name).toBe('Bad Name');
    expect(badName.diagnostics.some((diagnostic) => diagnostic.severity === 'error')).toBe(true);
    // Diagnostics name the user's file, not the staged copy.
    for (const diagnostic of badName.diagnostics)
      expect(diagnostic.file).toBe(path.join(root, 'skills', 'Bad Name', 'SKILL.md'));
    expect(await readdir(path.join(draft.stagingDirectory, 'skills'))).toEqual(['good']);
  });

  it('P6 installs use the lenient profile: a 1,068-character description is a warning, as in the skills CLI', async () => {
    const root = await temporaryDirectory();
    const description = `Build apps with the Claude API. ${'x'.repeat(1036)}`;
    await writeFiles(root, {
      'skills/claude-api/SKILL.md': `---\nname: claude-api\ndescription: ${description}\n---\n# Claude API\n`,
    });
    const draft = await prepare(root);
    expect(draft.failed).toEqual([]);
    expect(draft.skills).toMatchObject([{ id: 'claude-api', description }]);
    expect(draft.skills[0]!.diagnostics).toMatchObject([
      {
        code: 'description_too_long',
        severity: 'warning',
        message: 'description has 1068 characters; at most 1024 are allowed',
        file: path.join(root, 'skills', 'claude-api', 'SKILL.md'),
      },
    ]);
    const strict = await prepare(root, { profile: 'spec' });
    expect(strict.skills).toEqual([]);
    expect(strict.failed).toMatchObject([
      {
        code: 'invalid_skill',
        message:
          'claude-api is not a valid skill: description has 1068 characters; at most 1024 are allowed.',
      },
    ]);
  });

  it('P6 every invalid_skill failure says why in its message, not only in its diagnostics', async () => {
    const root = await temporaryDirectory();
    await writeFiles(root, {
      'skills/no-description/SKILL.md': '---\nname: no-description\n---\nbody\n',
      'skills/bad-yaml/SKILL.md': '---\nname: bad-yaml\ndescription: [x\n---\n',
    });
    const draft = await prepare(root);
    expect(draft.failed.map((failure) => [failure.code, failure.message])).toEqual([
      [
        'invalid_skill',
        expect.stringMatching(/^skills\/bad-yaml does not hold a readable SKILL\.md: Flow sequence/),
      ],
      [
        'invalid_skill',
        "skills/no-description does not hold a readable SKILL.md: required field 'description' is missing.",
      ],
    ]);
  });

  it('P6 leaves secret files out of the staged copy and lists them', async () => {
    const root = await temporaryDirectory();
    const source = await writeSkill(path.join(root, 'deploy'), {
      files: {
        '.env': 'TOKEN=x\n',
        'keys/id.pem': 'key\n',
        'run.md': 'steps\n',
        'node_modules/x/index.js': '',
      },
    });
    const draft = await prepare(source);
    const [skill] = draft.skills;
    expect(skill!.secrets).toEqual(['.env', 'keys/id.pem']);
    expect(skill!.files.map((file) => file.path)).toEqual(['SKILL.md', 'run.md']);
    expect(await readdir(skill!.directory)).not.toContain('.env');
    expect(await readdir(path.join(skill!.directory, 'keys')).catch(() => [])).toEqual([]);
    expect(skill!.warnings.join('\n')).toContain('node_modules');
    expect(skill!.warnings.join('\n')).toContain('left out secret files: .env, keys/id.pem');
  });

  it('P6 a skill holding a symlink fails and nothing of it is staged', async () => {
    const root = await temporaryDirectory();
    const source = await writeSkill(path.join(root, 'linked'));
    await symlink('/etc/hostname', path.join(source, 'hostname'));
    const draft = await prepare(source);
    expect(draft.skills).toEqual([]);
    expect(draft.failed).toMatchObject([{ code: 'symlink_in_skill', name: 'linked' }]);
    expect(await readdir(path.join(draft.stagingDirectory, 'skills'))).toEqual([]);
  });

  it('P6 S4 names the install folder after the skill id (here its frontmatter name), not its source folder', async () => {
    const root = await temporaryDirectory();
    await writeSkill(path.join(root, 'skills', 'folder-name'), { name: 'pdf' });
    const draft = await prepare(root, { profile: 'lenient' });
    expect(draft.skills.map((skill) => skill.id)).toEqual(['pdf']);
    expect(draft.skills[0]!.warnings).toContain('installed as pdf/ (the source folder is folder-name/)');
  });

  it('S4 Y4 install ids are S4 ids: the slug, else the pinyin of a Chinese name, else a digest — never unnamed-skill', async () => {
    const root = await temporaryDirectory();
    await writeSkill(path.join(root, 'skills', 'a'), { name: '文档整理', extra: 'slug: document-cleanup' });
    await writeSkill(path.join(root, 'skills', 'b'), { name: '文档整理' });
    await writeSkill(path.join(root, 'skills', 'c'), { name: '数据分析' });
    await writeSkill(path.join(root, 'skills', 'd'), { name: '___' });
    await writeSkill(path.join(root, 'skills', 'e'), { name: 'pdf', extra: 'slug: pdf-tools' });
    // The skills CLI would keep `_` in a folder name; an S4 id has hyphens only.
    await writeSkill(path.join(root, 'skills', 'f'), { name: 'data_tools' });
    const draft = await prepare(root);
    expect(draft.failed).toEqual([]);
    expect(draft.skills.map((skill) => [skill.sourcePath, skill.id, skill.name])).toEqual([
      ['skills/a', 'document-cleanup', '文档整理'],
      ['skills/b', 'wen-dang-zheng-li', '文档整理'],
      ['skills/c', 'shu-ju-fen-xi', '数据分析'],
      ['skills/d', expect.stringMatching(/^skill-[0-9a-f]{8}$/), '___'],
      ['skills/e', 'pdf-tools', 'pdf'],
      ['skills/f', 'data-tools', 'data_tools'],
    ]);
    expect(await readdir(path.join(draft.stagingDirectory, 'skills'))).toEqual(
      expect.arrayContaining(['document-cleanup', 'wen-dang-zheng-li', 'shu-ju-fen-xi', 'pdf-tools']),
    );
    // Selecting by display name or by id finds the same skill.
    const byName = await prepare(root, { skills: ['数据分析'] });
    expect(byName.skills.map((skill) => skill.id)).toEqual(['shu-ju-fen-xi']);
    const bySlug = await prepare(root, { skills: ['document-cleanup'] });
    expect(bySlug.skills.map((skill) => skill.sourcePath)).toEqual(['skills/a']);
  });

  it('P6 a second skill with the same id is a duplicate_skill failure', async () => {
    const root = await temporaryDirectory();
    await writeSkill(path.join(root, 'skills', 'pdf'));
    await writeSkill(path.join(root, '.claude', 'skills', 'pdf'));
    const draft = await prepare(root);
    expect(draft.skills.map((skill) => skill.sourcePath)).toEqual(['skills/pdf']);
    expect(draft.failed).toMatchObject([{ sourcePath: '.claude/skills/pdf', code: 'duplicate_skill' }]);
  });

  it('P6 D1 an invalid skill (name: "PDF Tools") never takes the install id from a valid one, under either profile', async () => {
    const root = await temporaryDirectory();
    // Found first: "PDF Tools" sorts before "pdf-tools".
    await writeSkill(path.join(root, 'skills', 'PDF Tools'), { name: 'PDF Tools' });
    await writeSkill(path.join(root, 'skills', 'pdf-tools'));
    const lenient = await prepare(root);
    expect(lenient.skills.map((skill) => [skill.id, skill.name, skill.sourcePath])).toEqual([
      ['pdf-tools', 'pdf-tools', 'skills/pdf-tools'],
    ]);
    const invalid = {
      sourcePath: 'skills/PDF Tools',
      name: 'PDF Tools',
      code: 'duplicate_skill',
      message:
        "Another skill in this source already has the install id pdf-tools; 'PDF Tools' is not a valid name, so the skill with a valid one keeps the id.",
      diagnostics: expect.arrayContaining([
        expect.objectContaining({
          code: 'name_invalid_characters',
          file: path.join(root, 'skills', 'PDF Tools', 'SKILL.md'),
        }),
      ]),
    };
    expect(lenient.failed).toEqual([invalid]);
    const strict = await prepare(root, { profile: 'spec' });
    expect(strict.skills.map((skill) => skill.sourcePath)).toEqual(['skills/pdf-tools']);
    expect(strict.failed).toEqual([invalid]);
  });

  it('P6 a skill that fails to prepare does not take its install id: the next one with that id is prepared', async () => {
    const root = await temporaryDirectory();
    // skills/ is searched before the agent folders.
    await writeSkill(path.join(root, 'skills', 'pdf'));
    await symlink('/etc/hostname', path.join(root, 'skills', 'pdf', 'hostname'));
    await writeSkill(path.join(root, '.agents', 'skills', 'pdf'));
    const draft = await prepare(root);
    expect(draft.skills.map((skill) => skill.sourcePath)).toEqual(['.agents/skills/pdf']);
    expect(draft.failed.map((failure) => [failure.sourcePath, failure.code])).toEqual([
      ['skills/pdf', 'symlink_in_skill'],
    ]);
  });

  it('P6 selects skills by name, and an unknown name lists the names there are', async () => {
    const root = await temporaryDirectory();
    await writeSkill(path.join(root, 'skills', 'pdf'));
    await writeSkill(path.join(root, 'skills', 'docx'));
    expect((await prepare(root, { skills: ['PDF'] })).skills.map((skill) => skill.id)).toEqual(['pdf']);
    const stagingParent = await temporaryDirectory();
    await expect(prepareInstall(root, { cwd: root, stagingParent, skills: ['xlsx'] })).rejects.toMatchObject({
      code: 'skill_not_found',
      message: expect.stringContaining('docx, pdf'),
    });
    expect(await readdir(stagingParent)).toEqual([]);
  });

  it('P4 a folder without skills is a clear error and leaves nothing behind', async () => {
    const root = await temporaryDirectory();
    await writeFiles(root, { 'README.md': '# nothing\n' });
    const stagingParent = await temporaryDirectory();
    await expect(prepareInstall(root, { cwd: root, stagingParent })).rejects.toMatchObject({
      code: 'no_skills_found',
    });
    expect(await readdir(stagingParent)).toEqual([]);
  });

  it('P4 prepares a single SKILL.md file', async () => {
    const root = await temporaryDirectory();
    await writeFile(path.join(root, 'SKILL.md'), skillText('quick-note'));
    const draft = await prepare(path.join(root, 'SKILL.md'));
    expect(draft.source.type).toBe('file');
    expect(draft.skills).toMatchObject([{ id: 'quick-note', files: [{ path: 'SKILL.md' }] }]);
  });

  it('P4 a lone SKILL.md has no folder of its own: its name is never checked against one', async () => {
    const root = await temporaryDirectory();
    await writeFile(path.join(root, 'SKILL.md'), '---\nname: pdf\n---\nbody\n');
    const invalid = await prepare(path.join(root, 'SKILL.md'));
    expect(invalid.skills).toEqual([]);
    expect(invalid.failed).toMatchObject([
      {
        code: 'invalid_skill',
        message: "The SKILL.md is not a valid skill: required field 'description' is missing.",
      },
    ]);
    expect(invalid.failed[0]!.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      'description_missing',
    ]);
    await writeFile(path.join(root, 'SKILL.md'), skillText('PDF Tools'));
    const valid = await prepare(path.join(root, 'SKILL.md'));
    expect(valid.skills).toMatchObject([{ id: 'pdf-tools', name: 'PDF Tools' }]);
    const codes = valid.skills[0]!.diagnostics.map((diagnostic) => diagnostic.code);
    expect(codes).not.toContain('name_folder_mismatch');
    expect(JSON.stringify(valid)).not.toContain("folder name 'skill'");
  });

  it('P4 prepares a .zip and a .tar.gz archive', async () => {
    const root = await temporaryDirectory();
    await writeSkill(path.join(root, 'zipped'), { files: { 'notes/a.txt': 'a\n' } });
    execFileSync('zip', ['-qr', 'zipped.zip', 'zipped'], { cwd: root });
    execFileSync('tar', ['-czf', 'zipped.tar.gz', 'zipped'], { cwd: root });
    for (const archive of ['zipped.zip', 'zipped.tar.gz']) {
      const draft = await prepare(path.join(root, archive));
      expect(draft.source.type).toBe('archive');
      expect(draft.skills).toMatchObject([{ id: 'zipped', sourcePath: 'zipped' }]);
      expect(draft.skills[0]!.files.map((file) => file.path)).toEqual(['SKILL.md', 'notes/a.txt']);
      expect(draft.skills[0]!.revision).toBe(await computeDirectoryRevision(path.join(root, 'zipped')));
      expect(await readdir(draft.stagingDirectory)).toEqual(['draft.json', 'skills']);
    }
  });

  it('P6 reports progress by phase with counts', async () => {
    const root = await temporaryDirectory();
    await writeSkill(path.join(root, 'skills', 'a'));
    await writeSkill(path.join(root, 'skills', 'b'));
    const events: InstallProgressEvent[] = [];
    await prepare(root, { onProgress: (event) => events.push(event) });
    expect(events.map((event) => `${event.type}:${event.phase}`)).toEqual([
      'phase-start:parse',
      'phase-end:parse',
      'phase-start:stage',
      'phase-progress:stage',
      'phase-progress:stage',
      'phase-end:stage',
    ]);
    expect(events.at(-1)).toEqual({ type: 'phase-end', phase: 'stage', count: 2 });
  });

  it('P6 writes the draft next to the staged skills and stamps a one hour expiry', async () => {
    const root = await temporaryDirectory();
    const source = await writeSkill(path.join(root, 'clocked'));
    const draft = await prepare(source, { now: () => new Date('2026-01-02T03:00:00.000Z') });
    expect(draft.createdAt).toBe('2026-01-02T03:00:00.000Z');
    expect(draft.expiresAt).toBe('2026-01-02T04:00:00.000Z');
    expect(JSON.parse(await readFile(path.join(draft.stagingDirectory, 'draft.json'), 'utf8'))).toEqual(
      draft,
    );
    expect((await stat(draft.stagingDirectory)).mode & 0o777).toBe(0o700);
  });

  it('P6 an aborted prepare rejects and leaves nothing staged', async () => {
    const root = await temporaryDirectory();
    await writeSkill(path.join(root, 'skills', 'a'));
    const stagingParent = await temporaryDirectory();
    const controller = new AbortController();
    controller.abort(new Error('user cancelled'));
    await expect(
      prepareInstall(root, { cwd: root, stagingParent, signal: controller.signal }),
    ).rejects.toThrow('user cancelled');
    expect(await readdir(stagingParent)).toEqual([]);
  });
});
