import { pc } from '../../terminal-style.js';
import type { SlashCommand } from '../chat-context.js';

/** `/model [selector]`: shows the model, or switches the workspace and conversation to another. */
export const modelCommand: SlashCommand = {
  name: 'model',
  usage: '/model [selector]',
  help: 'show the model, or switch it for the next turns',
  async run(chat, argument) {
    if (argument === '') {
      chat.say(`Model: ${chat.workspace.model.label}`);
      return undefined;
    }
    try {
      const model = await chat.workspace.useModel(argument);
      chat.conversation.followModel();
      chat.say(`Model: ${model.label} ${pc.dim('(from the next turn)')}`);
    } catch (error) {
      chat.say(`${pc.red('error')} ${(error as Error).message}`);
    }
    return undefined;
  },
};
