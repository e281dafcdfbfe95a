/**
 * The error codes the server throws and answers with, added to core's registry (see
 * `SkilldockErrorCodes`) so the CLI's exit-code table is checked for them too.
 */
declare module '@skilldock/core/errors' {
  interface SkilldockErrorCodes {
    readonly agent_builtin: true;
    readonly agent_invalid: true;
    readonly agent_skill_refused: true;
    /** A route's service used while the API is only being described (`describeApi`: no database). */
    readonly api_description_only: true;
    /** "Always allow" for a call that writes the agent's configuration or is a subagent's (SPEC SEC2, G3). */
    readonly approval_always_refused: true;
    readonly body_too_large: true;
    /** An agent that has its bound skill already: a second create or import (SPEC Y15). */
    readonly bound_skill_exists: true;
    /** An upload to import as a bound skill that does not hold exactly one skill. */
    readonly bound_skill_import_invalid: true;
    /** An agent without a bound skill yet. */
    readonly bound_skill_not_found: true;
    readonly builtin_invalid: true;
    readonly csrf_failed: true;
    readonly department_exists: true;
    readonly forbidden: true;
    readonly internal_error: true;
    readonly invalid_credentials: true;
    readonly invalid_request: true;
    readonly invalid_share_scope: true;
    /** `/metrics` enabled with a token shorter than 16 characters (SPEC O3). */
    readonly metrics_token_weak: true;
    readonly migration_changed: true;
    readonly model_provider_exists: true;
    readonly model_provider_invalid: true;
    /** No model provider offers the model a run needs: an admin adds one (SPEC O4). */
    readonly model_provider_missing: true;
    /** A builtin skill's history: builtins ship with the platform and have none (issue 24 item 3). */
    readonly no_history: true;
    readonly not_found: true;
    readonly rate_limited: true;
    /** A version depends on skills the restorer may not read (SPEC Y6). */
    readonly restore_dependency_refused: true;
    /** A revision of a skill's history whose files no longer hash to it, or whose SKILL.md does not load. */
    readonly revision_corrupt: true;
    /** A revision that is not in that skill's history (issue 24 item 3). */
    readonly revision_not_found: true;
    /** A revision still listed in a skill's history whose package was pruned. */
    readonly revision_pruned: true;
    /** Recording or reading a skill's history met an inconsistent state (a bug, not the caller's input). */
    readonly skill_history_failed: true;
    /** `restOfUrlRoute` given a route whose path does not end in `/{path}`. */
    readonly route_path_invalid: true;
    /** A run of the conversation is still queued, running or waiting for an approval: cancel it or let it finish first. */
    readonly run_active: true;
    readonly run_agent_unreadable: true;
    /** A run an admin cancelled: the reason its user sees (issue 25). */
    readonly run_cancelled_by_admin: true;
    readonly run_failed: true;
    readonly run_finished: true;
    /** A draining worker stopped a run at a checkpoint; another worker goes on with it (SPEC O1). */
    readonly run_handed_back: true;
    /** A run stopped at its turn limit: the model asked for more steps than the agent allows. */
    readonly run_max_turns: true;
    /** A worker's write for a run it no longer holds: the sweep gave the run to another (SPEC O1). */
    readonly run_not_held: true;
    /** A retry of a run that a later run of its conversation follows (issue 25). */
    readonly run_not_latest: true;
    /** A retry of a run that neither failed nor was stopped (issue 25). */
    readonly run_not_retryable: true;
    readonly run_not_waiting: true;
    /** A run stopped at its time limit; the tools still running were cancelled. */
    readonly run_time_limit: true;
    readonly run_user_disabled: true;
    /** A run whose worker stopped answering, failed after its last start (SPEC O1). */
    readonly run_worker_lost: true;
    /** A run whose worker was shut down while it ran. */
    readonly run_worker_stopped: true;
    readonly secret_decrypt_failed: true;
    readonly secret_key_missing: true;
    readonly secret_key_weak: true;
    readonly skill_has_dependents: true;
    /** A version's package is missing, linked, or no longer hashes to its revision (SPEC Y6). */
    readonly snapshot_corrupt: true;
    readonly token_read_only: true;
    /** An API token called a route outside its scopes (issue 24); `details.scope` names the one needed. */
    readonly token_scope_missing: true;
    /** Issuing a token with a scope its owner's role may not hold (`admin:*` for a user). */
    readonly token_scope_refused: true;
    readonly unauthenticated: true;
    readonly username_taken: true;
    /** No released version of that name (SPEC Y6). */
    readonly version_not_found: true;
    /** The web app folder `serve` would serve is over its file-count or size limit. */
    readonly web_app_too_large: true;
  }
}

export {};
