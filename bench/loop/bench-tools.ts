import type { AgentTool } from '@skilldock/agent/tools';

/**
 * `count` read-only tools shaped like real ones (a description of a few sentences, three typed
 * parameters) that answer at once, so the benchmark measures the loop, not the tools.
 */
export function benchTools(count: number): AgentTool[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `tool_${index.toString().padStart(2, '0')}`,
    kind: 'read' as const,
    description: `Look up records of kind ${index} in the project index. Returns at most limit matches, newest first. Use it before editing anything that depends on kind ${index}.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Words to match.' },
        limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Most matches to return.' },
        includeArchived: { type: 'boolean', description: 'Also search archived records.' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    execute: async () => ({ content: `3 matches for kind ${index}`, isError: false }),
  }));
}
