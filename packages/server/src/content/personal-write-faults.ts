/** The writes of a personal install or save, in order (SPEC P8); a fault hook may fail any of them. */
export type PersonalWriteStep =
  /** Copy a skill into a private work folder. */
  | 'personal-copy'
  /** Move the current folder of a saved skill aside. */
  | 'personal-move-aside'
  /** Rename the new folder into the workspace. */
  | 'personal-rename';

/** Test hook: `before` runs before each write and may throw to simulate a failure there. */
export interface PersonalWriteFaults {
  before(step: PersonalWriteStep, detail: { readonly path: string }): void | Promise<void>;
}
