import { pc } from '../../terminal-style.js';
import type { SlashCommand } from '../chat-context.js';

/** `/help`: the chat's commands and how to run a skill. */
export const helpCommand: SlashCommand = {
  name: 'help',
  usage: '/help',
  help: 'show this help',
  async run(chat) {
    chat.say(chat.commands.map((entry) => `  ${entry.usage.padEnd(20)} ${pc.dim(entry.help)}`).join('\n'));
    chat.say(pc.dim('  /<skill-id> [args]   run a skill with arguments (Tab completes after /)'));
    return undefined;
  },
};

/** `/quit` (or `/exit`): leaves the chat. */
export const quitCommand: SlashCommand = {
  name: 'quit',
  aliases: ['exit'],
  usage: '/quit',
  help: 'leave (also Ctrl-D, or Ctrl-C twice at an empty prompt)',
  async run() {
    return 'quit';
  },
};
