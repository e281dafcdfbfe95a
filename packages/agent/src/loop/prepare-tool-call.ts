import { type Failure, failure } from '@skilldock/core/errors';
import { READ_SKILL_RESOURCE_TOOL, type ToolResult } from '@skilldock/core/runtime';
import type { ModelToolCall } from '../model/conversation.js';
import type { ApprovalKind } from '../policy/approval-mode.js';
import { decideApproval, decideCombinedApproval } from '../policy/decide-approval.js';
import type { AgentTool, ToolContext } from '../tools/agent-tool.js';
import { abortable } from './abortable.js';
import type { AgentEvent, ToolCallOutcome } from './agent-event.js';
import { findAgentConfigWrites } from './find-agent-config-writes.js';
import { readSkillPath, skillPathRequest } from './read-skill-path.js';
import type { ApprovalRequest } from './run-context.js';
import type { ToolCallEnvironment } from './tool-call-environment.js';
import { isRunAwareTool } from './tool-run-view.js';

/** A call that runs: `execute` does the work and says what happened. */
export interface RunnableCall {
  readonly kind: 'run';
  /** An interruption when a run-aware tool stopped the turn at this call (a bubbled approval). */
  readonly execute: () => Promise<ToolCallExecution | InterruptedCall>;
}

/** What running a call produced. `events` (skill activations) are reported after the call ends. */
export interface ToolCallExecution {
  readonly kind: 'done';
  readonly outcome: ToolCallOutcome;
  readonly result: ToolResult;
  readonly events: readonly AgentEvent[];
}

const WHAT_KIND_DOES: Record<ApprovalKind, string> = {
  read: 'reading files',
  edit: 'changing files',
  execute: 'running commands or outside tools',
  interact: 'talking to the user',
  configure: 'changing files that configure the agent or another tool',
};

/** A result without running anything. */
export function settled(outcome: ToolCallOutcome, content: string): ToolCallExecution {
  return { kind: 'done', outcome, result: { content, isError: outcome !== 'done' }, events: [] };
}

/** The call waits for an approval nobody can give now: the run stops, resumable (`RunState`). */
export interface InterruptedCall {
  readonly kind: 'interrupt';
  readonly request: ApprovalRequest;
}

/** What the rules say about a call before anyone is asked. */
type Judgement =
  | ToolCallExecution
  | { readonly kind: 'session' }
  | {
      readonly kind: 'host';
      readonly tool: AgentTool;
      readonly input: Record<string, unknown>;
      /** Real paths of agent-config files the call may write (allowed by the modes, or asked). */
      readonly approvedPaths: readonly string[];
    }
  | { readonly kind: 'policy-deny'; readonly reason: string }
  | {
      readonly kind: 'ask';
      readonly tool: AgentTool;
      readonly input: Record<string, unknown>;
      readonly approvedPaths: readonly string[];
      readonly request: ApprovalRequest;
      /** What the call would do, for a refusal the model reads. */
      readonly what: string;
    };

/**
 * Applies the rules to a call without side effects (SPEC R6, G3, SEC2): is there such a tool, are
 * the arguments an object, does the skill session's gate let it through, and what do the approval
 * modes say of its kind — a write to a file that configures the agent being its own kind. Also
 * used to list every call of a turn that will wait for an approval.
 */
async function judgeToolCall(call: ModelToolCall, environment: ToolCallEnvironment): Promise<Judgement> {
  const { context } = environment;
  const session = context.skillSession;
  const isSessionTool = session !== undefined && environment.sessionToolNames.has(call.name);
  if (!isSessionTool && !environment.toolsByName.has(call.name)) {
    const available = [...environment.toolsByName.keys(), ...environment.sessionToolNames].join(', ');
    const named = call.name === '' ? 'The tool call names no tool.' : `There is no tool named ${call.name}.`;
    return settled('failed', `${named} Available tools: ${available}.`);
  }
  // A fork's fork_tools (SPEC A4): decided before anything else, so nobody is asked for a refusal.
  const gate = context.toolGate?.(call.name);
  if (gate !== undefined && !gate.allowed) return settled('refused', gate.reason);
  const input = parseArguments(call.arguments);
  if (!input.ok) {
    return settled(
      'failed',
      `The arguments of ${call.name} ${input.message}. The tool was not run; call it again with a JSON object.`,
    );
  }
  if (isSessionTool) return { kind: 'session' };
  const tool = environment.toolsByName.get(call.name)!;
  const permission = session?.canExecuteTool(call.name);
  if (permission !== undefined && !permission.allowed) return settled('refused', permission.reason);
  const gated = await context.callGate?.({ tool, input: input.value });
  if (gated !== undefined && !gated.allowed) return settled('refused', gated.reason);

  // A write to a file that configures the agent is its own kind: it asks even in auto-edit (SEC2).
  const agentConfig = await findAgentConfigWrites(tool, input.value, context);
  const kind: ApprovalKind = agentConfig.length > 0 ? 'configure' : tool.kind;
  const what =
    agentConfig.length > 0
      ? `${WHAT_KIND_DOES.configure} (${agentConfig.map((write) => `${write.path}: ${write.configures}`).join('; ')})`
      : WHAT_KIND_DOES[kind];
  const approvedPaths = agentConfig.map((write) => write.realPath);
  const decision = decideCombinedApproval(context.approvalModes, kind);
  if (decision === 'deny') {
    const mode = context.approvalModes.find((candidate) => decideApproval(candidate, kind) === 'deny');
    return {
      kind: 'policy-deny',
      reason: `The tool ${call.name} was not run: ${mode} mode does not allow ${what}.`,
    };
  }
  if (decision === 'allow') return { kind: 'host', tool, input: input.value, approvedPaths };
  const request: ApprovalRequest = {
    toolCallId: call.id,
    toolName: call.name,
    kind: tool.kind,
    input: input.value,
    modes: context.approvalModes,
    ...(agentConfig.length > 0
      ? { agentConfig: agentConfig.map(({ path, configures }) => ({ path, configures })) }
      : {}),
  };
  return { kind: 'ask', tool, input: input.value, approvedPaths, request, what };
}

/**
 * The approval request of a call that will stop the run (interrupting runs only): it needs one,
 * nobody can be asked now, and the resumed state holds no answer for it.
 */
export async function pendingApproval(
  call: ModelToolCall,
  environment: ToolCallEnvironment,
): Promise<ApprovalRequest | undefined> {
  if (!environment.interrupts) return undefined;
  const judgement = await judgeToolCall(call, environment);
  return judgement.kind === 'ask' && !environment.answers?.has(call.id) ? judgement.request : undefined;
}

/**
 * Decide whether a call may run (SPEC R6, G3): the skill session's tool gate first, then the
 * approval modes by the tool's kind; where a mode says `ask`, an answer given to a resumed run
 * decides, else an interrupting run stops (`interruptForApproval`, or `askApproval`, which answers
 * the interruption and resumes: see `answerApproval`), else a headless run denies. Refusals become
 * results the model reads; the approval events say who decided.
 */
export async function* prepareToolCall(
  call: ModelToolCall,
  environment: ToolCallEnvironment,
): AsyncGenerator<AgentEvent, RunnableCall | ToolCallExecution | InterruptedCall> {
  const judgement = await judgeToolCall(call, environment);
  if (judgement.kind === 'done') return judgement;
  if (judgement.kind === 'session')
    return { kind: 'run', execute: () => executeSessionTool(call, environment) };
  const decided = (choice: 'allow' | 'deny', decidedBy: 'policy' | 'user' | 'headless', reason?: string) =>
    ({
      type: 'approval-decision',
      toolCallId: call.id,
      toolName: call.name,
      decision: choice,
      decidedBy,
      ...(reason === undefined ? {} : { reason }),
    }) as const;
  if (judgement.kind === 'policy-deny') {
    yield decided('deny', 'policy', judgement.reason);
    return settled('denied', judgement.reason);
  }
  const { tool, input, approvedPaths } = judgement;
  if (judgement.kind === 'ask') {
    const { request, what } = judgement;
    const given = environment.answers?.get(call.id);
    if (given === undefined) {
      if (environment.interrupts) {
        yield { type: 'approval-request', request };
        return { kind: 'interrupt', request };
      }
      const reason = `The tool ${call.name} was not run: ${what} needs the user's approval, and nobody can approve in this non-interactive run.`;
      yield decided('deny', 'headless', reason);
      return settled('denied', reason);
    }
    if (given.decision !== 'allow') {
      const reason =
        given.reason === undefined
          ? `The user did not approve running ${call.name}.`
          : `The user did not approve running ${call.name}: ${given.reason}`;
      yield decided('deny', 'user', reason);
      return settled('denied', reason);
    }
    yield decided('allow', 'user');
  }
  return { kind: 'run', execute: () => executeHostTool(tool, input, environment, approvedPaths, call.id) };
}

type ParsedArguments =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | Failure<'tool_arguments_invalid'>;

const PROBLEM_TEXT_CHARACTERS = 120;

// Every tool schema is an object schema; anything else would reach `execute` as a wrong type.
function parseArguments(text: string): ParsedArguments {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return failure(
      'tool_arguments_invalid',
      `are not valid JSON: ${(error as Error).message.slice(0, PROBLEM_TEXT_CHARACTERS)}`,
    );
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return { ok: true, value: value as Record<string, unknown> };
  }
  return failure(
    'tool_arguments_invalid',
    `are not a JSON object (got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`})`,
  );
}

async function executeSessionTool(
  call: ModelToolCall,
  environment: ToolCallEnvironment,
): Promise<ToolCallExecution> {
  const session = environment.context.skillSession!;
  const before = new Set(session.activeSkillIds());
  const result = await session.handleToolCall(call.name, call.arguments);
  // Session tools run alone, never beside other calls, so every new activation is this call's.
  const trigger = call.name === READ_SKILL_RESOURCE_TOOL ? 'file-read' : 'model';
  const events: AgentEvent[] = session
    .activeSkillIds()
    .filter((id) => !before.has(id))
    .map((skillId) => ({ type: 'skill-activate', skillId, trigger }));
  return { kind: 'done', outcome: result.isError ? 'failed' : 'done', result, events };
}

async function executeHostTool(
  tool: AgentTool,
  input: unknown,
  environment: ToolCallEnvironment,
  agentConfigWrites: readonly string[],
  toolCallId: string,
): Promise<ToolCallExecution | InterruptedCall> {
  const { context, signal } = environment;
  const session = context.skillSession;
  const readsSkills = session !== undefined && context.skillReadTools.includes(tool.name);
  const skillRequest = readsSkills ? skillPathRequest(input) : undefined;
  if (session !== undefined && skillRequest !== undefined) {
    try {
      const { result, events } = await abortable(readSkillPath(session, skillRequest), signal);
      return { kind: 'done', outcome: result.isError ? 'failed' : 'done', result, events };
    } catch (error) {
      return signal.aborted
        ? settled('cancelled', environment.cancelMessage('while it ran'))
        : settled('failed', `The tool ${tool.name} failed: ${(error as Error).message}`);
    }
  }
  const reported: string[] = [];
  let execution: ToolCallExecution;
  let interruption: ApprovalRequest | undefined;
  const stoppedAt = environment.interrupted?.get(toolCallId);
  const given = environment.answers?.get(toolCallId);
  const toolContext: ToolContext = {
    cwd: context.cwd,
    readOnlyRoots: context.readOnlyRoots,
    signal,
    reportFiles: (paths) => reported.push(...paths),
    // Only the files approved just now: a link swapped since then is refused by confinePath.
    ...(agentConfigWrites.length > 0 ? { agentConfigWrites } : {}),
    ...(context.askUser === undefined ? {} : { askUser: context.askUser }),
  };
  try {
    const { run } = environment;
    const result = await abortable(
      isRunAwareTool(tool)
        ? tool.executeInRun(input, toolContext, {
            toolCallId,
            context,
            messages: [...run.messages],
            system: run.system,
            tools: run.declarations(),
            ...(environment.interrupts
              ? {
                  interrupt: (request: ApprovalRequest) => {
                    interruption = request;
                  },
                }
              : {}),
            ...(stoppedAt === undefined
              ? {}
              : { resume: { request: stoppedAt, ...(given === undefined ? {} : { answer: given }) } }),
          })
        : tool.execute(input, toolContext),
      signal,
    );
    execution = { kind: 'done', outcome: result.isError ? 'failed' : 'done', result, events: [] };
  } catch (error) {
    execution = signal.aborted
      ? settled('cancelled', environment.cancelMessage('while it ran'))
      : settled('failed', `The tool ${tool.name} failed: ${(error as Error).message}`);
  }
  if (interruption !== undefined && !signal.aborted) return { kind: 'interrupt', request: interruption };
  if (session === undefined || reported.length === 0) return execution;
  // Path gates open for any file a tool touched (D3); only a read of a SKILL.md activates it (R5).
  session.filesTouched(reported);
  const events: AgentEvent[] = [];
  if (readsSkills) {
    for (const file of reported) {
      const activation = session.noteFileRead(file);
      if (activation?.outcome === 'activated') {
        events.push({ type: 'skill-activate', skillId: activation.skillId, trigger: 'file-read' });
      }
    }
  }
  return { ...execution, events };
}
