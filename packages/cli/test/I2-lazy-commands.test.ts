import { realpathSync } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveCliEnvironment } from '../src/cli-environment.js';
import { ALL_COMMANDS, COMMAND_GROUPS, selectCommands, TOP_LEVEL_COMMANDS } from '../src/command-table.js';
import { createOutput } from '../src/output.js';
import { runCli, runProgram, VERSION } from '../src/program.js';
import { cliTestEnvironment, makeWorkspace, writeSkill } from './run-cli.js';

let project: string;
let home: string;

beforeAll(() => {
  ({ project, home } = makeWorkspace());
  project = realpathSync(project);
  home = realpathSync(home);
  const skills = path.join(project, '.agents', 'skills');
  writeSkill(skills, 'alpha', 'name: alpha\ndescription: First.\nmetadata:\n  version: "1.0"');
  writeSkill(skills, 'beta', 'name: Beta Tools\ndescription: Derived id.\npriority: 3');
  writeSkill(skills, 'broken', 'name: broken\ndescription: "never closed');
  writeSkill(path.join(home, '.agents', 'skills'), 'alpha', 'name: alpha\ndescription: Personal copy.');
});

function collector() {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** One invocation through `run` (the lazy `runCli`, or `runProgram` with every command). */
async function invoke(
  argv: readonly string[],
  run: (options: Parameters<typeof runCli>[0]) => Promise<number>,
): Promise<{ status: number; stdout: string; stderr: string }> {
  const stdout = collector();
  const stderr = collector();
  const status = await run({
    argv,
    cwd: project,
    home,
    env: cliTestEnvironment(home),
    stdin: Readable.from([]),
    stdout: stdout.stream,
    stderr: stderr.stream,
    isTTY: false,
  });
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}

const withEveryCommand = (options: Parameters<typeof runCli>[0]) => runProgram(options, ALL_COMMANDS);

describe('commands load lazily', () => {
  it('I2 the command table names exactly the commands each module registers, in help order', async () => {
    const environment = resolveCliEnvironment({
      argv: [],
      cwd: project,
      home,
      env: cliTestEnvironment(home),
    });
    const output = createOutput(environment);
    const namesOf = async (modules: typeof TOP_LEVEL_COMMANDS) => {
      const parent = new Command('parent');
      const registered: string[][] = [];
      for (const module of modules) {
        const before = parent.commands.length;
        (await module.load())(parent, output, () => {}, environment);
        registered.push(parent.commands.slice(before).map((command) => command.name()));
      }
      return registered;
    };
    for (const group of COMMAND_GROUPS)
      expect(await namesOf(group.commands)).toEqual(group.commands.map((command) => command.names));
    expect(await namesOf(TOP_LEVEL_COMMANDS)).toEqual(TOP_LEVEL_COMMANDS.map((command) => command.names));
  });

  it('I2 an invocation naming one command registers that command alone; anything else registers all', () => {
    const listing = selectCommands(['skills', 'list', '--json']);
    expect(listing.topLevel).toEqual([]);
    expect(
      listing.groups.map((group) => [group.name, group.commands.flatMap((command) => command.names)]),
    ).toEqual([['skills', ['list']]]);
    expect(selectCommands(['untrust', '.']).topLevel.flatMap((command) => command.names)).toEqual([
      'trust',
      'untrust',
    ]);
    expect(
      selectCommands(['agents', 'show', 'x']).groups[0]?.commands.flatMap((command) => command.names),
    ).toEqual(['show']);
    // The version is printed before commander reads any command, so none is loaded.
    for (const argv of [['--version'], ['-V'], ['--version', 'skills', 'list']])
      expect(selectCommands(argv)).toEqual({ groups: [], topLevel: [] });
    for (const argv of [
      [],
      ['--help'],
      ['help', 'skills'],
      ['skills'],
      ['skills', '--help', 'list'],
      ['skills', 'help', 'list'],
      ['skills', 'frobnicate'],
      ['agents'],
      ['frobnicate'],
    ])
      expect(selectCommands(argv)).toBe(ALL_COMMANDS);
  });

  it('I2 the lazy path prints the same bytes and exits the same as the program with every command', async () => {
    const invocations: string[][] = [
      ['skills', 'list', '--json'],
      ['skills', 'list', '--json', '--all'],
      ['skills', 'list'],
      ['skills', 'list', '--bogus'],
      ['skills', 'list', 'extra'],
      ['skills', 'show', 'alpha', '--json'],
      ['skills', 'show', 'missing'],
      ['agents', 'list', '--json'],
      ['untrust', path.join(project, 'nowhere')],
      ['run', '--json', '--max-turns', 'many'],
      ['--version'],
      ['-V'],
      ['--version', 'skills', 'list'],
      ...COMMAND_GROUPS.flatMap((group) =>
        group.commands.flatMap((command) => command.names.map((name) => [group.name, name, '--help'])),
      ),
      ...TOP_LEVEL_COMMANDS.flatMap((command) => command.names.map((name) => [name, '--help'])),
    ];
    for (const argv of invocations) {
      expect(selectCommands(argv), argv.join(' ')).not.toBe(ALL_COMMANDS);
      const lazy = await invoke(argv, runCli);
      const full = await invoke(argv, withEveryCommand);
      expect(lazy, argv.join(' ')).toEqual(full);
    }
    // The listing is really there (not two equal failures): priority first, the personal copy shadowed.
    const listed = JSON.parse((await invoke(['skills', 'list', '--json', '--all'], runCli)).stdout) as {
      skills: { id: string; status: string }[];
      invalid: number;
    };
    expect(listed.skills.map((skill) => [skill.id, skill.status])).toEqual([
      ['beta-tools', 'active'],
      ['alpha', 'active'],
      ['alpha', 'shadowed'],
    ]);
    expect(listed.invalid).toBe(1);
    expect(await invoke(['--version', 'skills', 'list'], runCli)).toEqual({
      status: 0,
      stdout: `${VERSION}\n`,
      stderr: '',
    });
  });
});
