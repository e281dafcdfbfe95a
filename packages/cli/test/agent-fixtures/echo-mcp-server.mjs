// A real stdio MCP server built with the SDK, for the `skilldock run` MCP tests (SPEC G4, R6).
// Tool: shout {text} → the text in capitals, prefixed with the server's label (argv[2]).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const label = process.argv[2] ?? 'echo';
const server = new McpServer({ name: 'skilldock-cli-test', version: '1.0.0' });
server.registerTool(
  'shout',
  { description: 'Repeat the text in capitals.', inputSchema: { text: z.string() } },
  async ({ text }) => ({ content: [{ type: 'text', text: `${label}: ${text.toUpperCase()}` }] }),
);
await server.connect(new StdioServerTransport());
