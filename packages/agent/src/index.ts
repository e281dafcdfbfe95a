/**
 * @skilldock/agent — model providers, the agent loop, approvals, built-in and MCP tools.
 * Every export is deliberate; nothing else in this package is public.
 */
export {};
