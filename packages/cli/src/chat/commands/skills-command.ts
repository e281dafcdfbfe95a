import type { SlashCommand } from '../chat-context.js';
import { runSkillsPanel } from '../skills-panel.js';

/** `/skills [search]`: the skills panel; a skill launched from it runs like `/<id> [arguments]`. */
export const skillsCommand: SlashCommand = {
  name: 'skills',
  usage: '/skills [search]',
  help: 'browse, search, switch on/off and launch skills',
  async run(chat, argument) {
    const launch = await runSkillsPanel({
      input: chat.input,
      write: (value) => chat.writer.write(value),
      workspace: chat.workspace,
      query: argument,
    });
    if (launch !== undefined) await chat.invokeSkill(launch);
    return undefined;
  },
};
