import type { ToolResult } from '@skilldock/core/runtime';
import { prettifyError, type z } from 'zod';
import type { RunAwareTool, ToolRunView } from '../loop/tool-run-view.js';
import type { ToolContext } from './agent-tool.js';
import { type AgentToolDefinition, defineAgentTool } from './define-agent-tool.js';
import { errorResult } from './tool-results.js';

/** The result of a run-aware tool called outside a run. */
export function outsideRunResult(toolName: string): ToolResult {
  return errorResult(`${toolName} works only inside an agent run.`);
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
