/** The file name that makes a folder a skill (SPEC S1, D2). */
export const SKILL_FILE_NAME = 'SKILL.md';

/** A SKILL.md larger than this is rejected without being parsed (SPEC S2). */
export const MAX_SKILL_FILE_BYTES = 4 * 1024 * 1024;

/** Frontmatter larger than this is rejected before YAML sees it (SPEC S2). */
export const MAX_FRONTMATTER_BYTES = 64 * 1024;

/** Alias expansions allowed in one document: enough for real files, far below a "billion laughs". */
export const MAX_YAML_ALIAS_COUNT = 100;

/** Nesting deeper than this is refused before the YAML parser recurses into it. */
export const MAX_YAML_DEPTH = 64;
