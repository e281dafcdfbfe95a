/**
 * computeSkillsLockHash against the real `skills` CLI (a devDependency): it runs `skills add` in a
 * child process and compares the lock's computedHash, so it is in the full tier; the hashing rules
 * themselves are tested in compute-skills-lock-hash.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { computeSkillsLockHash } from '@skilldock/core/package';
import { describe, expect, it } from 'vitest';
import { useTempDirectories, writeTree } from './package-test-helpers.js';

const newTemp = useTempDirectories();
const SKILLS_BIN = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/skills');

function skillFile(name: string): string {
  return `---\nname: ${name}\ndescription: Fixture ${name} for the skills-lock hash.\n---\n# ${name}\n`;
}

/** Skill folders covering what the hash must get right, as `name → files`. */
const SKILLS: Record<
  string,
  { files: Record<string, string | Buffer>; executables?: string[]; link?: string }
> = {
  nested: {
    files: {
      'a/b/c/deep.md': 'deep\n',
      'a/b/side.txt': 'side',
      'a/top.txt': 'top',
      'z.txt': 'z',
    },
  },
  binary: {
    files: {
      'assets/blob.bin': Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)),
      'assets/nul.bin': Buffer.from([0, 0, 0, 1]),
    },
  },
  unicode: {
    files: {
      'données/résumé.md': 'é',
      '文档.txt': 'zh',
      'B.txt': 'upper',
      'a.txt': 'lower',
      '_under.md': '_',
      '-dash.md': '-',
      'emoji-😀.txt': 'astral',
      'Émile.md': 'accent',
      'zz/Ab.md': 'Ab',
      'zz/aB.md': 'aB',
    },
  },
  executable: { files: { 'scripts/run.sh': '#!/bin/sh\necho hi\n' }, executables: ['scripts/run.sh'] },
  hidden: { files: { '.hidden/file.txt': 'hidden', '.dotfile': 'dot' } },
  empty: { files: { 'empty.txt': '', 'sub/also-empty.md': '' } },
  skipped: {
    files: {
      'node_modules/pkg/index.js': 'x',
      '.git/HEAD': 'ref',
      'dist/out.js': 'kept by the CLI',
      'keep.md': 'k',
    },
    link: 'keep.md',
  },
};

describe('computeSkillsLockHash matches the skills CLI', () => {
  it('P1 equals the computedHash that `skills add` writes to skills-lock.json', async () => {
    const base = await newTemp();
    const repository = path.join(base, 'repo');
    for (const [name, skill] of Object.entries(SKILLS)) {
      const directory = path.join(repository, 'skills', name);
      writeTree(directory, { 'SKILL.md': skillFile(name), ...skill.files }, skill.executables);
      if (skill.link) symlinkSync(skill.link, path.join(directory, 'link.md'));
    }
    const project = path.join(base, 'project');
    const home = path.join(base, 'home');
    mkdirSync(path.join(project, '.git'), { recursive: true });
    mkdirSync(home);
    const result = spawnSync(SKILLS_BIN, ['add', repository, '--skill', '*', '-y', '--copy'], {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', HOME: home, DO_NOT_TRACK: '1', DISABLE_TELEMETRY: '1', CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    const lock = JSON.parse(readFileSync(path.join(project, 'skills-lock.json'), 'utf8')) as {
      version: number;
      skills: Record<string, { computedHash: string }>;
    };
    expect(lock.version).toBe(1);
    expect(Object.keys(lock.skills).sort()).toEqual(Object.keys(SKILLS).sort());
    for (const name of Object.keys(SKILLS)) {
      const ours = await computeSkillsLockHash(path.join(repository, 'skills', name));
      expect(ours, name).toMatch(/^[0-9a-f]{64}$/);
      expect(ours, name).toBe(lock.skills[name]!.computedHash);
    }
  });
});
