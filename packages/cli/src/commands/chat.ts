import { type Command, Option } from 'commander';
import { CLI_APPROVAL_MODES, type CliApprovalMode } from '../agent/cli-approval-modes.js';
import { collectIds } from '../agent/collect-ids.js';
import type { CliEnvironment } from '../cli-environment.js';
import { MODEL_OPTION_HELP, MODEL_SELECTION_HELP } from '../model-selector-help.js';
import type { Output } from '../output.js';
import { UsageError } from '../usage-error.js';

interface ChatCommandOptions {
  model?: string;
  approvalMode: CliApprovalMode;
  resume?: string | boolean;
  preload?: string[];
  cwd?: string;
  approveMcp?: string[];
  safeMode?: boolean;
}

/** `skilldock chat` — the interactive terminal agent (needs a terminal; scripts use `skilldock run`). */
export function registerChat(
  program: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  program
    .command('chat')
    .description('Talk to the agent in the terminal: streamed answers, approvals, skills as /commands')
    .option('-m, --model <selector>', MODEL_OPTION_HELP)
    .addHelpText('after', MODEL_SELECTION_HELP)
    .addOption(
      new Option('--approval-mode <mode>', 'what may run without asking')
        .choices(CLI_APPROVAL_MODES)
        .default('default'),
    )
    .option('--resume [id]', 'continue the latest session, or the one with this id')
    .option(
      '--preload <ids>',
      'activate skills from the first turn (comma-separated; repeatable)',
      collectIds,
    )
    .option(
      '--approve-mcp <name>',
      'start this project MCP server without asking, this session only (repeatable)',
      collectIds,
    )
    .option(
      '--safe-mode',
      'no project settings, project MCP servers, project subagents, fork profiles or external executors',
    )
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (options: ChatCommandOptions) => {
      if (!environment.terminal.stdin || !environment.terminal.stdout) {
        throw new UsageError(
          'terminal_required',
          'skilldock chat needs a terminal; for scripts and pipes use: skilldock run "PROMPT"',
        );
      }
      const { runChat } = await import('../chat/run-chat.js');
      setExitCode(
        await runChat(
          {
            approvalMode: options.approvalMode,
            ...(options.model === undefined ? {} : { model: options.model }),
            ...(options.resume === undefined ? {} : { resume: options.resume }),
            ...(options.preload === undefined ? {} : { preload: options.preload }),
            ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
            ...(options.approveMcp === undefined ? {} : { approveMcp: options.approveMcp }),
            ...(options.safeMode === true ? { safeMode: true } : {}),
          },
          output,
          environment,
        ),
      );
    });
}
