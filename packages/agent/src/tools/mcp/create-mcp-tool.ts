import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ToolResult } from '@skilldock/core/runtime';
import type { AgentTool } from '../agent-tool.js';
import { errorResult } from '../tool-results.js';
import { truncateMiddle } from '../truncate-middle.js';
import { describeMcpContent, type McpCallResult } from './describe-mcp-content.js';

/** A tool as the server lists it. */
export interface ListedMcpTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: { readonly type: 'object'; readonly [key: string]: unknown };
}

/** What {@link createMcpTool} wraps: one listed tool of a connected server. */
export interface McpToolSource {
  readonly client: Client;
  readonly server: string;
  readonly tool: ListedMcpTool;
  /** The sanitised `mcp__<server>__<tool>` name. */
  readonly declaredName: string;
  readonly callTimeoutMs: number;
  readonly maxResultCharacters: number;
}

/**
 * One MCP tool as an {@link AgentTool} (kind `execute`): the server's description and input
 * schema, calls forwarded with the turn's signal, results turned into text with the server's
 * `isError`. Failures of the connection are error results, never exceptions.
 */
export function createMcpTool({
  client,
  server,
  tool,
  declaredName,
  callTimeoutMs,
  maxResultCharacters,
}: McpToolSource): AgentTool {
  return {
    name: declaredName,
    description: tool.description ?? `Tool ${tool.name} of the MCP server ${server}.`,
    inputSchema: tool.inputSchema,
    kind: 'execute',
    async execute(input, context): Promise<ToolResult> {
      const args = input ?? {};
      if (typeof args !== 'object' || Array.isArray(args)) {
        return errorResult(`Arguments for ${declaredName} must be a JSON object.`);
      }
      try {
        const result = (await client.callTool(
          { name: tool.name, arguments: args as Record<string, unknown> },
          undefined,
          {
            signal: context.signal,
            timeout: callTimeoutMs,
            resetTimeoutOnProgress: true,
          },
        )) as McpCallResult;
        return {
          content: truncateMiddle(describeMcpContent(result), maxResultCharacters),
          isError: result.isError === true,
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return errorResult(`The MCP server ${server} could not run ${tool.name}: ${message}`);
      }
    },
  };
}
