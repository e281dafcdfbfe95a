import type { AgentWorkspace } from '@skilldock/agent/workspace';
import type { Command } from 'commander';
import { loadAgent } from '../agent/load-agent.js';
import { requireProjectFolder } from '../agent/require-project-folder.js';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import { describeLearnResult, learnResultJson } from '../learn/describe-learn-result.js';
import { MODEL_OPTION_HELP } from '../model-selector-help.js';
import type { Output } from '../output.js';
import { pc } from '../terminal-style.js';

interface LearnOptions {
  model?: string;
  json?: boolean;
  trust?: boolean;
  cwd?: string;
  allowInsecureLocalhost?: boolean;
}

/**
 * `skilldock learn SOURCE [FOCUS…]` (SPEC L1): distils a page, a file or folder of the project,
 * plain text or a video into `<learn dir>/learned-skill-<name>/SKILL.md` (`source: learned`) and
 * prints it for review. Exit 0 with a skill, 1 when nothing was kept or the source was refused,
 * 2 for a usage or configuration error (no model, a video for an unmarked model).
 */
export function registerLearn(
  program: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  program
    .command('learn')
    .description('Distil a page, files, text or a video into a learned skill for review')
    .argument(
      '<source>',
      'an https URL, a file or folder in the project, a .mp4/.webm/.mov/.m4v video, or text',
    )
    .argument('[focus...]', 'what part of the source the skill should cover')
    .option('-m, --model <selector>', MODEL_OPTION_HELP)
    .option('--json', 'print the result as JSON')
    .option('--trust', 'trust this workspace for this run only (also: SKILLDOCK_TRUST=1)')
    .option(
      '--allow-insecure-localhost',
      'allow plain http pages on loopback addresses (local servers, tests)',
    )
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .addHelpText(
      'after',
      `
Exit codes: 0 a skill was written, 1 nothing was kept or the source was refused, 2 usage or
configuration (no model; a video for a model not marked video: true), 130 cancelled.

The skill is written to learned-skill-<name>/ in the learn directory (setting learn.directory,
default .agents/skills); pages come from any https host unless learn.allowedHosts lists them. A
video needs a model marked "video": true (models.providers.<provider>.models.<model>.video). Video
sites (YouTube, Vimeo, Bilibili, …) are refused: download the video and pass its path.

Examples:
  skilldock learn https://docs.example.com/deploy
  skilldock learn docs/runbooks "the rollback procedure"
  skilldock learn "Our deploy process: run migrate, deploy the service, then check health"
  skilldock learn ./tutorial.mp4 focus on the deployment workflow`,
    )
    .action(async (source: string, focus: string[], options: LearnOptions) => {
      setExitCode(await learn(source, focus.join(' '), options, output, environment));
    });
}

async function learn(
  source: string,
  focus: string,
  options: LearnOptions,
  output: Output,
  environment: CliEnvironment,
): Promise<number> {
  const context = await createCliContext(environment, options.cwd === undefined ? {} : { cwd: options.cwd });
  await requireProjectFolder(context, { explicitCwd: options.cwd !== undefined });
  const { openWorkspace, learnInWorkspace } = await loadAgent();
  let workspace: AgentWorkspace | undefined;
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.on('SIGINT', onSigint);
  try {
    workspace = await openWorkspace({
      cwd: context.cwd,
      home: context.homeDirectory,
      env: context.env,
      // The restricted run uses no MCP tool: no server of the user's settings is started for it.
      mcp: false,
      ...(options.model === undefined ? {} : { model: options.model }),
      ...(options.trust === true ? { trust: true } : {}),
    });
    if (options.json !== true) {
      for (const notice of workspace.notices) output.error(pc.yellow(`note: ${notice.message}`));
    }
    const opened = workspace;
    const result = await output.spin('Learning…', () =>
      learnInWorkspace(opened, {
        source,
        focus,
        signal: controller.signal,
        ...(options.allowInsecureLocalhost === true ? { allowInsecureLocalhost: true } : {}),
      }),
    );
    if (controller.signal.aborted) return cancelled(output, options);
    if (options.json === true) output.json(learnResultJson(result, workspace.projectRoot));
    else for (const line of describeLearnResult(result, workspace.projectRoot)) output.out(line);
    return result.ok ? ExitCode.ok : ExitCode.invalid;
  } catch (error) {
    // A download cut short by Ctrl-C rejects with the abort reason, not a typed error.
    if (controller.signal.aborted) return cancelled(output, options);
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
    await workspace?.close().catch(() => undefined);
  }
}

function cancelled(output: Output, options: LearnOptions): number {
  if (options.json === true) {
    output.json({ error: { code: 'cancelled', message: 'Cancelled; nothing was kept.', details: {} } });
  }
  output.error(pc.yellow('cancelled; nothing was kept'));
  return ExitCode.cancelled;
}
