import type { JsonSchema, ToolResult } from '@skilldock/core/runtime';
import { z } from 'zod';
import type { AgentTool, ToolContext, ToolKind } from './agent-tool.js';
import { errorResult } from './tool-results.js';

/** What {@link defineAgentTool} needs: the tool's identity, its zod schema and its body. */
export interface AgentToolDefinition<Schema extends z.ZodType> {
  readonly name: string;
  readonly description: string;
  readonly kind: ToolKind;
  /** Validates the arguments; also the source of the declared JSON Schema. */
  readonly schema: Schema;
  /** The paths a call would write (see {@link AgentTool.writeTargets}); required for writing tools. */
  writeTargets?(input: z.output<Schema>): readonly string[];
  /** Runs with arguments already validated by `schema`. */
  execute(input: z.output<Schema>, context: ToolContext): Promise<ToolResult>;
}

/**
 * Builds an {@link AgentTool} from a zod schema: the JSON Schema is derived with
 * `z.toJSONSchema`, arguments are validated before `execute` runs, and anything `execute` throws
 * becomes an error result, so a tool can never end a run by failing.
 * @example
 * const tool = defineAgentTool({ name: 'echo', description: 'Echo text', kind: 'read',
 *   schema: z.object({ text: z.string() }), execute: async ({ text }) => textResult(text) });
 */
export function defineAgentTool<Schema extends z.ZodType>(
  definition: AgentToolDefinition<Schema>,
): AgentTool {
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(definition.schema, { io: 'input' }) as Record<
    string,
    unknown
  >;
  return {
    name: definition.name,
    description: definition.description,
    inputSchema: inputSchema as JsonSchema,
    kind: definition.kind,
    ...(definition.writeTargets === undefined
      ? {}
      : {
          writeTargets(input: unknown): readonly string[] {
            const parsed = definition.schema.safeParse(input ?? {});
            return parsed.success ? definition.writeTargets!(parsed.data) : [];
          },
        }),
    async execute(input: unknown, context: ToolContext): Promise<ToolResult> {
      const parsed = definition.schema.safeParse(input ?? {});
      if (!parsed.success) {
        return errorResult(`Invalid arguments for ${definition.name}:\n${z.prettifyError(parsed.error)}`);
      }
      if (context.signal.aborted) return errorResult(`${definition.name} was cancelled before it started.`);
      try {
        return await definition.execute(parsed.data, context);
      } catch (error) {
        // Unexpected I/O failures (permissions, a full disk) are still results the model can read.
        return errorResult(
          `${definition.name} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
