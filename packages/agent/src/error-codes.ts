/**
 * The error codes the agent package throws, added to core's registry so that every table keyed by
 * `ErrorCode` (the CLI's exit codes) is checked for them too (see `SkilldockErrorCodes`).
 */
declare module '@skilldock/core/errors' {
  interface SkilldockErrorCodes {
    /** An ACP agent asked to read a file that is not a regular text file. */
    readonly acp_file_not_text: true;
    /** An ACP agent asked to write in a task that may not edit. */
    readonly acp_task_read_only: true;
    readonly agent_config_write_refused: true;
    readonly agent_render_invalid: true;
    readonly agent_state_invalid: true;
    readonly approval_not_pending: true;
    readonly approvals_pending: true;
    readonly auto_skill_safe_mode: true;
    readonly auto_skill_workspace_untrusted: true;
    readonly curator_rollback_failed: true;
    readonly curator_safe_mode: true;
    readonly curator_skill_not_found: true;
    readonly curator_state_corrupt: true;
    readonly curator_state_too_large: true;
    readonly curator_workspace_untrusted: true;
    readonly duplicate_tool_name: true;
    readonly executor_cancelled: true;
    readonly executor_command_not_found: true;
    readonly executor_failed: true;
    readonly executor_option_unsupported: true;
    readonly executor_platform_unsupported: true;
    readonly executor_protocol_error: true;
    readonly executor_safe_mode: true;
    readonly executor_session_closed: true;
    readonly executor_workspace_untrusted: true;
    readonly generated_skill_exists: true;
    readonly generated_skill_link: true;
    readonly generated_skill_not_owned: true;
    readonly generated_skill_outside_directory: true;
    readonly generated_skill_path_invalid: true;
    readonly git_worktree_list_failed: true;
    readonly harness_busy: true;
    readonly harness_closed: true;
    readonly hook_outside_render: true;
    readonly invalid_max_turns: true;
    readonly invalid_pattern: true;
    readonly invalid_session_id: true;
    readonly invalid_skill_mount: true;
    readonly invalid_skill_read_tool: true;
    readonly invalid_subagent_definition: true;
    readonly invalid_subagent_name: true;
    readonly invalid_task_id: true;
    readonly invalid_tool_pattern: true;
    readonly invalid_working_dir: true;
    readonly learn_page_unreadable: true;
    readonly learn_source_empty: true;
    /** A learn source that is itself a secret (`.env`, a key, a folder inside `.ssh/`). */
    readonly learn_source_secret: true;
    readonly learn_source_too_large: true;
    readonly learn_source_unsupported: true;
    readonly learn_video_site: true;
    readonly learn_video_unsupported: true;
    readonly learned_skill_invalid: true;
    readonly learned_skill_missing: true;
    readonly max_turns_exceeded: true;
    readonly mcp_host_not_loopback: true;
    readonly mcp_request_refused: true;
    readonly mcp_server_failed: true;
    /** `createSkillsMcpServer` given both or neither of `workspace` and `roots`. */
    readonly mcp_server_options_invalid: true;
    readonly model_connection_failed: true;
    readonly model_http_error: true;
    readonly model_input_unsupported: true;
    readonly model_not_available: true;
    readonly model_not_configured: true;
    readonly model_request_cancelled: true;
    readonly model_response_invalid: true;
    readonly model_timeout: true;
    readonly pending_skill_not_found: true;
    /** `isProcessAlive` (testing) where `/proc` is missing. */
    readonly process_liveness_unsupported: true;
    readonly path_read_only: true;
    readonly run_input_invalid: true;
    readonly run_state_invalid: true;
    /** A stored run state written by a newer Skilldock (its `$schemaVersion` is above this one's). */
    readonly run_state_version_unsupported: true;
    readonly search_failed: true;
    readonly session_closed: true;
    readonly session_corrupt: true;
    readonly session_not_a_file: true;
    readonly session_not_found: true;
    readonly skill_mounted_twice: true;
    readonly skill_name_collision: true;
    readonly skill_resource_unreadable: true;
    readonly subagent_exists: true;
    readonly subagent_mounted_late: true;
    readonly subagent_not_found: true;
    readonly task_not_found: true;
    readonly task_revival_failed: true;
    readonly task_takes_no_messages: true;
    readonly time_limit_exceeded: true;
    readonly too_many_background_agents: true;
    readonly tool_arguments_invalid: true;
    readonly working_dir_main_worktree: true;
    readonly working_dir_not_linked_worktree: true;
  }
}

export {};
