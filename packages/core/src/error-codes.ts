/**
 * Every error code Skilldock throws, as the keys of one interface (the values mean nothing). Core
 * lists its own here; every other package adds its codes to the same interface with a module
 * augmentation, so {@link ErrorCode} is the union of all of them and a table keyed by it (the
 * CLI's exit codes) is checked by the compiler for every code:
 * @example
 * declare module '@skilldock/core/errors' {
 *   interface SkilldockErrorCodes { readonly duplicate_tool_name: true }
 * }
 */
export interface SkilldockErrorCodes {
  readonly address_not_public: true;
  readonly archive_too_large: true;
  readonly archive_too_large_expanded: true;
  readonly corrupt_archive: true;
  readonly digest_mismatch: true;
  readonly download_failed: true;
  readonly download_timeout: true;
  readonly download_too_large: true;
  readonly draft_expired: true;
  readonly duplicate_entry: true;
  readonly duplicate_skill: true;
  readonly empty_source: true;
  readonly encrypted_entry: true;
  readonly entry_name_not_utf8: true;
  readonly entry_size_mismatch: true;
  readonly entry_too_deep: true;
  readonly file_locked: true;
  /** A folder is at the target of a swap that may not replace one. */
  readonly folder_exists: true;
  readonly file_too_large: true;
  readonly file_unreadable: true;
  readonly frontmatter_missing: true;
  readonly invalid_token: true;
  readonly frontmatter_not_mapping: true;
  readonly frontmatter_unclosed: true;
  readonly git_fetch_failed: true;
  readonly git_not_installed: true;
  readonly git_ref_not_found: true;
  readonly git_timeout: true;
  readonly host_not_allowed: true;
  readonly insecure_protocol: true;
  readonly invalid_allowed_host: true;
  readonly invalid_draft: true;
  readonly invalid_github_repository: true;
  /** A glob the pattern engine cannot take: too long, too deep, or `!(…)` (SPEC SEC7). */
  readonly invalid_glob: true;
  readonly invalid_index_entry: true;
  readonly invalid_json: true;
  readonly invalid_ref: true;
  readonly invalid_skill: true;
  readonly invalid_skill_definition: true;
  readonly invalid_skill_document: true;
  readonly invalid_skill_file_path: true;
  readonly invalid_skill_id: true;
  readonly invalid_source: true;
  readonly invalid_url: true;
  readonly link_entry: true;
  readonly lock_corrupt: true;
  readonly modelscope_answer_invalid: true;
  readonly multiple_root_skills: true;
  readonly nested_archive: true;
  readonly no_skill_file: true;
  readonly no_skills_found: true;
  readonly no_skills_selected: true;
  readonly not_a_command: true;
  readonly not_a_directory: true;
  readonly not_a_skill_path: true;
  readonly not_an_archive: true;
  readonly not_user_invocable: true;
  readonly path_not_found: true;
  readonly path_outside_folder: true;
  readonly preload_dependency_missing: true;
  readonly preload_skill_missing: true;
  readonly preload_skill_unreadable: true;
  /** Remote install is off: the allowed hosts list is empty (SPEC P5); a refusal says who can allow a host. */
  readonly remote_install_disabled: true;
  readonly removal_needs_confirmation: true;
  readonly secret_in_package: true;
  readonly settings_invalid: true;
  readonly skill_exists: true;
  readonly skill_failed_to_prepare: true;
  readonly skill_field_invalid: true;
  readonly skill_field_missing: true;
  readonly skill_file_not_a_file: true;
  readonly skill_file_not_found: true;
  readonly skill_file_not_regular: true;
  readonly skill_file_too_large: true;
  readonly skill_file_unreadable: true;
  readonly skill_folder_missing: true;
  readonly skill_not_found: true;
  readonly skill_not_in_draft: true;
  readonly skill_not_installed: true;
  readonly skill_not_model_invocable: true;
  readonly skill_path_absolute: true;
  readonly skill_path_backslash: true;
  readonly skill_path_empty: true;
  readonly skill_path_gated: true;
  readonly skill_path_no_file: true;
  readonly skill_path_nul_byte: true;
  readonly skill_path_segment_too_long: true;
  readonly skill_path_traversal: true;
  readonly skill_unreadable: true;
  readonly source_not_found: true;
  readonly special_entry: true;
  readonly special_file: true;
  readonly special_file_in_package: true;
  readonly special_file_in_skill: true;
  readonly subpath_not_found: true;
  readonly symlink_in_package: true;
  readonly symlink_in_skill: true;
  readonly symlink_refused: true;
  readonly text_not_utf8: true;
  readonly token_env_missing: true;
  readonly token_not_supported: true;
  readonly token_origin_mismatch: true;
  readonly token_rejected: true;
  readonly token_required: true;
  readonly too_many_entries: true;
  readonly too_many_files: true;
  readonly too_many_redirects: true;
  readonly unknown_agent: true;
  readonly unrecognized_github_url: true;
  readonly unrecognized_modelscope_url: true;
  readonly unrecognized_source: true;
  readonly unsafe_entry_name: true;
  readonly unsafe_file_path: true;
  readonly unsafe_staging_folder: true;
  readonly unsafe_subpath: true;
  readonly unsupported_compression: true;
  readonly unsupported_protocol: true;
  readonly unsupported_source_file: true;
  readonly url_has_credentials: true;
  readonly url_has_fragment: true;
  readonly url_has_query: true;
  readonly well_known_index_not_found: true;
  readonly yaml_invalid: true;
  readonly yaml_syntax: true;
  readonly yaml_too_deep: true;
}

/** A code a Skilldock error may carry: a key of {@link SkilldockErrorCodes}. */
export type ErrorCode = keyof SkilldockErrorCodes;
