import { runAgentsCommand } from '../agents-command.js';
import type { SlashCommand } from '../chat-context.js';

/** `/agents [create]`: the subagents by level (view, edit, delete), or the guided wizard (SPEC A8). */
export const agentsCommand: SlashCommand = {
  name: 'agents',
  usage: '/agents [create]',
  help: 'view, edit and delete subagents by level; create: a guided wizard',
  async run(chat, argument) {
    await runAgentsCommand({
      input: chat.input,
      write: (value) => chat.writer.write(value),
      workspace: chat.workspace,
      argument,
      env: chat.env,
    });
    return undefined;
  },
};
