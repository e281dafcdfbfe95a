/**
 * The error codes the agent package throws, added to core's registry so that every table keyed by
 * `ErrorCode` (the CLI's exit codes) is checked for them too (see `SkilldockErrorCodes`).
 */
declare module '@skilldock/core/errors' {
  interface SkilldockErrorCodes {
    readonly approval_not_pending: true;
    readonly duplicate_tool_name: true;
    readonly invalid_max_turns: true;
    readonly invalid_session_id: true;
    readonly invalid_skill_read_tool: true;
    readonly max_turns_exceeded: true;
    readonly model_connection_failed: true;
    readonly model_http_error: true;
    readonly model_not_configured: true;
    readonly model_request_cancelled: true;
    readonly model_response_invalid: true;
    readonly model_timeout: true;
    readonly run_input_invalid: true;
    readonly run_state_invalid: true;
    readonly session_closed: true;
    readonly session_corrupt: true;
    readonly session_not_a_file: true;
    readonly session_not_found: true;
    readonly time_limit_exceeded: true;
  }
}

export {};
