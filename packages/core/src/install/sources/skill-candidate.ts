/** A folder holding a `SKILL.md`, found in a fetched source, before it is parsed. */
export interface SkillCandidate {
  /** Absolute path of the folder. */
  readonly directory: string;
  /** Where it sat inside the source, POSIX, `''` for the root. */
  readonly sourcePath: string;
  /** Install folder name the source dictates (a well-known index names its skills). */
  readonly installName?: string;
  /**
   * The SKILL.md came alone (an uploaded file, a file path): its folder is the installer's, so the
   * skill's own name (its S4 id) names it and is never checked against that folder's name.
   */
  readonly lone?: true;
}
