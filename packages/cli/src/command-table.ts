import type { Command } from 'commander';
import type { CliEnvironment } from './cli-environment.js';
import type { Output } from './output.js';

/** What every command module exports: adds its command (or commands) to `parent`. */
export type RegisterCommand = (
  parent: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
) => void;

/** One command module: the names it adds to its parent and how to load its register function. */
export interface CommandModule {
  /** The command names it adds, as typed on the command line (`trust` adds `untrust` too). */
  readonly names: readonly string[];
  readonly load: () => Promise<RegisterCommand>;
}

/** A command that only groups subcommands: `skilldock skills …`, `skilldock agents …`. */
export interface CommandGroup {
  readonly name: string;
  readonly description: string;
  readonly commands: readonly CommandModule[];
}

/**
 * Every command of the program, in the order `--help` lists them. A module is imported only when
 * its command runs (see {@link selectCommands}): the command modules and what they import were a
 * tenth of a cold `skills list`, which needs one of them.
 */
export const COMMAND_GROUPS: readonly CommandGroup[] = [
  {
    name: 'skills',
    description: 'Manage, validate and render Agent Skills',
    commands: [
      { names: ['list'], load: async () => (await import('./commands/skills-list.js')).registerSkillsList },
      { names: ['show'], load: async () => (await import('./commands/skills-show.js')).registerSkillsShow },
      {
        names: ['validate'],
        load: async () => (await import('./commands/skills-validate.js')).registerSkillsValidate,
      },
      {
        names: ['read-properties'],
        load: async () => (await import('./commands/skills-read-properties.js')).registerSkillsReadProperties,
      },
      {
        names: ['prompt'],
        load: async () => (await import('./commands/skills-prompt.js')).registerSkillsPrompt,
      },
      { names: ['new'], load: async () => (await import('./commands/skills-new.js')).registerSkillsNew },
      { names: ['pack'], load: async () => (await import('./commands/skills-pack.js')).registerSkillsPack },
      { names: ['hash'], load: async () => (await import('./commands/skills-hash.js')).registerSkillsHash },
      {
        names: ['doctor'],
        load: async () => (await import('./commands/skills-doctor.js')).registerSkillsDoctor,
      },
      { names: ['add'], load: async () => (await import('./commands/skills-add.js')).registerSkillsAdd },
      {
        names: ['remove'],
        load: async () => (await import('./commands/skills-remove.js')).registerSkillsRemove,
      },
      {
        names: ['update'],
        load: async () => (await import('./commands/skills-update.js')).registerSkillsUpdate,
      },
      {
        names: ['check'],
        load: async () => (await import('./commands/skills-check.js')).registerSkillsCheck,
      },
      {
        names: ['import'],
        load: async () => (await import('./commands/skills-import.js')).registerSkillsImport,
      },
      {
        names: ['pending'],
        load: async () => (await import('./commands/skills-pending.js')).registerSkillsPending,
      },
    ],
  },
  {
    name: 'agents',
    description: 'List, show, validate and create subagents (agent files and fork profiles)',
    commands: [
      { names: ['list'], load: async () => (await import('./commands/agents-list.js')).registerAgentsList },
      { names: ['show'], load: async () => (await import('./commands/agents-show.js')).registerAgentsShow },
      {
        names: ['validate'],
        load: async () => (await import('./commands/agents-validate.js')).registerAgentsValidate,
      },
      {
        names: ['doctor'],
        load: async () => (await import('./commands/agents-doctor.js')).registerAgentsDoctor,
      },
      { names: ['new'], load: async () => (await import('./commands/agents-new.js')).registerAgentsNew },
    ],
  },
];

/** The commands directly under `skilldock`, after the groups, in `--help` order. */
export const TOP_LEVEL_COMMANDS: readonly CommandModule[] = [
  { names: ['trust', 'untrust'], load: async () => (await import('./commands/trust.js')).registerTrust },
  { names: ['run'], load: async () => (await import('./commands/run.js')).registerRun },
  { names: ['chat'], load: async () => (await import('./commands/chat.js')).registerChat },
  { names: ['curator'], load: async () => (await import('./commands/curator.js')).registerCurator },
  { names: ['learn'], load: async () => (await import('./commands/learn.js')).registerLearn },
  { names: ['mcp'], load: async () => (await import('./commands/mcp.js')).registerMcp },
  { names: ['serve'], load: async () => (await import('./commands/serve.js')).registerServe },
  { names: ['worker'], load: async () => (await import('./commands/worker.js')).registerWorker },
];

/** The commands one invocation registers: per group the modules to load, then the top-level ones. */
export interface CommandSelection {
  readonly groups: readonly CommandGroup[];
  readonly topLevel: readonly CommandModule[];
}

/** Every command: what `--help`, a usage error or an unknown command needs. */
export const ALL_COMMANDS: CommandSelection = { groups: COMMAND_GROUPS, topLevel: TOP_LEVEL_COMMANDS };

/** No command at all: what `--version` needs, since commander prints it before looking further. */
export const NO_COMMANDS: CommandSelection = { groups: [], topLevel: [] };

/**
 * The one command `argv` names (`skills list …`, `trust …`), or {@link ALL_COMMANDS} when it names
 * none: no arguments, another option first (`--help`), `help`, a group alone or followed by an
 * option, or an unknown name. Commander dispatches on exactly these leading operands, so the one
 * command registered alone parses, helps and fails as it does among all the others. `--version`
 * (or `-V`) first registers {@link NO_COMMANDS}: the version is printed before any command is read.
 * @example selectCommands(['skills', 'list', '--json']) // the `skills` group with `list` alone
 */
export function selectCommands(argv: readonly string[]): CommandSelection {
  const [first, second] = argv;
  if (first === undefined) return ALL_COMMANDS;
  if (first === '--version' || first === '-V') return NO_COMMANDS;
  const group = COMMAND_GROUPS.find((candidate) => candidate.name === first);
  if (group !== undefined) {
    const command = second === undefined ? undefined : findCommand(group.commands, second);
    return command === undefined
      ? ALL_COMMANDS
      : { groups: [{ ...group, commands: [command] }], topLevel: [] };
  }
  const command = findCommand(TOP_LEVEL_COMMANDS, first);
  return command === undefined ? ALL_COMMANDS : { groups: [], topLevel: [command] };
}

function findCommand(commands: readonly CommandModule[], name: string): CommandModule | undefined {
  return commands.find((command) => command.names.includes(name));
}
