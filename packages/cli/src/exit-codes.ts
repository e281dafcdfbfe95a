import type { ErrorCode } from '@skilldock/core/errors';

/** Stable exit codes of every `skilldock` command (documented in the README, "Exit codes"). */
export const ExitCode = {
  /** Success. */
  ok: 0,
  /** The input is invalid or the command failed: an invalid skill, an unknown id, a name that exists, a refused source. */
  invalid: 1,
  /** Usage error: unknown option, missing argument, a path that does not exist, an unknown agent, no model configured. */
  usage: 2,
  /** `skills check --exit-code`: updates are available. */
  updatesAvailable: 3,
  /** `run` was cancelled with Ctrl-C (128 + SIGINT, as shells report it). */
  cancelled: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * The exit code of every error code any package throws (README "Exit codes"): keyed by `ErrorCode`,
 * so the compiler fails when a package adds a code this table does not map. Usage (2): the user
 * fixes what they typed or configured — a path or folder on the command line that does not exist or
 * is the wrong kind, a choice the command line must make, the agent's flags and configuration.
 * Unknown ids, and everything else, are invalid input or a failed command (1).
 */
const EXIT_CODE_BY_ERROR_CODE: Readonly<Record<ErrorCode, ExitCodeValue>> = {
  // Usage (2): the user fixes what they typed or configured.
  agent_render_invalid: ExitCode.usage,
  cwd_not_found: ExitCode.usage,
  empty_source: ExitCode.usage,
  executor_command_not_found: ExitCode.usage,
  executor_platform_unsupported: ExitCode.usage,
  hook_outside_render: ExitCode.usage,
  invalid_max_turns: ExitCode.usage,
  mcp_host_not_loopback: ExitCode.usage,
  model_not_configured: ExitCode.usage,
  not_a_skill_path: ExitCode.usage,
  not_an_archive: ExitCode.usage,
  path_not_found: ExitCode.usage,
  project_not_found: ExitCode.usage,
  prompt_missing: ExitCode.usage,
  prompt_too_large: ExitCode.usage,
  skill_selection_required: ExitCode.usage,
  source_not_found: ExitCode.usage,
  terminal_required: ExitCode.usage,
  // A token the command line must name: set the variable, pass --token-env NAME, or drop it.
  invalid_token: ExitCode.usage,
  token_env_missing: ExitCode.usage,
  token_not_supported: ExitCode.usage,
  token_required: ExitCode.usage,
  unknown_agent: ExitCode.usage,
  unrecognized_source: ExitCode.usage,
  unsupported_source_file: ExitCode.usage,
  // Unknown ids: invalid input, whichever command names them.
  invalid_session_id: ExitCode.invalid,
  invalid_task_id: ExitCode.invalid,
  preload_dependency_missing: ExitCode.invalid,
  preload_skill_missing: ExitCode.invalid,
  session_not_a_file: ExitCode.invalid,
  session_not_found: ExitCode.invalid,
  skill_not_found: ExitCode.invalid,
  subagent_not_found: ExitCode.invalid,
  task_not_found: ExitCode.invalid,
  pending_skill_not_found: ExitCode.invalid,
  skill_not_in_draft: ExitCode.invalid,
  skill_not_installed: ExitCode.invalid,
  // Invalid input or a failed command (1): everything else.
  agent_config_write_refused: ExitCode.invalid,
  agent_state_invalid: ExitCode.invalid,
  approvals_pending: ExitCode.invalid,
  harness_busy: ExitCode.invalid,
  harness_closed: ExitCode.invalid,
  invalid_skill_mount: ExitCode.invalid,
  auto_skill_safe_mode: ExitCode.invalid,
  auto_skill_workspace_untrusted: ExitCode.invalid,
  curator_rollback_failed: ExitCode.invalid,
  curator_safe_mode: ExitCode.invalid,
  curator_skill_not_found: ExitCode.invalid,
  curator_state_corrupt: ExitCode.invalid,
  curator_state_too_large: ExitCode.invalid,
  curator_workspace_untrusted: ExitCode.invalid,
  mcp_request_refused: ExitCode.invalid,
  skill_mounted_twice: ExitCode.invalid,
  skill_name_collision: ExitCode.invalid,
  skill_resource_unreadable: ExitCode.invalid,
  subagent_mounted_late: ExitCode.invalid,
  // The platform server's codes (`skilldock serve`): a start-up that failed, or an API answer.
  body_too_large: ExitCode.invalid,
  builtin_invalid: ExitCode.invalid,
  csrf_failed: ExitCode.invalid,
  department_exists: ExitCode.invalid,
  forbidden: ExitCode.invalid,
  internal_error: ExitCode.invalid,
  invalid_credentials: ExitCode.invalid,
  invalid_request: ExitCode.invalid,
  invalid_share_scope: ExitCode.invalid,
  migration_changed: ExitCode.invalid,
  not_found: ExitCode.invalid,
  rate_limited: ExitCode.invalid,
  token_read_only: ExitCode.invalid,
  unauthenticated: ExitCode.invalid,
  username_taken: ExitCode.invalid,
  // The platform server's install flows.
  recommended_skill_not_found: ExitCode.invalid,
  skills_directory_disabled: ExitCode.invalid,
  skills_directory_failed: ExitCode.invalid,
  approval_not_pending: ExitCode.invalid,
  archive_too_large: ExitCode.invalid,
  archive_too_large_expanded: ExitCode.invalid,
  corrupt_archive: ExitCode.invalid,
  digest_mismatch: ExitCode.invalid,
  dir_not_a_folder: ExitCode.invalid,
  download_failed: ExitCode.invalid,
  download_timeout: ExitCode.invalid,
  download_too_large: ExitCode.invalid,
  draft_expired: ExitCode.invalid,
  duplicate_entry: ExitCode.invalid,
  duplicate_skill: ExitCode.invalid,
  duplicate_tool_name: ExitCode.invalid,
  encrypted_entry: ExitCode.invalid,
  entry_name_not_utf8: ExitCode.invalid,
  entry_size_mismatch: ExitCode.invalid,
  entry_too_deep: ExitCode.invalid,
  executor_cancelled: ExitCode.invalid,
  executor_failed: ExitCode.invalid,
  executor_option_unsupported: ExitCode.invalid,
  executor_protocol_error: ExitCode.invalid,
  executor_safe_mode: ExitCode.invalid,
  executor_session_closed: ExitCode.invalid,
  executor_workspace_untrusted: ExitCode.invalid,
  file_locked: ExitCode.invalid,
  file_too_large: ExitCode.invalid,
  file_unreadable: ExitCode.invalid,
  frontmatter_missing: ExitCode.invalid,
  frontmatter_not_mapping: ExitCode.invalid,
  frontmatter_unclosed: ExitCode.invalid,
  generated_skill_exists: ExitCode.invalid,
  generated_skill_link: ExitCode.invalid,
  generated_skill_not_owned: ExitCode.invalid,
  generated_skill_outside_directory: ExitCode.invalid,
  generated_skill_path_invalid: ExitCode.invalid,
  git_fetch_failed: ExitCode.invalid,
  git_not_installed: ExitCode.invalid,
  git_ref_not_found: ExitCode.invalid,
  git_timeout: ExitCode.invalid,
  git_worktree_list_failed: ExitCode.invalid,
  host_not_allowed: ExitCode.invalid,
  insecure_protocol: ExitCode.invalid,
  invalid_allowed_host: ExitCode.invalid,
  invalid_draft: ExitCode.invalid,
  invalid_github_repository: ExitCode.invalid,
  invalid_index_entry: ExitCode.invalid,
  invalid_pattern: ExitCode.invalid,
  invalid_ref: ExitCode.invalid,
  invalid_skill: ExitCode.invalid,
  invalid_skill_definition: ExitCode.invalid,
  invalid_skill_document: ExitCode.invalid,
  invalid_skill_file_path: ExitCode.invalid,
  invalid_skill_id: ExitCode.invalid,
  invalid_skill_name: ExitCode.invalid,
  invalid_skill_read_tool: ExitCode.invalid,
  invalid_subagent_definition: ExitCode.invalid,
  invalid_subagent_name: ExitCode.invalid,
  invalid_source: ExitCode.invalid,
  invalid_tool_pattern: ExitCode.invalid,
  invalid_url: ExitCode.invalid,
  invalid_working_dir: ExitCode.invalid,
  link_entry: ExitCode.invalid,
  lock_corrupt: ExitCode.invalid,
  max_turns_exceeded: ExitCode.invalid,
  mcp_server_failed: ExitCode.invalid,
  model_connection_failed: ExitCode.invalid,
  model_http_error: ExitCode.invalid,
  model_request_cancelled: ExitCode.invalid,
  model_response_invalid: ExitCode.invalid,
  model_timeout: ExitCode.invalid,
  multiple_root_skills: ExitCode.invalid,
  nested_archive: ExitCode.invalid,
  no_installable_skills: ExitCode.invalid,
  no_skill_file: ExitCode.invalid,
  no_skills_found: ExitCode.invalid,
  no_skills_selected: ExitCode.invalid,
  not_a_command: ExitCode.invalid,
  not_a_directory: ExitCode.invalid,
  not_user_invocable: ExitCode.invalid,
  out_inside_skill: ExitCode.invalid,
  output_exists: ExitCode.invalid,
  path_outside_folder: ExitCode.invalid,
  path_read_only: ExitCode.invalid,
  preload_skill_unreadable: ExitCode.invalid,
  remote_install_disabled: ExitCode.invalid,
  run_input_invalid: ExitCode.invalid,
  run_state_invalid: ExitCode.invalid,
  search_failed: ExitCode.invalid,
  secret_in_package: ExitCode.invalid,
  session_closed: ExitCode.invalid,
  session_corrupt: ExitCode.invalid,
  settings_invalid: ExitCode.invalid,
  skill_exists: ExitCode.invalid,
  subagent_exists: ExitCode.invalid,
  skill_failed_to_prepare: ExitCode.invalid,
  skill_field_invalid: ExitCode.invalid,
  skill_field_missing: ExitCode.invalid,
  skill_file_not_a_file: ExitCode.invalid,
  skill_file_not_found: ExitCode.invalid,
  skill_file_not_regular: ExitCode.invalid,
  skill_file_too_large: ExitCode.invalid,
  skill_file_unreadable: ExitCode.invalid,
  skill_folder_missing: ExitCode.invalid,
  skill_not_model_invocable: ExitCode.invalid,
  skill_path_absolute: ExitCode.invalid,
  skill_path_backslash: ExitCode.invalid,
  skill_path_empty: ExitCode.invalid,
  skill_path_gated: ExitCode.invalid,
  skill_path_no_file: ExitCode.invalid,
  skill_path_nul_byte: ExitCode.invalid,
  skill_path_segment_too_long: ExitCode.invalid,
  skill_path_traversal: ExitCode.invalid,
  skill_unreadable: ExitCode.invalid,
  special_entry: ExitCode.invalid,
  special_file: ExitCode.invalid,
  special_file_in_package: ExitCode.invalid,
  special_file_in_skill: ExitCode.invalid,
  subpath_not_found: ExitCode.invalid,
  symlink_in_package: ExitCode.invalid,
  symlink_in_skill: ExitCode.invalid,
  symlink_refused: ExitCode.invalid,
  task_revival_failed: ExitCode.invalid,
  task_takes_no_messages: ExitCode.invalid,
  text_not_utf8: ExitCode.invalid,
  time_limit_exceeded: ExitCode.invalid,
  too_many_background_agents: ExitCode.invalid,
  too_many_entries: ExitCode.invalid,
  too_many_files: ExitCode.invalid,
  too_many_redirects: ExitCode.invalid,
  // The server refused the token sent (wrong, expired, revoked); or one bound to another origin.
  token_origin_mismatch: ExitCode.invalid,
  token_rejected: ExitCode.invalid,
  tool_arguments_invalid: ExitCode.invalid,
  unrecognized_github_url: ExitCode.invalid,
  unsafe_entry_name: ExitCode.invalid,
  unsafe_file_path: ExitCode.invalid,
  unsafe_staging_folder: ExitCode.invalid,
  unsafe_subpath: ExitCode.invalid,
  unsupported_compression: ExitCode.invalid,
  unsupported_protocol: ExitCode.invalid,
  url_has_credentials: ExitCode.invalid,
  url_has_fragment: ExitCode.invalid,
  url_has_query: ExitCode.invalid,
  well_known_index_not_found: ExitCode.invalid,
  working_dir_main_worktree: ExitCode.invalid,
  working_dir_not_linked_worktree: ExitCode.invalid,
  yaml_invalid: ExitCode.invalid,
  yaml_syntax: ExitCode.invalid,
  yaml_too_deep: ExitCode.invalid,
};

/** A code no package registered (an error from elsewhere): invalid input or a failed command. */
const DEFAULT_EXIT_CODE: ExitCodeValue = ExitCode.invalid;

/**
 * The exit code for an error any command threw, looked up by its `code`: a commander parse error
 * is usage (2), a code in the table gets its entry, anything else exits 1.
 *
 * @example exitCodeFor(new UserInputError('path_not_found', '…')) // 2
 */
export function exitCodeFor(error: unknown): ExitCodeValue {
  const raw = (error as { code?: unknown } | undefined)?.code;
  // Every commander parse failure (unknown option or command, missing or bad argument) is usage.
  if (typeof raw === 'string' && raw.startsWith('commander.')) return ExitCode.usage;
  const code = errorCode(error);
  return Object.hasOwn(EXIT_CODE_BY_ERROR_CODE, code)
    ? EXIT_CODE_BY_ERROR_CODE[code as keyof typeof EXIT_CODE_BY_ERROR_CODE]
    : DEFAULT_EXIT_CODE;
}

/** The snake_case `code` of an error (commander's `commander.unknownOption` → `unknown_option`), else `internal_error`. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return 'internal_error';
  // Node's own codes (ENOENT, …) mean an unexpected failure, not a Skilldock error.
  if (!/^(commander\.)?[a-z][A-Za-z0-9_]*$/.test(code)) return 'internal_error';
  if (code.startsWith('commander.'))
    return code.slice('commander.'.length).replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return code;
}
