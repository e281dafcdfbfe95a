import { pc } from '../../terminal-style.js';
import type { SlashCommand } from '../chat-context.js';

const FAST_FLAG = /^--fast(?:\s+|$)/;

/**
 * `/model [selector]`: shows the model, or switches the workspace and conversation to another.
 * `/model --fast [selector]` (seed 000): shows the fast model, or sets it for the session — what
 * the `fast` selector means for subagents and the Explore agent from now on (over `models.fast`).
 * A bare id goes to the first provider that offers it, the current model's provider first (SPEC G1).
 */
export const modelCommand: SlashCommand = {
  name: 'model',
  usage: '/model [selector] · /model --fast [selector]',
  help: 'show the model, or switch it for the next turns; --fast: the fast model of subagents',
  async run(chat, argument) {
    if (FAST_FLAG.test(argument)) return runFast(chat, argument.replace(FAST_FLAG, '').trim());
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

async function runFast(chat: Parameters<SlashCommand['run']>[0], selector: string): Promise<undefined> {
  if (selector === '') {
    const fast = chat.workspace.fastModel;
    if (fast !== undefined) chat.say(`Fast model: ${fast} ${pc.dim('(this session)')}`);
    else {
      try {
        const route = await chat.workspace.pickModel('fast');
        chat.say(`Fast model: ${route.provider.name}:${route.model} ${pc.dim('(settings)')}`);
      } catch (error) {
        chat.say(`${pc.red('error')} ${(error as Error).message}`);
      }
    }
    return undefined;
  }
  try {
    const fast = await chat.workspace.useFastModel(selector);
    chat.say(`Fast model: ${fast.label} ${pc.dim('(for this session)')}`);
  } catch (error) {
    chat.say(`${pc.red('error')} ${(error as Error).message}`);
  }
  return undefined;
}
