/**
 * Error codes that mean the command line or the configuration is wrong (exit 2), rather than a
 * run that failed (exit 1): the user fixes them by changing what they typed or set.
 */
export const AGENT_USAGE_ERROR_CODES: ReadonlySet<string> = new Set([
  'model_not_configured',
  'preload_skill_missing',
  'preload_dependency_missing',
  'invalid_session_id',
  'session_not_found',
  'cwd_not_found',
  'project_not_found',
  'invalid_max_turns',
]);
