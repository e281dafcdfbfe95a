/**
 * Loads `@skilldock/agent` on first use. It pulls in both model SDKs and the MCP client, which
 * `--help`, `--version` and the skill-management commands never need.
 */
export function loadAgent(): Promise<typeof import('@skilldock/agent')> {
  return import('@skilldock/agent');
}
