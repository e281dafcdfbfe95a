/**
 * Folders inside a repository where agents keep skills, searched for skills to install (SPEC P4): the
 * list the `skills` CLI 1.5 searches, plus the Qwen Code, Cursor and Gemini CLI folders.
 */
export const AGENT_SKILL_FOLDERS: readonly string[] = Object.freeze([
  '.agents/skills',
  '.claude/skills',
  '.cline/skills',
  '.codebuddy/skills',
  '.codex/skills',
  '.commandcode/skills',
  '.continue/skills',
  '.cursor/skills',
  '.gemini/skills',
  '.github/skills',
  '.goose/skills',
  '.iflow/skills',
  '.junie/skills',
  '.kilocode/skills',
  '.kiro/skills',
  '.mux/skills',
  '.neovate/skills',
  '.opencode/skills',
  '.openhands/skills',
  '.pi/skills',
  '.qoder/skills',
  '.qwen/skills',
  '.roo/skills',
  '.trae/skills',
  '.windsurf/skills',
  '.zcode/skills',
  '.zencoder/skills',
]);

/** Folders never searched for skills: version control, dependencies and build output. */
export const SKIPPED_SEARCH_FOLDERS: ReadonlySet<string> = new Set([
  '.git',
  'node_modules',
  'dist',
  'build',
  '__pycache__',
  '.cache',
]);
