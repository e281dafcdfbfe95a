import type { SlashCommand } from './chat-context.js';
import { agentsCommand } from './commands/agents-command.js';
import { clearCommand, resumeCommand } from './commands/conversation-commands.js';
import { curatorCommand } from './commands/curator-command.js';
import { helpCommand, quitCommand } from './commands/help-commands.js';
import { learnCommand } from './commands/learn-command.js';
import { modelCommand } from './commands/model-command.js';
import { skillsCommand } from './commands/skills-command.js';

/**
 * The chat's own slash commands, in help order. A new command is a module under `commands/`
 * exporting a {@link SlashCommand} and one entry here; `/help` and Tab completion list it from here.
 * A `/<name>` that is none of these runs the skill of that id.
 */
export const SLASH_COMMANDS: readonly SlashCommand[] = [
  helpCommand,
  skillsCommand,
  agentsCommand,
  curatorCommand,
  learnCommand,
  modelCommand,
  clearCommand,
  resumeCommand,
  quitCommand,
];

/** The chat command called `name` (or one of its aliases), if there is one. */
export function findSlashCommand(
  name: string,
  commands: readonly SlashCommand[] = SLASH_COMMANDS,
): SlashCommand | undefined {
  return commands.find((command) => command.name === name || command.aliases?.includes(name) === true);
}

/**
 * Tab completion after `/` (node:readline completer): the chat's commands and the ids of skills the
 * user may invoke. Anything after the first space is an argument and is not completed.
 */
export function completeSlash(line: string, skillIds: readonly string[]): [string[], string] {
  if (!line.startsWith('/') || line.includes(' ')) return [[], line];
  const names = [...SLASH_COMMANDS.map((command) => command.name), ...skillIds].map((name) => `/${name}`);
  const hits = [...new Set(names)].filter((name) => name.startsWith(line)).sort();
  return [hits, line];
}
