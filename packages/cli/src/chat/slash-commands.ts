/** The chat's own slash commands, in help order, with what they do. */
export const SLASH_COMMANDS: readonly {
  readonly name: string;
  readonly usage: string;
  readonly help: string;
}[] = [
  { name: 'help', usage: '/help', help: 'show this help' },
  { name: 'skills', usage: '/skills [search]', help: 'browse, search, switch on/off and launch skills' },
  {
    name: 'agents',
    usage: '/agents [create]',
    help: 'view, edit and delete subagents by level; create: a guided wizard',
  },
  { name: 'model', usage: '/model [selector]', help: 'show the model, or switch it for the next turns' },
  { name: 'clear', usage: '/clear', help: 'start a new conversation (and transcript)' },
  { name: 'resume', usage: '/resume [id]', help: 'list saved sessions, or continue one' },
  { name: 'quit', usage: '/quit', help: 'leave (also Ctrl-D, or Ctrl-C twice at an empty prompt)' },
];

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
