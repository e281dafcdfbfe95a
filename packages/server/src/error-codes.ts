/**
 * The error codes the server throws and answers with, added to core's registry (see
 * `SkilldockErrorCodes`) so the CLI's exit-code table is checked for them too.
 */
declare module '@skilldock/core/errors' {
  interface SkilldockErrorCodes {
    readonly body_too_large: true;
    readonly builtin_invalid: true;
    readonly csrf_failed: true;
    readonly department_exists: true;
    readonly forbidden: true;
    readonly internal_error: true;
    readonly invalid_credentials: true;
    readonly invalid_request: true;
    readonly invalid_share_scope: true;
    readonly migration_changed: true;
    readonly not_found: true;
    readonly rate_limited: true;
    readonly token_read_only: true;
    readonly unauthenticated: true;
    readonly username_taken: true;
  }
}

export {};
