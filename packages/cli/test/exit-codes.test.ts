import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace, runCliInProcess, writeSkill } from './run-cli.js';
import { writeSkillRepository } from './skills-add-fixtures.js';

let project: string;
let home: string;
let base: string;

beforeAll(() => {
  ({ project, home } = makeWorkspace());
  base = path.dirname(project);
  writeSkill(path.join(project, '.agents', 'skills'), 'good', 'name: good\ndescription: A good skill.');
  writeSkillRepository(path.join(base, 'many'), ['alpha', 'beta']);
  writeSkillRepository(path.join(base, 'one'), ['solo']);
  writeSkill(base, 'broken', 'name: broken');
  execFileSync('zip', ['-qr', path.join(base, 'broken.zip'), 'broken'], { cwd: base });
  writeFileSync(path.join(project, 'exists.zip'), 'already here');
  mkdirSync(path.join(project, 'folder'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

interface Row {
  /** The command line, run in the project. */
  readonly args: readonly string[];
  readonly exit: number;
  /** The error code; with it (and a command that takes --json) the row also runs with --json and must print `{ error }` on stdout. */
  readonly code?: string;
  /** The command has no --json (it prints text only). */
  readonly textOnly?: true;
}

/** Command × situation → exit code (README "Exit codes"): 2 usage, 1 invalid input or failure. */
const TABLE: readonly Row[] = [
  // the command line itself
  { args: ['skills', 'list', '--bogus'], exit: 2, code: 'unknown_option' },
  { args: ['skills', 'frobnicate'], exit: 2 },
  { args: ['skills', 'show'], exit: 2, code: 'missing_argument' },
  { args: ['skills', 'pack', 'x', '--format', 'rar'], exit: 2, code: 'invalid_argument' },
  { args: ['skills', 'list', '--cwd', 'nope'], exit: 2, code: 'cwd_not_found' },
  // paths that do not exist
  { args: ['skills', 'validate', 'nope'], exit: 2, code: 'path_not_found' },
  { args: ['skills', 'hash', 'nope'], exit: 2, code: 'path_not_found' },
  { args: ['skills', 'pack', 'nope'], exit: 2, code: 'path_not_found' },
  { args: ['skills', 'prompt', 'nope'], exit: 2, code: 'path_not_found', textOnly: true },
  { args: ['skills', 'read-properties', 'nope'], exit: 2 },
  { args: ['skills', 'add', './nope'], exit: 2, code: 'source_not_found' },
  { args: ['skills', 'import', './nope.zip'], exit: 2, code: 'source_not_found' },
  { args: ['skills', 'import', 'folder'], exit: 2, code: 'not_an_archive' },
  { args: ['trust', '/nonexistent/skilldock-folder'], exit: 2, code: 'path_not_found', textOnly: true },
  { args: ['agents', 'validate', 'nope.md'], exit: 2, code: 'path_not_found' },
  { args: ['agents', 'list', '--cwd', 'nope'], exit: 2, code: 'cwd_not_found' },
  // choices the command line must make
  { args: ['skills', 'add', '../one', '--agent', 'nope'], exit: 2, code: 'unknown_agent' },
  { args: ['skills', 'add', '../many'], exit: 2, code: 'skill_selection_required' },
  { args: ['chat'], exit: 2, code: 'terminal_required', textOnly: true },
  { args: ['run', 'Hello'], exit: 2 },
  // unknown ids: invalid input
  { args: ['skills', 'show', 'nope'], exit: 1, code: 'skill_not_found' },
  { args: ['skills', 'remove', 'nope'], exit: 1, code: 'skill_not_installed' },
  { args: ['skills', 'check', 'nope'], exit: 1 },
  { args: ['skills', 'update', 'nope'], exit: 1 },
  { args: ['skills', 'add', '../many', '--skill', 'nope'], exit: 1, code: 'skill_not_found' },
  { args: ['agents', 'show', 'nope'], exit: 1, code: 'subagent_not_found' },
  // invalid skills and names that exist
  { args: ['skills', 'validate', '../broken'], exit: 1 },
  { args: ['skills', 'hash', '.agents/skills'], exit: 1, code: 'invalid_skill' },
  { args: ['skills', 'pack', '../broken'], exit: 1, code: 'invalid_skill' },
  { args: ['skills', 'import', '../broken.zip', '--yes'], exit: 1, code: 'no_installable_skills' },
  { args: ['skills', 'new', 'Not Valid'], exit: 1, code: 'invalid_skill_name', textOnly: true },
  { args: ['skills', 'new', 'good'], exit: 1, code: 'skill_exists', textOnly: true },
  { args: ['agents', 'new', 'a/b'], exit: 1, code: 'invalid_subagent_name', textOnly: true },
  { args: ['skills', 'pack', '.agents/skills/good', '--out', 'exists.zip'], exit: 1, code: 'output_exists' },
  // success
  { args: ['skills', 'list'], exit: 0 },
  { args: ['skills', 'show', 'good'], exit: 0 },
  { args: ['skills', 'validate', '.agents/skills/good'], exit: 0 },
  { args: ['skills', 'hash', '.agents/skills/good'], exit: 0 },
  { args: ['skills', 'doctor'], exit: 0 },
  { args: ['agents', 'list'], exit: 0 },
  { args: ['agents', 'show', 'explore'], exit: 0 },
  { args: ['agents', 'doctor'], exit: 0 },
  { args: ['agents', 'validate'], exit: 0 },
  { args: ['skills', 'check'], exit: 0 },
  { args: ['skills', 'update'], exit: 0 },
  { args: ['skills', 'prompt'], exit: 0 },
  { args: ['untrust', 'folder'], exit: 0 },
  { args: ['trust', 'folder'], exit: 0 },
];

describe('exit codes: one table for every command', () => {
  it.each(TABLE.map((row) => [row.args.join(' '), row] as const))('I2 %s', async (_label, row) => {
    const result = await runCliInProcess(row.args, { cwd: project, home });
    expect(result.status, result.stderr).toBe(row.exit);
    if (row.exit !== 0)
      expect((result.stdout + result.stderr).trim(), 'a failure says what went wrong').not.toBe('');
    if (row.code === undefined || row.textOnly) return;
    const json = await runCliInProcess([...row.args, '--json'], { cwd: project, home });
    expect(json.status, json.stderr).toBe(row.exit);
    expect(JSON.parse(json.stdout)).toEqual({
      error: { code: row.code, message: expect.any(String), details: expect.any(Object) },
    });
  });

  it('I2 an install that cannot go on writes nothing and never shows an internal draft id', async () => {
    const before = readdirSync(project).sort();
    const result = await runCliInProcess(['skills', 'import', '../broken.zip', '--yes'], {
      cwd: project,
      home,
    });
    expect(result.stdout + result.stderr).not.toMatch(/draft [0-9a-f-]{36}/);
    expect(result.stderr).toContain('holds no valid skill');
    expect(readdirSync(project).sort()).toEqual(before);
  });

  it('I2 run --json reports a bad flag as one run-error line with its code', async () => {
    const result = await runCliInProcess(['run', '--json', '--max-turns', '0', 'Hi'], { cwd: project, home });
    expect(result.status).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ type: 'run-error', code: 'invalid_argument' });
  });
});

describe('exitCodeFor', () => {
  it('I2 maps commander errors and usage codes to 2, unknown ids and other codes to 1, and Node errors to 1', async () => {
    const { CommanderError } = await import('commander');
    const { UserInputError } = await import('@skilldock/core/errors');
    const { errorCode, exitCodeFor } = await import('../src/exit-codes.js');
    expect(exitCodeFor(new CommanderError(1, 'commander.unknownOption', 'x'))).toBe(2);
    expect(errorCode(new CommanderError(1, 'commander.optionMissingArgument', 'x'))).toBe(
      'option_missing_argument',
    );
    expect(exitCodeFor(new UserInputError('path_not_found', 'x'))).toBe(2);
    expect(exitCodeFor(new UserInputError('unknown_agent', 'x'))).toBe(2);
    expect(exitCodeFor(new UserInputError('skill_not_installed', 'x'))).toBe(1);
    expect(exitCodeFor(new UserInputError('something_new', 'x'))).toBe(1);
    expect(exitCodeFor(new UserInputError('toString', 'x'))).toBe(1);
    const disk = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    expect(errorCode(disk)).toBe('internal_error');
    expect(exitCodeFor(disk)).toBe(1);
  });
});

describe('the exit-code table', () => {
  it('I2 lists only codes that exit other than the default (1), and only registered codes', async () => {
    const { EXIT_CODE_BY_ERROR_CODE } = await import('../src/exit-codes.js');
    const { registeredErrorCodes } = await import('../../core/test/support/registered-error-codes.js');
    const registered = registeredErrorCodes();
    const entries = Object.entries(EXIT_CODE_BY_ERROR_CODE);
    expect(entries.filter(([code]) => !registered.has(code))).toEqual([]);
    expect(entries.filter(([, exit]) => exit === 1)).toEqual([]);
    expect(entries.length).toBeGreaterThan(0);
  });

  it('I2 maps a code absent from the table by its class: a usage error exits 2, from any copy of the CLI', async () => {
    const { exitCodeFor } = await import('../src/exit-codes.js');
    const { UsageError } = await import('../src/usage-error.js');
    const { SecurityError } = await import('@skilldock/core/errors');
    // `never`: a code no package registers, so the table cannot list it.
    expect(exitCodeFor(new UsageError('flag_combination_unknown' as never, 'x'))).toBe(2);
    const fromACopy = Object.assign(new Error('x'), { code: 'flag_combination_unknown' });
    for (const name of ['UsageError', 'UserInputError', 'SkilldockError'])
      Object.defineProperty(fromACopy, Symbol.for(`skilldock.error.${name}`), { value: true });
    expect(exitCodeFor(fromACopy)).toBe(2);
    expect(exitCodeFor(new SecurityError('flag_combination_unknown' as never, 'x'))).toBe(1);
  });

  it('I2 the CLI throws its own usage failures as UsageError', async () => {
    const { UsageError } = await import('../src/usage-error.js');
    const { createCliContext } = await import('../src/cli-context.js');
    const error = await createCliContext({ cwd: project, home, env: {} } as never, {
      cwd: 'no-such-folder',
    }).catch((thrown: unknown) => thrown);
    expect(UsageError.isInstance(error) && error.code).toBe('cwd_not_found');
  });

  it("I2 SEC4 run outside a project exits 2 by the error's class, with its code on the run-error line", async () => {
    const result = await runCliInProcess(['run', '--json', 'Hello'], { cwd: home, home });
    expect(result.status, result.stderr).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ type: 'run-error', code: 'project_not_found' });
  });
});
