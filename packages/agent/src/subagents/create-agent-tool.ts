import { z } from 'zod';
import { parseRunState } from '../loop/parse-run-state.js';
import { approveToolCall, denyToolCall, type RunState } from '../loop/run-state.js';
import type { RunAwareTool, ToolRunView } from '../loop/tool-run-view.js';
import type { ConversationMessage } from '../model/conversation.js';
import type { ToolContext } from '../tools/agent-tool.js';
import { defineRunAwareTool, outsideRunResult } from '../tools/define-run-aware-tool.js';
import { errorResult, textResult } from '../tools/tool-results.js';
import type { TaskOutcome, TaskRuntime, TaskSummary } from './background-task-host.js';
import type { BackgroundTasks } from './background-tasks.js';
import { DEFAULT_SUBAGENT_TYPE } from './builtin-subagents.js';
import { DEFAULT_ANSWER_BUDGET } from './cut-answer-front.js';
import { describeAgents } from './describe-agents.js';
import { createExternalTaskRuntime, type StartExternalTask } from './external-task-runtime.js';
import { forkContext, forkToolGate } from './fork-context.js';
import type { ForkProfile } from './fork-profile.js';
import { createLoopTaskRuntime, createTaskInbox } from './loop-task-runtime.js';
import {
  namedSubagentContext,
  type SubagentModelResolver,
  selectSubagentTools,
  subagentApprovalModes,
} from './named-subagent-context.js';
import { type ForkTurns, forkDirective, selectForkHistory } from './select-fork-history.js';
import { AGENT_TOOL_NAME } from './subagent-tool-names.js';
import type { ResolvedSubagent, SubagentRegistry } from './subagent-types.js';
import { openTaskTranscript, type TaskTranscript, type TaskTranscriptFolder } from './task-transcripts.js';
import { parseToolPatterns } from './tool-patterns.js';
import { validateWorkingDir } from './validate-working-dir.js';

/** Largest `prompt` a call may give, in bytes. */
export const MAX_AGENT_PROMPT_BYTES = 256 * 1024;

/** Options of {@link createAgentTool}. */
export interface AgentToolOptions {
  readonly registry: SubagentRegistry;
  /** The session's tasks: where subagents run, foreground and background. */
  readonly tasks: BackgroundTasks;
  /** Named fork restrictions for `fork_profile` (SPEC S7). */
  readonly forkProfiles?: readonly ForkProfile[];
  /** Runs agents whose definition has an `executor` (SPEC A7); absent: they are refused. */
  readonly startExternalTask?: StartExternalTask;
  /** The model of a definition whose selector is not `inherit`; absent: every agent inherits. */
  readonly resolveModel?: SubagentModelResolver;
  /** Characters of an answer the caller gets; longer ones are cut from the front. */
  readonly answerBudget?: number;
  /**
   * Where each task's transcript is written, asked when a task starts (the session's transcript
   * may open after the tool is made); absent or `undefined`: none (tasks cannot be revived later).
   */
  readonly transcripts?: () => TaskTranscriptFolder | undefined;
  /** Environment for external executors, already without secrets (SPEC SEC3). */
  readonly executorEnvironment?: Readonly<Record<string, string>>;
  /** Environment for `git` (the worktree check); default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const forkTurnsSchema = z.union([
  z.literal('all'),
  z.string().regex(/^[1-9][0-9]{0,5}$/),
  z.number().int().min(1).max(999_999),
]);

const schema = z.object({
  description: z
    .string()
    .min(1)
    .max(200)
    .describe('A few words saying what the task is (shown in listings).'),
  prompt: z
    .string()
    .min(1)
    .refine((value) => Buffer.byteLength(value) <= MAX_AGENT_PROMPT_BYTES, {
      message: `The prompt is over ${MAX_AGENT_PROMPT_BYTES / 1024} KiB; put the material in a file and name it.`,
    })
    .describe(
      'The whole task, with everything the agent needs: it does not see this conversation (a fork does).',
    ),
  subagent_type: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(`An agent from the list below (default ${DEFAULT_SUBAGENT_TYPE}), or "fork".`),
  run_in_background: z
    .boolean()
    .optional()
    .describe('true: return a task_id at once; the result arrives later as a notification.'),
  fork_turns: forkTurnsSchema
    .optional()
    .describe('Fork only: "all" (default) or the number of recent user turns to inherit, e.g. "3".'),
  fork_tools: z
    .array(z.string().min(1).max(200))
    .max(200)
    .optional()
    .describe(
      'Fork only: the tools it may run (names, mcp__server, mcp__*, mcp__server__prefix_*); [] runs none.',
    ),
  fork_profile: z.string().min(1).max(64).optional().describe('Fork only: a saved fork restriction by name.'),
  working_dir: z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .describe(
      'Named agents only: a linked git worktree of this repository to work in (relative to the project).',
    ),
});
type AgentCall = z.output<typeof schema>;

/**
 * The `agent` tool (SPEC A3–A6): starts a named subagent (its own context, prompt, tools, model
 * and approval mode; an external executor when its definition says so) or a fork of the caller
 * (SPEC A4: the same request prefix, execution restricted by `fork_tools`/`fork_profile`). A
 * foreground task returns its answer (cut from the front to the budget) and stats; a background
 * one returns its `task_id` and reports through the notification queue. Its description lists
 * the registry's agents, one line each, fixed when the tool is created (SPEC R1).
 * @example
 * const tasks = new BackgroundTasks({ interactive: true });
 * const tools = [...workspace.tools, createAgentTool({ registry, tasks }), ...createTaskTools({ tasks })];
 */
export function createAgentTool(options: AgentToolOptions): RunAwareTool {
  const { registry, tasks, forkProfiles = [], answerBudget = DEFAULT_ANSWER_BUDGET } = options;
  const profiles = forkProfiles.map((profile) => profile.name).sort();
  const description = [
    'Start a subagent on a task. It works in its own context and returns only its final answer and stats, so its work does not fill this conversation.',
    'Most agents run in the background: you get a task_id at once and the result arrives later as a notification; go on meanwhile. list_agents shows tasks; send_message gives one more input or continues a finished one.',
    `subagent_type "fork" starts a copy of you that inherits this conversation (fork_turns) and always runs in the background; fork_tools or fork_profile restrict what it may run. A fork cannot start agents or ask the user.${profiles.length === 0 ? '' : ` Fork profiles: ${profiles.join(', ')}.`}`,
    'Agents:',
    describeAgents(registry.list()),
  ].join('\n');
  return defineRunAwareTool({
    name: AGENT_TOOL_NAME,
    description,
    kind: 'read',
    schema,
    execute: async (input, context, run) => {
      if (run === undefined) return outsideRunResult(AGENT_TOOL_NAME);
      const isFork = input.subagent_type?.toLowerCase() === 'fork';
      const forkOnly = (['fork_turns', 'fork_tools', 'fork_profile'] as const).filter(
        (key) => input[key] !== undefined,
      );
      if (!isFork && forkOnly.length > 0) {
        return errorResult(`${forkOnly.join(', ')} apply only to subagent_type "fork".`);
      }
      return isFork ? startFork(input, context, run) : startNamed(input, context, run);
    },
  });

  async function startFork(input: AgentCall, context: ToolContext, run: ToolRunView) {
    if (input.working_dir !== undefined) {
      return errorResult(
        "working_dir cannot be combined with a fork: a fork works in its parent's folder. Use a named agent for a worktree.",
      );
    }
    if (input.fork_tools !== undefined && input.fork_profile !== undefined) {
      return errorResult('fork_tools and fork_profile cannot be combined; give one.');
    }
    let restriction: { patterns: ReturnType<typeof parseToolPatterns>; source: string } | undefined;
    let promptHint: string | undefined;
    if (input.fork_tools !== undefined) {
      restriction = { patterns: parseToolPatterns(input.fork_tools), source: 'fork_tools' };
    } else if (input.fork_profile !== undefined) {
      const profile = forkProfiles.find((candidate) => candidate.name === input.fork_profile);
      if (profile === undefined) {
        return errorResult(
          `There is no fork profile named ${JSON.stringify(input.fork_profile)}.${profiles.length === 0 ? ' This project defines none.' : ` Profiles: ${profiles.join(', ')}.`}`,
        );
      }
      restriction = {
        patterns: parseToolPatterns(profile.tools),
        source: `the fork profile ${profile.name}`,
      };
      promptHint = profile.promptHint;
    }
    if (restriction !== undefined && !restriction.patterns.ok)
      return errorResult(restriction.patterns.message);
    const gate = forkToolGate(
      restriction === undefined || !restriction.patterns.ok
        ? undefined
        : { patterns: restriction.patterns.patterns, source: restriction.source },
    );
    const turns: ForkTurns =
      input.fork_turns === undefined || input.fork_turns === 'all' ? 'all' : Number(input.fork_turns);
    const inbox = createTaskInbox();
    const forkRun = await forkContext(run, gate, inbox.drain);
    const transcript = await openTranscript(run);
    const runtime = createLoopTaskRuntime({
      context: forkRun,
      inbox,
      messages: selectForkHistory(run.messages, turns),
      prompt: forkDirective(input.prompt, promptHint),
      answerBudget,
      ...(transcript === undefined ? {} : { onMessage: (message) => transcript.append(message) }),
    });
    // Headless sessions always detach a fork (SPEC A4); interactive ones unless told otherwise.
    const background = !tasks.interactive || input.run_in_background !== false;
    return launch('fork', input, withTranscript(runtime, transcript), background, context, transcript?.file, {
      ...(input.fork_tools === undefined ? {} : { forkTools: input.fork_tools }),
      ...(input.fork_profile === undefined ? {} : { forkProfile: input.fork_profile }),
    });
  }

  async function startNamed(input: AgentCall, context: ToolContext, run: ToolRunView) {
    const name = input.subagent_type ?? DEFAULT_SUBAGENT_TYPE;
    const definition = await registry.get(name);
    if (definition === undefined) {
      const names = registry.list().map((agent) => agent.name);
      return errorResult(
        `There is no agent named ${JSON.stringify(name)}. Available: ${[...names, 'fork'].join(', ')}.`,
      );
    }
    let cwd = run.context.cwd;
    if (input.working_dir !== undefined) {
      const checked = await validateWorkingDir(input.working_dir, {
        cwd: run.context.cwd,
        ...(options.env === undefined ? {} : { env: options.env }),
      });
      if (!checked.ok) return errorResult(checked.message);
      cwd = checked.path;
    }
    const background = input.run_in_background ?? definition.background;
    const restore = input.working_dir === undefined ? {} : { workingDir: cwd };
    if (definition.executor !== undefined) {
      if (options.startExternalTask === undefined) {
        return errorResult(
          `${definition.name} runs on an external executor (${definition.executor.kind}), which this session cannot start.`,
        );
      }
      // The transcript records what went in and what came back (SPEC A5, A7); a restored
      // session lists the task from it but never revives it in our loop (task-records).
      const transcript = await openTranscript(
        run,
        `${definition.executor.kind}:${definition.executor.command}`,
      );
      const runtime = createExternalTaskRuntime(
        options.startExternalTask,
        {
          definition,
          prompt: input.prompt,
          cwd,
          allowEdits: allowsEdits(definition, run),
          env: options.executorEnvironment ?? {},
        },
        answerBudget,
        ...(transcript === undefined ? [] : [(message: ConversationMessage) => transcript.append(message)]),
      );
      return launch(
        definition.name,
        input,
        withTranscript(runtime, transcript),
        background,
        context,
        transcript?.file,
        restore,
      );
    }
    const tools = selectSubagentTools(definition, run.context.tools);
    if (!tools.ok) return errorResult(`The agent ${definition.name} cannot run: ${tools.message}`);
    // Bubble (SPEC G3): with no callback to ask, the parent's user answers through interruptions.
    const interrupts =
      !background &&
      definition.approvalMode === 'bubble' &&
      run.context.askApproval === undefined &&
      run.context.interruptForApproval === true &&
      run.interrupt !== undefined;
    let resumed: RunState | undefined;
    const waiting = run.resume?.request.subagent;
    if (interrupts && waiting !== undefined) {
      if (waiting.name !== definition.name) {
        return errorResult(`The stored approval is ${waiting.name}'s, not ${definition.name}'s.`);
      }
      const state = parseRunState(waiting.state);
      const answer = run.resume?.answer;
      const id = waiting.request.toolCallId;
      resumed =
        answer === undefined
          ? state
          : answer.decision === 'allow'
            ? approveToolCall(state, id)
            : denyToolCall(state, id, answer.reason);
    }
    const inbox = createTaskInbox();
    let subagentContext: Awaited<ReturnType<typeof namedSubagentContext>>;
    try {
      subagentContext = await namedSubagentContext(
        {
          definition,
          parent: run,
          cwd,
          background,
          interrupts,
          ...(options.resolveModel === undefined ? {} : { resolveModel: options.resolveModel }),
        },
        tools.tools,
        inbox.drain,
      );
    } catch (error) {
      return errorResult(`The agent ${definition.name} cannot run: ${(error as Error).message}`);
    }
    const transcript = await openTranscript(run);
    const runtime = createLoopTaskRuntime({
      context: subagentContext,
      inbox,
      messages: [],
      prompt: input.prompt,
      ...(resumed === undefined ? {} : { state: resumed }),
      answerBudget,
      ...(transcript === undefined ? {} : { onMessage: (message) => transcript.append(message) }),
    });
    return launch(
      definition.name,
      input,
      withTranscript(runtime, transcript),
      background,
      context,
      transcript?.file,
      restore,
      interrupts ? run : undefined,
    );
  }

  /** `model` names who answers in the transcript's header; default the run's model. */
  async function openTranscript(run: ToolRunView, model?: string): Promise<TaskTranscript | undefined> {
    const folder = options.transcripts?.();
    if (folder === undefined) return undefined;
    return openTaskTranscript(
      folder,
      model ?? `${run.context.model.provider.name}:${run.context.model.model}`,
    );
  }

  async function launch(
    type: string,
    input: AgentCall,
    runtime: TaskRuntime,
    background: boolean,
    context: ToolContext,
    file: string | undefined,
    restore: Readonly<Record<string, unknown>>,
    bubbleTo?: ToolRunView,
  ) {
    const started = tasks.start({
      kind: 'agent',
      type,
      description: input.description,
      background,
      runtime,
      ...(file === undefined ? {} : { file }),
      restore,
    });
    if (!started.ok) {
      await runtime.close?.();
      return errorResult(started.message);
    }
    if (background) {
      return textResult(
        `Started ${started.taskId} (${type}) in the background: ${JSON.stringify(input.description)}. Its result arrives as a notification when it finishes; go on with other work meanwhile. list_agents shows it; send_message with its task_id gives it more input.`,
      );
    }
    const cancel = () => tasks.cancel(started.taskId);
    context.signal.addEventListener('abort', cancel, { once: true });
    let outcome: TaskOutcome;
    try {
      outcome = await started.outcome;
    } finally {
      context.signal.removeEventListener('abort', cancel);
    }
    const stopped = outcome.interruption;
    const request = stopped?.interruptions[0];
    if (bubbleTo?.interrupt !== undefined && stopped !== undefined && request !== undefined) {
      // The parent's turn ends at this call; the parent's resumed run calls this tool again.
      bubbleTo.interrupt({
        toolCallId: bubbleTo.toolCallId,
        toolName: AGENT_TOOL_NAME,
        kind: 'read',
        input,
        modes: bubbleTo.context.approvalModes,
        subagent: { name: type, request, state: stopped },
      });
      return textResult(outcome.text);
    }
    const summary = tasks.get(started.taskId);
    // The runtime already cut the answer to the budget (SPEC A3).
    const text = `${outcome.text}\n\n${describeStats(summary, outcome)}`;
    return outcome.status === 'failed' || outcome.status === 'cancelled'
      ? errorResult(text)
      : textResult(text);
  }
}

function withTranscript(runtime: TaskRuntime, transcript: TaskTranscript | undefined): TaskRuntime {
  if (transcript === undefined) return runtime;
  return {
    ...runtime,
    start: runtime.start,
    messaging: runtime.messaging,
    close: async () => {
      await runtime.close?.();
      await transcript.close();
    },
  };
}

/** `[agent-1-… · reviewer · completed · 3 turns · 1,234 tokens (1,000 in, 234 out) · 4 tool calls · 2.1 s]` */
function describeStats(task: TaskSummary | undefined, outcome: TaskOutcome): string {
  if (task === undefined) return `[${outcome.status}]`;
  const { turns, inputTokens, outputTokens, toolCalls } = task.progress;
  const tokens = (inputTokens + outputTokens).toLocaleString('en-US');
  return `[${task.taskId} · ${task.type} · ${outcome.status} · ${turns} turn${turns === 1 ? '' : 's'} · ${tokens} tokens (${inputTokens.toLocaleString('en-US')} in, ${outputTokens.toLocaleString('en-US')} out) · ${toolCalls} tool call${toolCalls === 1 ? '' : 's'} · ${(task.elapsedMs / 1000).toFixed(1)} s${task.canMessage ? ' · send_message continues it' : ''}]`;
}

// An external executor writes only when the session or the definition chose edits, and plan never (SPEC A7).
// Seed 000: "Codex runs unattended: without an agent override, default, plan and auto sessions use a
// read-only sandbox; to allow writes, choose auto-edit explicitly in the session or the Codex agent
// definition." We keep one difference on purpose: a plan session stays read-only even when the
// agent's file says auto-edit — plan is the user's explicit "no edits", and an agent file may come
// from the repository. A yolo session, which the seed does not list as read-only, allows edits.
function allowsEdits(definition: ResolvedSubagent, run: ToolRunView): boolean {
  const modes = run.context.approvalModes;
  if (modes.includes('plan')) return false;
  const chosen = (mode: string | undefined) => mode === 'auto-edit' || mode === 'yolo';
  return modes.some(chosen) || chosen(subagentApprovalModes(modes, definition.approvalMode).at(-1));
}
