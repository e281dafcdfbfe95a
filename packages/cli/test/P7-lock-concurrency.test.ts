import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAgentCli } from './agent-fixtures/agent-harness.js';
import { makeWorkspace } from './run-cli.js';
import { writeSkillRepository } from './skills-add-fixtures.js';

let project: string;
let home: string;
let base: string;
let tmp: string;
beforeEach(() => {
  ({ project, home } = makeWorkspace());
  base = path.dirname(project);
  tmp = path.join(base, 'tmp');
  mkdirSync(tmp);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const NAMES = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];

function add(source: string, extra: string[] = []) {
  return runAgentCli(['skills', 'add', source, '--yes', '--agent', 'claude-code', ...extra], {
    cwd: project,
    home,
    env: { TMPDIR: tmp },
  });
}

function lockedIds(file: string): string[] {
  return Object.keys(JSON.parse(readFileSync(file, 'utf8')).skills);
}

describe('P7 lock files under concurrent writers', () => {
  it.each([
    ['project', [] as string[], () => path.join(project, 'skills-lock.json')],
    ['personal', ['--global'], () => path.join(home, '.skilldock', 'skills-lock.json')],
  ])(
    'P7 eight concurrent skills add processes (%s) all keep their lock entry',
    async (_scope, extra, lockFile) => {
      const sources = NAMES.map((name) => writeSkillRepository(path.join(base, `source-${name}`), [name]));
      const runs = await Promise.all(sources.map((source) => add(source, extra)));
      for (const run of runs) expect(run.status, run.stderr).toBe(0);
      expect(lockedIds(lockFile()).sort()).toEqual([...NAMES].sort());
    },
    120_000,
  );

  it('P7 a stale lock left by a killed process is recovered', async () => {
    // A process takes the project lock's lock the way skilldock does, then is killed.
    const lockFile = path.join(project, 'skills-lock.json');
    const lockfile = createRequire(import.meta.url).resolve('proper-lockfile');
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(lockfile)}).lockSync(${JSON.stringify(lockFile)}, { realpath: false }); console.log('locked'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    // The killed holder left a lock that is still fresh, and nobody refreshes it now. Age it to
    // 8.5 s, just under the 10 s stale time, so the add below still finds it held and waits
    // (about 1.5 s, not 10) until it turns stale.
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha']);
    const aged = new Date(Date.now() - 8_500);
    utimesSync(`${lockFile}.lock`, aged, aged);
    const run = await add(source);
    // Waiting out the 60 s limit would fail with file_locked: success means the stale lock (10 s)
    // was taken over.
    expect(run.status, run.stderr).toBe(0);
    expect(lockedIds(lockFile)).toEqual(['alpha']);
  }, 60_000);

  it('P7 a lock folder with an old mtime is taken over at once', async () => {
    const lockFile = path.join(project, 'skills-lock.json');
    mkdirSync(`${lockFile}.lock`);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${lockFile}.lock`, old, old);
    const run = await add(writeSkillRepository(path.join(base, 'source'), ['alpha']));
    expect(run.status, run.stderr).toBe(0);
    expect(lockedIds(lockFile)).toEqual(['alpha']);
  }, 60_000);
});
