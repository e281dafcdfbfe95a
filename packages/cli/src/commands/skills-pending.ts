import type { Command } from 'commander';
import {
  type PendingSkillAction,
  performPendingSkillAction,
  renderPendingSkillOutcome,
} from '../auto-skill/pending-skill-actions.js';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { openCuratorScope } from '../curator/curator-scope.js';
import { ExitCode } from '../exit-codes.js';
import type { Output } from '../output.js';

interface PendingOptions {
  readonly json?: boolean;
  readonly cwd?: string;
  readonly safeMode?: boolean;
}

/** `skilldock skills pending [accept|reject NAME] [--json]` (SPEC L2): auto-skill proposals. */
export function registerSkillsPending(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  skills
    .command('pending')
    .description(
      'List auto-skill proposals waiting for review, or accept or reject one (accept/reject need a trusted workspace)',
    )
    .argument('[action]', 'accept or reject')
    .argument('[name]', 'the proposal, e.g. auto-skill-cut-release')
    .option('--json', 'print JSON')
    .option('--safe-mode', 'as a --safe-mode session: project settings ignored, nothing changed')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(
      async (
        verb: string | undefined,
        name: string | undefined,
        options: PendingOptions,
        command: Command,
      ) => {
        let action: PendingSkillAction;
        if (verb === undefined) action = { kind: 'list' };
        else if ((verb === 'accept' || verb === 'reject') && name !== undefined)
          action = { kind: verb, name };
        else {
          command.error(
            `error: expected \`skills pending\`, \`skills pending accept NAME\` or \`skills pending reject NAME\``,
            {
              code: 'commander.invalidArgument',
              exitCode: ExitCode.usage,
            },
          );
          return;
        }
        const context = await createCliContext(environment, options);
        const scope = await openCuratorScope(context, { safeMode: options.safeMode === true }, output);
        const outcome = await performPendingSkillAction(scope, action);
        if (options.json) output.json(outcome.kind === 'list' ? { pending: outcome.pending } : outcome);
        else output.out(renderPendingSkillOutcome(outcome, context.projectRoot));
        setExitCode(ExitCode.ok);
      },
    );
}
