/** A folder holding a `SKILL.md`, found in a fetched source, before it is parsed. */
export interface SkillCandidate {
  /** Absolute path of the folder. */
  readonly directory: string;
  /** Where it sat inside the source, POSIX, `''` for the root. */
  readonly sourcePath: string;
  /** Install folder name the source dictates (a well-known index names its skills). */
  readonly installName?: string;
}
