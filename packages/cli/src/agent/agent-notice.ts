/**
 * Something the user should know about how a session started (an untrusted workspace, an MCP
 * server that failed): printed on stderr, or as a `notice` line with `--json`.
 */
export interface AgentNotice {
  /** snake_case, stable: `workspace_untrusted`, `mcp_server_unapproved`, `mcp_server_failed`, `settings_invalid`. */
  readonly code: string;
  readonly message: string;
}
