import { Writable } from 'node:stream';
import { Command, type Help } from 'commander';
import { resolveCliEnvironment } from '../../packages/cli/src/cli-environment.js';
import { ALL_COMMANDS } from '../../packages/cli/src/command-table.js';
import { createOutput } from '../../packages/cli/src/output.js';
import { cell, code, page, table } from './markdown.js';

/**
 * The environment the commands are registered in: a fixed home and folder, no colour, no
 * terminal, so defaults that name the home folder read `~` and the page is the same on every machine.
 */
function documentationEnvironment() {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  return resolveCliEnvironment({
    argv: ['--help'],
    cwd: '/project',
    home: '~',
    env: { NO_COLOR: '1' },
    stdout: sink,
    stderr: sink,
    isTTY: false,
  });
}

/**
 * The `skilldock` program with every command registered as `runProgram` registers them (the same
 * modules, groups and order), but never parsed: only its definitions are read.
 */
async function loadProgram(): Promise<Command> {
  const environment = documentationEnvironment();
  const output = createOutput(environment);
  const program = new Command('skilldock').description('Agent Skills and subagents for TypeScript');
  for (const group of ALL_COMMANDS.groups) {
    const parent = program.command(group.name).description(group.description);
    for (const module of group.commands) (await module.load())(parent, output, () => {}, environment);
  }
  for (const module of ALL_COMMANDS.topLevel) (await module.load())(program, output, () => {}, environment);
  return program;
}

function fullName(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current !== null; current = current.parent) {
    names.unshift(current.name());
  }
  return names.join(' ');
}

/** One command's section: usage, description, arguments and options, as `--help` shows them. */
function commandSection(command: Command, help: Help): string {
  const name = fullName(command);
  const parts = [`## ${name}`, '', '```', help.commandUsage(command), '```', ''];
  const description = help.commandDescription(command);
  if (description !== '') parts.push(cell(description), '');
  const aliases = command.aliases();
  if (aliases.length > 0) parts.push(`Also: ${aliases.map(code).join(', ')}`, '');
  const commandArguments = help.visibleArguments(command);
  if (commandArguments.length > 0) {
    parts.push(
      table(
        ['argument', 'meaning'],
        commandArguments.map((argument) => [
          code(help.argumentTerm(argument)),
          cell(help.argumentDescription(argument)),
        ]),
      ),
      '',
    );
  }
  const options = help.visibleOptions(command).filter((option) => option.long !== '--help');
  if (options.length > 0) {
    parts.push(
      table(
        ['option', 'meaning'],
        options.map((option) => [code(help.optionTerm(option)), cell(help.optionDescription(option))]),
      ),
      '',
    );
  }
  return parts.join('\n');
}

/** Every command that does something (groups are headings only), depth first in `--help` order. */
function leafCommands(command: Command): Command[] {
  return command.commands.flatMap((child) => (child.commands.length > 0 ? leafCommands(child) : [child]));
}

/** `reference/cli.md`: every `skilldock` command, argument and option, from the command definitions. */
export async function cliReferencePage(): Promise<string> {
  const program = await loadProgram();
  const help = program.createHelp();
  const groups = program.commands.filter((command) => command.commands.length > 0);
  const index = table(
    ['command', 'what it does'],
    leafCommands(program).map((command) => {
      const name = fullName(command);
      const anchor = name.replace(/ /g, '-');
      return [
        `[${code(name)}](#${anchor})`,
        cell(command.summary() || command.description().split('\n')[0]!),
      ];
    }),
  );
  const sections = leafCommands(program).map((command) => commandSection(command, help));
  const groupLines = groups.map(
    (group) => `- ${code(`skilldock ${group.name()}`)}: ${cell(group.description())}`,
  );
  return page(
    'CLI reference',
    [
      'Every `skilldock` command with its arguments and options, as `skilldock <command> --help` prints them.',
      'Every command also takes `-h, --help`; `skilldock --version` prints the version. What the commands',
      'are for, with examples, is in the [CLI guide](../guide/cli); exit codes are in',
      '[Exit codes](./exit-codes).',
    ].join('\n'),
    [...groupLines, '', index, '', ...sections].join('\n'),
  );
}
