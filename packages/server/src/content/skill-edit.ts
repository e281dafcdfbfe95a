/** Content of a written file: text (UTF-8) or bytes. */
export type EditContent = string | Uint8Array;

/**
 * One change of a save (SPEC Y5). A save carries all of them with the revision it started from;
 * they apply in order to a private copy, so a later edit sees the earlier ones.
 */
export type SkillEdit =
  /**
   * Replaces an existing file. `sha256` (`sha256:<hex>`, from the tree or a read) is checked
   * against the file as it is, and a mismatch is a conflict (`file_changed`).
   */
  | {
      readonly type: 'write';
      readonly path: string;
      readonly content: EditContent;
      readonly sha256?: string;
      readonly executable?: boolean;
    }
  /** Creates a new file (missing folders too); an existing entry is `entry_exists`. */
  | {
      readonly type: 'create';
      readonly path: string;
      readonly content: EditContent;
      readonly executable?: boolean;
    }
  /** Renames or moves a file or folder; the target must not exist. */
  | { readonly type: 'rename'; readonly from: string; readonly to: string }
  /** Creates an empty folder (missing parents too). */
  | { readonly type: 'mkdir'; readonly path: string }
  /** Deletes a file, or a folder with everything in it (a link inside is removed, never followed). */
  | { readonly type: 'delete'; readonly path: string }
  /**
   * The dependency form: sets `tool_dependencies`, `mcp_dependencies`, `skill_dependencies` in the
   * SKILL.md frontmatter (only the lists given), keeping every other field, its order and the body.
   */
  | {
      readonly type: 'dependencies';
      readonly tools?: readonly string[];
      readonly mcpServers?: readonly string[];
      readonly skills?: readonly string[];
    };
