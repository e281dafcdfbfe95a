import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSkill } from '../../src/format/load-skill.js';
import { confirmInstall } from '../../src/install/confirm-install.js';
import { prepareInstall } from '../../src/install/prepare-install.js';
import { computeDirectoryRevision } from '../../src/package/compute-directory-revision.js';
import { computeSkillsLockHash } from '../../src/package/compute-skills-lock-hash.js';
import { listTree } from '../package/package-test-helpers.js';
import { snapshotTree } from './publish/publish-fixtures.js';
import { removeTemporaryDirectories, temporaryDirectory, writeSkill } from './sources/install-fixtures.js';

afterAll(removeTemporaryDirectories);

const PRIVATE_KEY =
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n';

/** Staging reads each file once and hashes the bytes it writes; these check that against the disk. */
describe('prepareInstall stages each skill in one pass', () => {
  it('P6 the revision and skills-lock hash of a staged skill are those of the copy on disk', async () => {
    const root = await temporaryDirectory();
    // Names whose locale order differs from their byte order, a large file that streams, an
    // executable, an empty folder, noise and secrets by name and by content.
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 'a pattern of 29 bytes, twice.');
    const source = await writeSkill(path.join(root, 'mixed'), {
      files: {
        'B.md': 'upper\n',
        'a.md': 'lower\n',
        'é.md': 'accent\n',
        'z/deep/x.txt': 'x\n',
        'scripts/run.sh': '#!/bin/sh\necho run\n',
        'notes.md~': 'backup\n',
        '.env': 'TOKEN=1\n',
        'innocent.txt': PRIVATE_KEY,
        'empty.txt': '',
      },
    });
    await writeFile(path.join(source, 'assets.bin'), big);
    await mkdir(path.join(source, 'empty-folder'));
    await chmod(path.join(source, 'scripts', 'run.sh'), 0o755);

    const stagingParent = await temporaryDirectory('skilldock-staging-');
    const draft = await prepareInstall(source, { cwd: root, stagingParent });
    const [skill] = draft.skills;
    expect(skill).toBeDefined();
    expect(skill!.revision).toBe(await computeDirectoryRevision(skill!.directory));
    expect(skill!.computedHash).toBe(await computeSkillsLockHash(skill!.directory));
    // The copy differs from the source only by what P2 leaves out.
    expect(skill!.secrets).toEqual(['.env', 'innocent.txt']);
    expect(skill!.warnings).toContain('skipped notes.md~ (editor backup file)');
    expect(skill!.warnings).toContain(
      'assets.bin is large: 3.0 MiB is over the 1 MiB a skill file should stay under',
    );
    expect(listTree(skill!.directory)).toEqual([
      'B.md',
      'SKILL.md',
      'a.md',
      'assets.bin',
      'empty-folder/',
      'empty.txt',
      'scripts/',
      'scripts/run.sh',
      'z/',
      'z/deep/',
      'z/deep/x.txt',
      'é.md',
    ]);
    // Buffer.equals: a deep equality over 3 MiB, byte by byte, would take seconds.
    expect((await readFile(path.join(skill!.directory, 'assets.bin'))).equals(big)).toBe(true);
    expect(await readFile(path.join(skill!.directory, 'é.md'), 'utf8')).toBe('accent\n');
    expect((await stat(path.join(skill!.directory, 'scripts', 'run.sh'))).mode & 0o100).toBe(0o100);
    expect((await stat(path.join(skill!.directory, 'a.md'))).mode & 0o111).toBe(0);
    expect(skill!.files.map((file) => file.path)).toEqual([
      'B.md',
      'SKILL.md',
      'a.md',
      'assets.bin',
      'empty.txt',
      'scripts/run.sh',
      'z/deep/x.txt',
      'é.md',
    ]);
    expect(skill!.files.find((file) => file.path === 'assets.bin')?.size).toBe(big.length);
    expect(skill!.totalBytes).toBe(skill!.files.reduce((sum, file) => sum + file.size, 0));
  });

  it('P6 reports what loading the staged copy reports, file listing included (a folder too deep)', async () => {
    const root = await temporaryDirectory();
    const deep = Array.from({ length: 18 }, (_, index) => `d${index}`).join('/');
    const source = await writeSkill(path.join(root, 'deep-skill'), {
      files: { [`${deep}/leaf.txt`]: 'leaf\n' },
    });
    const stagingParent = await temporaryDirectory('skilldock-staging-');
    const draft = await prepareInstall(source, { cwd: root, stagingParent });
    const [skill] = draft.skills;
    const loaded = await loadSkill(skill!.directory, { profile: 'spec' });
    expect(skill!.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(
      loaded.diagnostics.map((diagnostic) => diagnostic.code),
    );
    expect(skill!.diagnostics.map((diagnostic) => diagnostic.code)).toContain('folder_too_deep');
    // Diagnostics name the user's folder, not the private staged copy.
    const tooDeep = skill!.diagnostics.find((diagnostic) => diagnostic.code === 'folder_too_deep');
    expect(tooDeep?.file?.startsWith(source)).toBe(true);
    expect(skill!.revision).toBe(await computeDirectoryRevision(skill!.directory));
  });

  it('P6 stages hundreds of skills with every file written before the draft is returned', async () => {
    const root = await temporaryDirectory();
    const names = Array.from({ length: 120 }, (_, index) => `skill-${String(index).padStart(3, '0')}`);
    for (const name of names)
      await writeSkill(path.join(root, 'skills', name), {
        files: { 'references/guide.md': `# ${name}\n`.repeat(50), 'data.json': `{"name":"${name}"}\n` },
      });
    const stagingParent = await temporaryDirectory('skilldock-staging-');
    const draft = await prepareInstall(root, { cwd: root, stagingParent });
    expect(draft.skills.map((skill) => skill.id)).toEqual(names);
    for (const skill of draft.skills) {
      expect(await readFile(path.join(skill.directory, 'references', 'guide.md'), 'utf8')).toBe(
        `# ${skill.id}\n`.repeat(50),
      );
      expect(skill.computedHash).toBe(await computeSkillsLockHash(path.join(root, 'skills', skill.id)));
    }
  });

  it('P8 a confirm in the same process copies the tree staging wrote: every copy equals the staged one', async () => {
    const root = await temporaryDirectory();
    const source = await writeSkill(path.join(root, 'tree-skill'), {
      files: { 'z/deep/x.txt': 'x\n', 'scripts/run.sh': '#!/bin/sh\n', '.env': 'TOKEN=1\n' },
    });
    await mkdir(path.join(source, 'empty-folder'));
    await mkdir(path.join(source, 'z', 'empty-too'));
    await chmod(path.join(source, 'scripts', 'run.sh'), 0o755);
    const stagingParent = await temporaryDirectory('skilldock-staging-');
    const draft = await prepareInstall(source, { cwd: root, stagingParent });
    // Below its root (private while staged), the installed copies hold exactly what was staged.
    const contents = (folder: string) =>
      Object.fromEntries(
        Object.entries(snapshotTree(folder)).flatMap(([key, value]) =>
          key.includes('/') ? [[key.slice(key.indexOf('/')), value]] : [],
        ),
      );
    const staged = contents(draft.skills[0]!.directory);
    const projectRoot = await temporaryDirectory();
    await mkdir(path.join(projectRoot, '.git'));
    const result = await confirmInstall(draft, {
      ids: '*',
      scope: 'project',
      projectRoot,
      home: await temporaryDirectory(),
      agents: ['claude-code', 'codex'],
      mode: 'copy',
    });
    const [installed] = result.installed;
    // One folder is a copy made from the recorded tree, the other the staged folder moved in.
    expect(installed!.paths).toHaveLength(2);
    for (const folder of installed!.paths) {
      expect(contents(folder)).toEqual(staged);
      expect(await computeSkillsLockHash(folder)).toBe(installed!.computedHash);
      expect(await computeDirectoryRevision(folder)).toBe(installed!.revision);
    }
    expect(snapshotTree(installed!.paths[0]!)['tree-skill']).toBe(
      snapshotTree(installed!.paths[1]!)['tree-skill'],
    );
    expect(listTree(installed!.paths[0]!)).toContain('z/empty-too/');
    expect(listTree(installed!.paths[0]!)).not.toContain('.env');
  });
});
