import { loadOnce } from '../load-once.js';

/**
 * The MCP SDK's server side and its request schemas, imported with the first server (~150 ms),
 * never when `@skilldock/agent` is imported (the `agent-loads-sdks-lazily` lint rule).
 */
export const loadMcpServerSdk = loadOnce(async () => {
  const [server, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return { Server: server.Server, ...types };
});

/** What {@link loadMcpServerSdk} resolves to. */
export type McpServerSdk = Awaited<ReturnType<typeof loadMcpServerSdk>>;
