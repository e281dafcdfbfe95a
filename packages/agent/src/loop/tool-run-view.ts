import type { ToolDeclaration, ToolResult } from '@skilldock/core/runtime';
import type { ConversationMessage } from '../model/conversation.js';
import type { AgentTool, ToolContext } from '../tools/agent-tool.js';
import type { ApprovalRequest, RunContext } from './run-context.js';
import type { ApprovalAnswer } from './run-state.js';

/**
 * The run a call of a {@link RunAwareTool} happens in: what a tool needs to start another run
 * from this one (a subagent, a fork, a background task) without patching the parent's context.
 */
export interface ToolRunView {
  readonly toolCallId: string;
  readonly context: RunContext;
  /**
   * The conversation at the call: it ends with the assistant message holding this call, then the
   * results of the calls before it in the same turn. A copy; the run goes on without it.
   */
  readonly messages: readonly ConversationMessage[];
  /** The exact system prompt and declarations of this run's requests (a fork sends the same). */
  readonly system: string;
  readonly tools: readonly ToolDeclaration[];
  /**
   * In an interrupting run (`interruptForApproval` or `askApproval`): ends the parent's turn at
   * this call as an interruption waiting for `request` (its `toolCallId` is this call's); the
   * tool's result is then dropped and the resumed run calls the tool again with {@link resume}.
   */
  readonly interrupt?: (request: ApprovalRequest) => void;
  /** In a resumed run, when this call was interrupted: the request it stopped at and the answer. */
  readonly resume?: { readonly request: ApprovalRequest; readonly answer?: ApprovalAnswer };
}

/**
 * A tool that is told which run calls it: the loop runs it with {@link RunAwareTool.executeInRun}
 * (tools/define-run-aware-tool.ts makes one).
 */
export interface RunAwareTool extends AgentTool {
  executeInRun(input: unknown, context: ToolContext, run: ToolRunView): Promise<ToolResult>;
}

/** True for a tool the loop runs with its {@link ToolRunView}. */
export function isRunAwareTool(tool: AgentTool): tool is RunAwareTool {
  return typeof (tool as Partial<RunAwareTool>).executeInRun === 'function';
}
