import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgentCli } from './agent-fixtures/agent-harness.js';
import { makeWorkspace, runCliInProcess } from './run-cli.js';
import { readTree, writeSkillRepository } from './skills-add-fixtures.js';

/**
 * Ids no command may turn into a path (NUL cannot travel in argv; the core unit tests cover it).
 * `constructor` and `__proto__` have the shape of ids: they are ordinary unknown ids.
 */
const HOSTILE_IDS = [
  '..',
  '../..',
  '.',
  'a/b',
  'a\\b',
  '/abs',
  'C:x',
  '',
  '%2e%2e',
  '../../../elsewhere/folder',
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(300),
  'ρdf',
  '\uff0e\uff0e',
  'alpha/../..',
];

/**
 * Where a command's answer differs from its answer to an unknown id, and why: an empty `--skill`
 * selects nothing, so every skill of the source is installed, and `alpha` is installed already.
 */
const EXPECTED: Readonly<Record<string, number>> = {
  'skills add --skill|': 1,
  // An empty --preload entry is a malformed flag: a usage error.
  'run --preload|': 2,
};

/** Ids shaped like install ids: they reach the lookup and are unknown there. */
const ID_SHAPED = new Set(['__proto__', 'constructor']);

let base: string;
let project: string;
let home: string;
let source: string;
let tmp: string;
let before: Record<string, string>;
const modelEnv = {
  OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
  OPENAI_API_KEY: 'test-key',
  SKILLDOCK_MODEL: 'openai:test-model',
};

beforeAll(async () => {
  ({ project, home } = makeWorkspace());
  base = path.dirname(project);
  rmSync(path.join(project, '.git'), { recursive: true });
  execFileSync('git', ['init', '-q', project]);
  writeFileSync(path.join(project, 'README.md'), '# project\n');
  mkdirSync(path.join(base, 'elsewhere', 'folder'), { recursive: true });
  writeFileSync(path.join(base, 'elsewhere', 'folder', 'data.txt'), 'keep me\n');
  tmp = path.join(base, 'tmp');
  mkdirSync(tmp);
  source = writeSkillRepository(path.join(base, 'source'), ['alpha']);
  const env = { TMPDIR: tmp };
  for (const scope of [[], ['--global']]) {
    const add = await runCliInProcess(
      ['skills', 'add', source, '--yes', '--agent', 'claude-code', ...scope],
      {
        cwd: project,
        home,
        env,
      },
    );
    expect(add.status, add.stderr).toBe(0);
  }
  before = snapshot();
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The project (with .git), the home and the sibling folder, byte for byte. */
function snapshot(): Record<string, string> {
  return {
    ...prefixed('project', readTree(project)),
    // Listings keep parsed skills in the user's cache folder: that write is expected, nothing else.
    ...prefixed('home', withoutCache(readTree(home))),
    ...prefixed('elsewhere', readTree(path.join(base, 'elsewhere'))),
  };
}

function withoutCache(tree: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(tree).filter(([key]) => !key.startsWith('.cache')));
}

function prefixed(prefix: string, tree: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [`${prefix}/${key}`, value]));
}

/** Every command that takes an id, as argv with the id in place. */
const COMMANDS: readonly { name: string; argv: (id: string) => string[]; pathLike: boolean }[] = [
  { name: 'skills remove', argv: (id) => ['skills', 'remove', id], pathLike: true },
  { name: 'skills remove --global', argv: (id) => ['skills', 'remove', id, '--global'], pathLike: true },
  { name: 'skills update', argv: (id) => ['skills', 'update', id], pathLike: true },
  { name: 'skills check', argv: (id) => ['skills', 'check', id], pathLike: true },
  { name: 'skills show', argv: (id) => ['skills', 'show', id], pathLike: false },
  {
    name: 'skills add --skill',
    argv: (id) => ['skills', 'add', source, '--skill', id, '--yes'],
    pathLike: false,
  },
  { name: 'run --resume', argv: (id) => ['run', '--resume', id, 'hello'], pathLike: false },
  { name: 'run --preload', argv: (id) => ['run', '--preload', id, 'hello'], pathLike: false },
];

function run(argv: string[]) {
  return runAgentCli(argv, { cwd: project, home, env: { ...modelEnv, TMPDIR: tmp } });
}

describe('SEC1 hostile ids through every command that takes an id', () => {
  const unknown = new Map<string, number>();
  beforeAll(async () => {
    for (const command of COMMANDS) unknown.set(command.name, (await run(command.argv('nope'))).status);
  });

  it('SEC1 an unknown id fails cleanly in every command (the reference for hostile ids)', () => {
    // An unknown id is invalid input everywhere (exit 1, the one exit-code table); check included.
    for (const command of COMMANDS) expect(unknown.get(command.name), command.name).toBe(1);
    expect(snapshot()).toEqual(before);
  });

  it.each(HOSTILE_IDS.map((id) => [JSON.stringify(id).slice(0, 40), id]))(
    'SEC1 %s is refused or unknown everywhere, and the project, .git, home and a sibling folder are unchanged',
    async (_label, id) => {
      const results = await Promise.all(
        COMMANDS.map(async (command) => ({ command, ...(await run(command.argv(id))) })),
      );
      for (const { command, status, stdout, stderr } of results) {
        const where = `${command.name} ${JSON.stringify(id)}: ${stdout}${stderr}`;
        expect(stderr, where).not.toMatch(/\n\s+at /);
        if (command.pathLike && !ID_SHAPED.has(id)) {
          expect(status, where).toBe(1);
          expect(stderr, where).toContain(`${JSON.stringify(id)} is not a skill id`);
        } else {
          expect(status, where).toBe(EXPECTED[`${command.name}|${id}`] ?? unknown.get(command.name));
          expect(`${stdout}${stderr}`, where).toMatch(
            /not a|not installed|is not in|no skill|no such|no longer|invalid|already exists/i,
          );
        }
      }
      expect(snapshot()).toEqual(before);
    },
    60_000,
  );
});
