/**
 * The error codes the server throws and answers with, added to core's registry (see
 * `SkilldockErrorCodes`) so the CLI's exit-code table is checked for them too.
 */
declare module '@skilldock/core/errors' {
  interface SkilldockErrorCodes {
    readonly agent_builtin: true;
    readonly agent_invalid: true;
    readonly agent_skill_refused: true;
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
    readonly model_provider_exists: true;
    readonly model_provider_invalid: true;
    readonly not_found: true;
    readonly rate_limited: true;
    readonly secret_decrypt_failed: true;
    readonly secret_key_missing: true;
    readonly secret_key_weak: true;
    readonly skill_has_dependents: true;
    readonly token_read_only: true;
    readonly unauthenticated: true;
    readonly username_taken: true;
  }
}

export {};
