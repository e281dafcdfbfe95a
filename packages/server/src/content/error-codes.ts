/**
 * The error codes the server's content layer throws, added to core's registry so that every table
 * keyed by `ErrorCode` (the HTTP status map, the CLI's exit codes) is checked for them too.
 * `revision_conflict` and `file_changed` are the ones a route answers with 409.
 */
declare module '@skilldock/core/errors' {
  interface SkilldockErrorCodes {
    /** A save's base revision is not the skill's current revision. */
    readonly revision_conflict: true;
    /** A single-file write's SHA-256 is not that of the file as it is now. */
    readonly file_changed: true;
    /** A create, rename or mkdir names an entry that already exists. */
    readonly entry_exists: true;
    /** An edit names a file or folder differently than it is (a file as a folder, a folder as a file). */
    readonly wrong_entry_type: true;
    /** An edit would remove or rename the root SKILL.md. */
    readonly skill_file_required: true;
    /** No content package is stored under this revision. */
    readonly package_not_found: true;
    /** A revision that is not `sha256:` and 64 lowercase hex digits. */
    readonly invalid_revision: true;
    /** A user id that cannot name a workspace folder. */
    readonly invalid_user_id: true;
    /** A remote install source that is not remote (a local path, an archive on disk). */
    readonly source_not_remote: true;
    /** An upload that is neither an archive nor a SKILL.md. */
    readonly unsupported_upload: true;
    /** No draft with this id is stored. */
    readonly draft_not_found: true;
    /** The shared ids `<id>`, `<id>-v2` … `<id>-v99` are all taken. */
    readonly skill_id_exhausted: true;
    /** A skill's dependencies name an agent-bound skill (`self-<8 hex>`). */
    readonly bound_skill_dependency: true;
  }
}

export {};
