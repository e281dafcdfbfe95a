import path from 'node:path';
import { type Command, Option } from 'commander';
import { collectIds } from '../agent/collect-ids.js';
import { loadAgent } from '../agent/load-agent.js';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import type { Output } from '../output.js';
import { pc } from '../terminal-style.js';

interface AgentsNewOptions {
  user?: boolean;
  dir?: string;
  description?: string;
  tools?: string[];
  model?: string;
  approvalMode?: 'default' | 'plan' | 'auto-edit' | 'yolo' | 'bubble';
  cwd?: string;
}

/** `skilldock agents new NAME [--user] [--dir DIR] [--description TEXT] [--tools A,B] [--model M] [--approval-mode MODE]` */
export function registerAgentsNew(
  agents: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  agents
    .command('new')
    .description('Create a subagent file that validates (default: <project>/.agents/agents/NAME.md)')
    .argument('<name>', "2 to 50 letters, digits, '-' or '_', e.g. code-reviewer")
    .option('--user', 'create it in ~/.agents/agents (every project) instead of the project')
    .option('--dir <dir>', 'the folder to create it in')
    .option('--description <text>', 'when the main agent should delegate to it')
    .option('--tools <names>', 'tools it may use (comma-separated; default: the standard set)', collectIds)
    .option('--model <selector>', 'inherit, fast, <model> or <provider>:<model>')
    .addOption(
      new Option('--approval-mode <mode>', 'its approval mode').choices([
        'default',
        'plan',
        'auto-edit',
        'yolo',
        'bubble',
      ]),
    )
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (name: string, options: AgentsNewOptions) => {
      const { createSubagentFile } = await loadAgent();
      const context = await createCliContext(environment, options);
      const directory =
        options.dir === undefined
          ? path.join(options.user ? context.homeDirectory : context.projectRoot, '.agents', 'agents')
          : path.resolve(context.cwd, options.dir);
      const file = await createSubagentFile(directory, {
        name,
        ...(options.description === undefined ? {} : { description: options.description }),
        ...(options.tools === undefined ? {} : { tools: options.tools }),
        ...(options.model === undefined ? {} : { model: options.model }),
        ...(options.approvalMode === undefined ? {} : { approvalMode: options.approvalMode }),
      });
      output.out(`${pc.green('Created')} ${path.relative(context.cwd, file) || file}`);
      output.out(
        'Write its prompt (the body) and description, then check it with: skilldock agents validate',
      );
      setExitCode(ExitCode.ok);
    });
}
