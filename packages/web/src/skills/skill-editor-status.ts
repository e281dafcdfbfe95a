/** What the editor holds, for a page that acts on the saved content (a bound skill's release). */
export interface SkillEditorStatus {
  /** Whether any edit is unsaved. */
  readonly dirty: boolean;
  /** The saved revision the edits are based on (what the editor loaded or last saved). */
  readonly baseRevision: string;
}
