import type { Conversation } from '@skilldock/agent/conversation';
import type { SubagentSession } from '@skilldock/agent/subagents';
import type { AgentWorkspace, WorkspaceNotice } from '@skilldock/agent/workspace';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { agentEventToJson } from '../agent/agent-event-json.js';
import { CLI_APPROVAL_MODES, type CliApprovalMode } from '../agent/cli-approval-modes.js';
import { collectIds } from '../agent/collect-ids.js';
import { lineWriter } from '../agent/line-writer.js';
import { loadAgent } from '../agent/load-agent.js';
import { readStdin } from '../agent/read-stdin.js';
import { createEventRenderer } from '../agent/render-agent-event.js';
import { createTaskRenderer, taskEventToJson } from '../agent/render-task-event.js';
import { requireProjectFolder } from '../agent/require-project-folder.js';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { discoveryCacheDirectory } from '../discovery-cache-directory.js';
import { ExitCode, errorCode, exitCodeFor } from '../exit-codes.js';
import { MODEL_OPTION_HELP, MODEL_SELECTION_HELP } from '../model-selector-help.js';
import type { Output } from '../output.js';
import { pc } from '../terminal-style.js';

interface RunOptions {
  model?: string;
  approvalMode: CliApprovalMode;
  maxTurns?: number;
  maxTime?: number;
  json?: boolean;
  preload?: string[];
  resume?: string | boolean;
  trust?: boolean;
  cwd?: string;
  verbose?: boolean;
  approveMcp?: string[];
  safeMode?: boolean;
}

/**
 * `skilldock run "PROMPT"` — the headless agent (SPEC G2): streams the answer to stdout (or JSON
 * events with `--json`), denies what needs approval unless the mode allows it, records a
 * transcript. Exit 0 done, 1 failed run, 2 usage or configuration error, 130 cancelled.
 */
export function registerRun(
  program: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  program
    .command('run')
    .description('Run the agent once on a prompt, without asking anything (headless)')
    .argument('[prompt]', 'what to do (default: read from stdin when it is not a terminal)')
    .option('-m, --model <selector>', MODEL_OPTION_HELP)
    .addHelpText('after', MODEL_SELECTION_HELP)
    .addOption(
      new Option('--approval-mode <mode>', 'what may run without asking (the rest is denied)')
        .choices(CLI_APPROVAL_MODES)
        .default('default'),
    )
    .option('--max-turns <n>', 'stop after N model requests', positiveInteger)
    .option('--max-time <seconds>', 'stop after this many seconds', positiveNumber)
    .option('--json', 'print one JSON event per line')
    .option(
      '--preload <ids>',
      'activate skills from the first turn (comma-separated; repeatable)',
      collectIds,
    )
    .option('--resume [id]', 'continue the latest session, or the one with this id')
    .option('--trust', 'trust this workspace for this run only (also: SKILLDOCK_TRUST=1)')
    .option(
      '--approve-mcp <name>',
      'start this project MCP server, this run only (repeatable; unapproved ones are skipped)',
      collectIds,
    )
    .option(
      '--safe-mode',
      'no project settings, project MCP servers, project subagents, fork profiles or external executors',
    )
    .option('--verbose', 'show tool activity on stderr even when it is not a terminal')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (promptArgument: string | undefined, options: RunOptions) => {
      setExitCode(await runHeadless(promptArgument, options, output, environment));
    });
}

async function runHeadless(
  promptArgument: string | undefined,
  options: RunOptions,
  output: Output,
  environment: CliEnvironment,
) {
  const json = options.json === true;
  const emit = (value: Record<string, unknown>) => output.writeOut(`${JSON.stringify(value)}\n`);
  // `thrown`: the error itself, so it exits by its class when its code is not in the table.
  const fail = (code: string, message: string, thrown: unknown = { code }) => {
    if (json) emit({ type: 'run-error', code, message });
    else output.error(`${pc.red('error')} ${message}`);
    return exitCodeFor(thrown);
  };
  const notice = ({ code, message }: WorkspaceNotice) => {
    if (json) emit({ type: 'notice', code, message });
    else output.error(pc.yellow(`note: ${message}`));
  };

  let prompt = promptArgument;
  let resume = options.resume;
  // `run --resume "continue"`: commander takes the prompt as the optional id.
  const { SESSION_ID_PATTERN, openWorkspace, openConversation, openSubagentSession } = await loadAgent(
    'session',
    'workspace',
    'conversation',
    'subagents',
  );
  if (typeof resume === 'string' && !SESSION_ID_PATTERN.test(resume) && prompt === undefined) {
    prompt = resume;
    resume = true;
  }
  if (prompt === undefined && !environment.terminal.stdin) {
    const piped = await readStdin(environment.stdin);
    if (!piped.ok) return fail(piped.code, piped.message);
    prompt = piped.text.trim();
  }
  if (prompt === undefined || prompt.trim() === '') {
    return fail('prompt_missing', 'Give a prompt: skilldock run "what to do" (or pipe it on stdin).');
  }

  let workspace: AgentWorkspace | undefined;
  let conversation: Conversation | undefined;
  let subagents: SubagentSession | undefined;
  let deadline: NodeJS.Timeout | undefined;
  const controller = new AbortController();
  const onSigint = () => {
    // A second Ctrl-C does not wait for the cancelled turn to wind down.
    if (controller.signal.aborted) process.exit(ExitCode.cancelled);
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  try {
    const context = await createCliContext(
      environment,
      options.cwd === undefined ? {} : { cwd: options.cwd },
    );
    await requireProjectFolder(context, { explicitCwd: options.cwd !== undefined });
    const discoveryCache = await discoveryCacheDirectory(context);
    workspace = await openWorkspace({
      cwd: context.cwd,
      home: context.homeDirectory,
      env: context.env,
      ...(discoveryCache === undefined ? {} : { discoveryCache }),
      ...(options.model === undefined ? {} : { model: options.model }),
      ...(options.trust === true ? { trust: true } : {}),
      ...(options.approveMcp === undefined ? {} : { approveMcp: options.approveMcp }),
      ...(options.safeMode === true ? { safeMode: true } : {}),
    });
    for (const entry of workspace.notices) notice(entry);
    subagents = openSubagentSession({
      workspace,
      interactive: false,
      env: context.env,
      temporaryDirectory: environment.temporaryDirectory,
    });
    conversation = await openConversation(workspace, {
      extraTools: subagents.tools,
      backgroundTasks: subagents.tasks,
      approvalModes: [options.approvalMode],
      ...(options.preload === undefined ? {} : { preload: options.preload }),
      limits: {
        ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
        ...(options.maxTime === undefined ? {} : { maxTimeMs: Math.round(options.maxTime * 1000) }),
      },
      ...(resume === undefined || resume === false ? {} : { resume: resume === true ? 'latest' : resume }),
    });
    for (const entry of conversation.notices) notice(entry);
    await subagents.attach(conversation);
    const session = {
      type: 'session-start',
      sessionId: conversation.transcript.id,
      transcript: conversation.transcript.file,
      model: workspace.model.label,
      trusted: workspace.trusted,
      approvalMode: options.approvalMode,
      resumed: conversation.resumed ?? null,
    };
    const showActivity = options.verbose === true || environment.terminal.stderr;
    if (json) emit(session);
    else if (options.verbose) output.error(pc.dim(`session ${session.sessionId} · ${session.model}`));
    const render = json
      ? (event: Parameters<typeof agentEventToJson>[0]) => emit(agentEventToJson(event))
      : createEventRenderer({
          text: lineWriter((text) => output.writeOut(output.render(text))),
          ...(showActivity ? { activity: lineWriter((text) => output.writeError(output.render(text))) } : {}),
        });
    const tasks = subagents.tasks;
    tasks.subscribe(
      json
        ? (event) => emit(taskEventToJson(event))
        : showActivity
          ? createTaskRenderer(lineWriter((text) => output.writeError(output.render(text))))
          : () => undefined,
    );
    // --max-time bounds the whole run, the waits for background tasks included (SPEC A5).
    const timeUp = new AbortController();
    if (options.maxTime !== undefined) {
      deadline = setTimeout(() => timeUp.abort(), Math.round(options.maxTime * 1000));
    }
    const waiting = AbortSignal.any([controller.signal, timeUp.signal]);
    // The first run has the time limit itself (its own error); the deadline covers what follows.
    let outcome = await conversation.send(prompt, { signal: controller.signal, onEvent: render });
    // A headless run ends only when the model has answered with nothing it started still running.
    while (outcome.error === undefined && outcome.result.status === 'completed') {
      if (!tasks.hasRunningBackground() && !tasks.hasResults()) break;
      await tasks.waitForResult(waiting);
      if (waiting.aborted) break;
      // Progress pulses alone wake nobody; they go along with the next result.
      if (!tasks.hasResults()) continue;
      const text = tasks.takeNotificationText()!;
      if (json) emit({ type: 'task-notifications', text });
      else if (showActivity) output.error(pc.dim('↻ background task results go to the agent'));
      outcome = await conversation.send(text, { signal: waiting, onEvent: render, origin: 'signal' });
    }
    if (timeUp.signal.aborted && outcome.error === undefined) {
      const running = tasks
        .list()
        .filter((task) => task.status === 'running')
        .map((task) => task.taskId);
      return fail(
        'time_limit_exceeded',
        `The run stopped after ${options.maxTime} s (--max-time)${running.length === 0 ? '' : ` with background tasks still running (${running.join(', ')}); they were cancelled`}.`,
      );
    }
    if (outcome.error !== undefined) {
      if (!json) output.error(`${pc.red('error')} ${outcome.error.message}`);
      return exitCodeFor(outcome.error);
    }
    if (outcome.result.status === 'cancelled') {
      if (!json) output.error(pc.yellow('cancelled'));
      return ExitCode.cancelled;
    }
    return ExitCode.ok;
  } catch (error) {
    const code = errorCode(error);
    const message = error instanceof Error ? error.message : String(error);
    return fail(code, message, error);
  } finally {
    process.off('SIGINT', onSigint);
    clearTimeout(deadline);
    await subagents?.close().catch(() => undefined);
    await conversation?.close().catch(() => undefined);
    await workspace?.close().catch(() => undefined);
  }
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw new InvalidArgumentError('expected a positive whole number');
  return number;
}

function positiveNumber(value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new InvalidArgumentError('expected a positive number of seconds');
  return number;
}
