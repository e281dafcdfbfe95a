import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { collectPackageFiles } from '@skilldock/core/package';
import { describe, expect, it } from 'vitest';
import { SKILL_TEXT, useTempDirectories, writeTree } from './package-test-helpers.js';

const newTemp = useTempDirectories();

describe('collectPackageFiles', () => {
  it('P2 lists files sorted by path bytes, skips noise with a warning and warns about large files', async () => {
    const root = writeTree(
      await newTemp(),
      {
        'SKILL.md': SKILL_TEXT,
        'b.txt': 'b',
        'B.txt': 'B',
        'a/z.txt': 'z',
        'run.sh': '#!/bin/sh\n',
        'big.bin': Buffer.alloc(1024 * 1024 + 1),
        '.git/HEAD': 'ref',
        'node_modules/x/index.js': '',
        'dist/out.js': '',
        '.DS_Store': '',
        'notes.md~': '',
        'empty/': '',
      },
      ['run.sh'],
    );
    const collected = await collectPackageFiles(root);
    expect(collected.files.map((file) => file.path)).toEqual([
      'B.txt',
      'SKILL.md',
      'a/z.txt',
      'b.txt',
      'big.bin',
      'run.sh',
    ]);
    expect(collected.files.find((file) => file.path === 'run.sh')).toMatchObject({
      executable: true,
      size: 10,
    });
    expect(collected.files.find((file) => file.path === 'b.txt')).toMatchObject({
      executable: false,
      absolutePath: path.join(root, 'b.txt'),
    });
    expect(collected.directories).toEqual(['a', 'empty']);
    expect(collected.warnings).toEqual([
      'big.bin is large: 1.0 MiB is over the 1 MiB a skill file should stay under',
      'skipped .DS_Store (macOS folder metadata)',
      'skipped .git/ (version-control data)',
      'skipped dist/ (build output)',
      'skipped node_modules/ (installed dependencies)',
      'skipped notes.md~ (editor backup file)',
    ]);
    expect(collected.secrets).toEqual([]);
    expect(collected.totalBytes).toBe(SKILL_TEXT.length + 1 + 1 + 1 + 10 + 1024 * 1024 + 1);
  });

  it('P2 finds secrets by name and by private-key content, and refuses secret folders whole', async () => {
    const root = writeTree(await newTemp(), {
      'SKILL.md': SKILL_TEXT,
      '.env': 'TOKEN=1',
      'notes/deploy.txt': '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA\n',
      '.aws/credentials': '[default]',
      'public.txt': '-----BEGIN PUBLIC KEY-----\n',
    });
    const collected = await collectPackageFiles(root);
    expect(collected.secrets).toEqual(['.aws', '.env', 'notes/deploy.txt']);
    expect(collected.refused).toContainEqual({
      path: 'notes/deploy.txt',
      kind: 'secret',
      reason: 'private key',
    });
    expect(collected.files.map((file) => file.path)).toEqual(['SKILL.md', 'public.txt']);
  });

  it('P2 reports symbolic links and special files instead of following them', async () => {
    const root = writeTree(await newTemp(), { 'SKILL.md': SKILL_TEXT, 'real.txt': 'x' });
    symlinkSync('real.txt', path.join(root, 'link.txt'));
    symlinkSync('/etc', path.join(root, 'etc-link'));
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    const collected = await collectPackageFiles(root);
    expect(collected.symlinks).toEqual(['etc-link', 'link.txt']);
    expect(collected.specialFiles).toEqual(['pipe']);
    expect(collected.files.map((file) => file.path)).toEqual(['SKILL.md', 'real.txt']);
  });

  it('P2 says which path is missing or not a folder', async () => {
    const root = await newTemp();
    await expect(collectPackageFiles(path.join(root, 'nope'))).rejects.toMatchObject({
      code: 'path_not_found',
    });
    writeTree(root, { 'file.txt': 'x' });
    await expect(collectPackageFiles(path.join(root, 'file.txt'))).rejects.toMatchObject({
      code: 'not_a_directory',
    });
  });
});
