import { type CuratorAction, performCuratorAction } from '../../curator/curator-actions.js';
import { workspaceCuratorScope } from '../../curator/curator-scope.js';
import { renderCuratorOutcome } from '../../curator/render-curator-outcome.js';
import { pc } from '../../terminal-style.js';
import type { SlashCommand } from '../chat-context.js';

const USAGE = '/curator status | run [--dry-run] | pin DIR | unpin DIR | restore DIR';

/** `/curator …` (SPEC L3): the `skilldock curator` commands inside a chat, on the chat's workspace. */
export const curatorCommand: SlashCommand = {
  name: 'curator',
  usage: '/curator [status|run|pin|unpin|restore]',
  help: 'generated skills: ages, maintenance run (--dry-run), pin, unpin, restore',
  async run(chat, argument) {
    const action = parseCuratorArguments(argument);
    if (action === undefined) {
      chat.say(`${pc.red('✗')} usage: ${USAGE}`);
      return undefined;
    }
    const { workspace } = chat;
    try {
      const outcome = await performCuratorAction(workspaceCuratorScope(workspace), action);
      chat.say(renderCuratorOutcome(outcome, workspace.projectRoot));
      if (outcome.kind !== 'status' && !(outcome.kind === 'run' && outcome.report.dryRun))
        await workspace.refreshCatalog();
    } catch (error) {
      chat.say(`${pc.red('error')} ${(error as Error).message}`);
    }
    return undefined;
  },
};

/** `status`, `run [--dry-run]`, `pin|unpin|restore DIR`; anything else is undefined (usage). */
export function parseCuratorArguments(argument: string): CuratorAction | undefined {
  const [verb = 'status', ...rest] = argument.trim().split(/\s+/).filter(Boolean);
  if (verb === 'status' && rest.length === 0) return { kind: 'status' };
  if (verb === 'run' && (rest.length === 0 || (rest.length === 1 && rest[0] === '--dry-run')))
    return { kind: 'run', dryRun: rest.length === 1 };
  if ((verb === 'pin' || verb === 'unpin' || verb === 'restore') && rest.length === 1)
    return { kind: verb, directory: rest[0]! };
  return undefined;
}
