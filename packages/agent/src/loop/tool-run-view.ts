import type { ToolDeclaration, ToolResult } from '@skilldock/core/runtime';
import { prettifyError, type z } from 'zod';
import type { ConversationMessage } from '../model/conversation.js';
import type { AgentTool, ToolContext } from '../tools/agent-tool.js';
import { type AgentToolDefinition, defineAgentTool } from '../tools/define-agent-tool.js';
import { errorResult } from '../tools/tool-results.js';
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

/** A tool that is told which run calls it: the loop runs it with {@link RunAwareTool.executeInRun}. */
export interface RunAwareTool extends AgentTool {
  executeInRun(input: unknown, context: ToolContext, run: ToolRunView): Promise<ToolResult>;
}

/** The result of a run-aware tool called outside a run. */
export function outsideRunResult(toolName: string): ToolResult {
  return errorResult(`${toolName} works only inside an agent run.`);
}

/** True for a tool the loop runs with its {@link ToolRunView}. */
export function isRunAwareTool(tool: AgentTool): tool is RunAwareTool {
  return typeof (tool as Partial<RunAwareTool>).executeInRun === 'function';
}

/** What {@link defineRunAwareTool} needs: a tool definition whose body also gets the run. */
export interface RunAwareToolDefinition<Schema extends z.ZodType>
  extends Omit<AgentToolDefinition<Schema>, 'execute'> {
  /** `run` is absent when the tool is called on its own (`execute`), outside an agent run. */
  execute(input: z.output<Schema>, context: ToolContext, run: ToolRunView | undefined): Promise<ToolResult>;
}

/**
 * {@link defineAgentTool} for a tool that needs its run (the `agent` tool, `send_message`, a
 * background shell): the same validation and error handling; called outside a run (`execute`
 * alone), its body gets no run.
 * @example
 * const tool = defineRunAwareTool({ name: 'whoami', description: '…', kind: 'read',
 *   schema: z.object({}), execute: async (_input, _context, run) => textResult(run.toolCallId) });
 */
export function defineRunAwareTool<Schema extends z.ZodType>(
  definition: RunAwareToolDefinition<Schema>,
): RunAwareTool {
  const tool = defineAgentTool({
    ...definition,
    execute: (input, context) => definition.execute(input, context, undefined),
  });
  return {
    ...tool,
    async executeInRun(input, context, run) {
      const parsed = definition.schema.safeParse(input ?? {});
      if (!parsed.success) {
        return errorResult(`Invalid arguments for ${definition.name}:\n${prettifyError(parsed.error)}`);
      }
      if (context.signal.aborted) return errorResult(`${definition.name} was cancelled before it started.`);
      try {
        return await definition.execute(parsed.data, context, run);
      } catch (error) {
        return errorResult(
          `${definition.name} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
