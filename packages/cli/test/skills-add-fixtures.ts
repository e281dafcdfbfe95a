import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeSkill } from './run-cli.js';

/** Writes `<root>/skills/<name>/` skills with a script and a reference each. */
export function writeSkillRepository(root: string, names: readonly string[]): string {
  for (const name of names) {
    writeSkill(
      path.join(root, 'skills'),
      name,
      `name: ${name}\ndescription: The ${name} skill.`,
      `# ${name}\n`,
      {
        'scripts/run.sh': '#!/bin/sh\necho run\n',
        'references/guide.md': `# Guide for ${name}\n`,
      },
    );
  }
  return root;
}

/**
 * A bare git repository at `<base>/remote/<owner>/<repo>.git` holding these skills, and a gitconfig
 * that sends `https://github.com/` there: pass `{ GIT_CONFIG_GLOBAL: gitConfig }` to the CLI.
 */
export function makeGitHubFake(base: string, owner: string, repo: string, names: readonly string[]) {
  const work = path.join(base, `work-${owner}-${repo}`);
  writeSkillRepository(work, names);
  git(work, 'init', '-q', '-b', 'main');
  commitAll(work, 'initial');
  const remoteRoot = path.join(base, 'remote');
  const bare = path.join(remoteRoot, owner, `${repo}.git`);
  mkdirSync(path.dirname(bare), { recursive: true });
  git(base, 'clone', '-q', '--bare', work, bare);
  const gitConfig = path.join(base, 'gitconfig');
  writeFileSync(
    gitConfig,
    `[url "file://${remoteRoot}/"]\n\tinsteadOf = https://github.com/\n[protocol "file"]\n\tallow = always\n[user]\n\temail = test@example.com\n\tname = Test\n`,
  );
  return {
    work,
    bare,
    gitConfig,
    /** Commits the work tree and pushes it to the bare repository. */
    push(message: string) {
      commitAll(work, message);
      git(work, 'push', '-q', bare, 'HEAD:main');
    },
  };
}

function commitAll(directory: string, message: string) {
  git(directory, 'add', '-A');
  git(directory, '-c', 'user.email=test@example.com', '-c', 'user.name=Test', 'commit', '-q', '-m', message);
}

function git(cwd: string, ...args: string[]) {
  execFileSync('git', args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
  });
}

/** Every entry under `root` (relative path → kind, mode, bytes or link target), for exact tree comparisons. */
export function readTree(root: string): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (relative: string) => {
    const absolute = path.join(root, relative);
    const stats = lstatSync(absolute);
    if (stats.isSymbolicLink()) result[relative] = `link ${readlinkSync(absolute)}`;
    else if (stats.isDirectory()) {
      if (relative !== '') result[relative] = 'dir';
      for (const name of readdirSync(absolute).sort()) walk(relative === '' ? name : `${relative}/${name}`);
    } else result[relative] = `file ${(stats.mode & 0o777).toString(8)} ${readFileSync(absolute, 'utf8')}`;
  };
  walk('');
  return result;
}

/** A fresh temp base folder. */
export function makeBase(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}
