/**
 * The error codes the `skilldock` command itself throws, added to core's registry (see
 * `SkilldockErrorCodes`) so that the exit-code table is checked for them too.
 */
declare module '@skilldock/core/errors' {
  interface SkilldockErrorCodes {
    readonly cwd_not_found: true;
    readonly dir_not_a_folder: true;
    readonly invalid_skill_name: true;
    readonly no_installable_skills: true;
    readonly out_inside_skill: true;
    readonly output_exists: true;
    readonly project_not_found: true;
    readonly prompt_missing: true;
    readonly prompt_too_large: true;
    readonly skill_selection_required: true;
    readonly terminal_required: true;
    readonly worker_needs_postgres: true;
  }
}

export {};
