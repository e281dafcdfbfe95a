import type { SlashCommand } from '../chat-context.js';
import { runSkillsPanel } from '../skills-panel.js';
import { runPendingSkills } from './pending-skills-command.js';

/**
 * `/skills [search]`: the skills panel; a skill launched from it runs like `/<id> [arguments]`.
 * `/skills pending [accept|reject NAME]`: auto-skill proposals (SPEC L2).
 */
export const skillsCommand: SlashCommand = {
  name: 'skills',
  usage: '/skills [search] | pending [accept|reject NAME]',
  help: 'browse, search, switch on/off and launch skills; review auto-skill proposals',
  async run(chat, argument) {
    if (/^pending(\s|$)/.test(argument.trim()))
      return runPendingSkills(chat, argument.trim().slice('pending'.length));
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
