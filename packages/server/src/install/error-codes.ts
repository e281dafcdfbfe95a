/**
 * The error codes of the server's install flows (issue 12 §4), added to core's registry so the
 * CLI's exit-code table is checked for them too.
 */
declare module '@skilldock/core/errors' {
  interface SkilldockErrorCodes {
    /** Search is off: the admins set no skills-directory base URL. */
    readonly skills_directory_disabled: true;
    /** The skills directory did not answer, or answered something that is not a search result. */
    readonly skills_directory_failed: true;
    /** A recommended skill id that the recommended list does not hold. */
    readonly recommended_skill_not_found: true;
  }
}

export {};
