import path from 'node:path';
import { describeLearnResult } from '../../learn/describe-learn-result.js';
import { pc } from '../../terminal-style.js';
import type { SlashCommand } from '../chat-context.js';

/**
 * `/learn SOURCE [focus…]` (SPEC L1): learns a skill from a page, files, text or a video, shows its
 * path and content, and asks to keep or discard it; a discarded skill is removed (`removeInside`),
 * a kept one is in the catalog from the next turn. Ctrl-C cancels the learning.
 */
export const learnCommand: SlashCommand = {
  name: 'learn',
  usage: '/learn <url|path|text> [focus…]',
  help: 'distil a page, files, text or a video into a learned skill, then keep or discard it',
  async run(chat, argument) {
    if (argument.trim() === '') {
      chat.say(
        `Usage: ${learnCommand.usage}  ${pc.dim('e.g. /learn ./tutorial.mp4 focus on the deployment')}`,
      );
      return undefined;
    }
    const { workspace, agent } = chat;
    const { source, focus } = await agent.splitLearnInput(
      argument,
      workspace.projectRoot,
      workspace.homeDirectory,
    );
    chat.say(pc.dim('Learning… (Ctrl-C cancels)'));
    let result: Awaited<ReturnType<typeof agent.learnInWorkspace>>;
    try {
      result = await chat.cancellable((signal) =>
        agent.learnInWorkspace(workspace, { source, focus, signal }),
      );
    } catch (error) {
      chat.say(`${pc.red('error')} ${(error as Error).message}`);
      return undefined;
    }
    for (const line of describeLearnResult(result, workspace.projectRoot)) chat.say(line);
    if (!result.ok) return undefined;
    const names = result.skills.map((skill) => skill.name).join(', ');
    const answer = await chat.input.ask(`Keep ${names}? [y/N] › `, { typeAhead: false });
    if (/^y(es)?$/i.test(answer?.trim() ?? '')) {
      await workspace.refreshCatalog();
      chat.say(`${pc.green('kept')} ${names} ${pc.dim('(available from the next turn)')}`);
      return undefined;
    }
    for (const skill of result.skills) await agent.discardLearnedSkill(skill.directory, result.directory);
    chat.say(
      `${pc.yellow('discarded')} ${result.skills.map((skill) => path.relative(workspace.projectRoot, skill.directory)).join(', ')}`,
    );
    return undefined;
  },
};
