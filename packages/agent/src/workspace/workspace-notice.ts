/**
 * Something the user should know about how a workspace or conversation opened (an untrusted
 * workspace, an MCP server that failed, a repaired transcript). The CLI prints it on stderr, or as a
 * `notice` line with `--json`. Messages never hold a configured secret (SPEC SEC3).
 */
export interface WorkspaceNotice {
  /**
   * snake_case, stable: `workspace_untrusted`, `mcp_server_unapproved`, `mcp_server_unknown`,
   * `mcp_server_failed`, `settings_invalid`, `transcript_repaired`, `safe_mode` (said once when
   * `--safe-mode` is on), `subagents_invalid` (agent files that did not load; `agents doctor` says why),
   * `settings_extension_unreadable`, `settings_extension_name_invalid`, `settings_extension_duplicate` (settings
   * `extensions` entries that were skipped).
   */
  readonly code: string;
  readonly message: string;
}
