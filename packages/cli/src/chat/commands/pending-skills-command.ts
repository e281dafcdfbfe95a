import {
  type PendingSkillAction,
  performPendingSkillAction,
  renderPendingSkillOutcome,
} from '../../auto-skill/pending-skill-actions.js';
import { workspaceCuratorScope } from '../../curator/curator-scope.js';
import { pc } from '../../terminal-style.js';
import type { ChatContext, SlashCommandOutcome } from '../chat-context.js';

/** `/skills pending [accept|reject NAME]` on the chat's workspace; an accepted skill is announced next turn. */
export async function runPendingSkills(chat: ChatContext, argument: string): Promise<SlashCommandOutcome> {
  const [verb, name, ...rest] = argument.trim().split(/\s+/).filter(Boolean);
  let action: PendingSkillAction;
  if (verb === undefined) action = { kind: 'list' };
  else if ((verb === 'accept' || verb === 'reject') && name !== undefined && rest.length === 0)
    action = { kind: verb, name };
  else {
    chat.say(`${pc.red('✗')} usage: /skills pending [accept|reject NAME]`);
    return undefined;
  }
  const { workspace } = chat;
  try {
    const outcome = await performPendingSkillAction(workspaceCuratorScope(workspace), action);
    chat.say(renderPendingSkillOutcome(outcome, workspace.projectRoot));
    if (outcome.kind === 'accept') await workspace.refreshCatalog();
  } catch (error) {
    chat.say(`${pc.red('error')} ${(error as Error).message}`);
  }
  return undefined;
}
