import type { Diagnostic } from '../format/diagnostic.js';
import type { Skill, SourceType } from '../format/types.js';
import type { Settings } from './settings.js';

/** Skills shipped by an extension (a plugin, a package): registered as `<owner>:<id>` (SPEC S4, D1). */
export interface ExtensionSkillSource {
  /** Extension name, used as the id prefix. */
  readonly owner: string;
  /** Folder searched for skill folders. */
  readonly directory: string;
}

/** One folder searched for skills, in precedence order (SPEC D1). */
export interface SkillRoot {
  /** Absolute folder as configured (before symbolic links are resolved). */
  readonly directory: string;
  readonly sourceType: SourceType;
  /** Extension owner; `settings` for folders configured in settings; absent for the standard folders. */
  readonly sourceScope?: string;
}

/**
 * What happened to a root:
 * - `loaded` — walked (it may hold no skills);
 * - `missing` — the folder does not exist (normal: most agents' folders are absent);
 * - `untrusted` — a project folder skipped because the workspace is not trusted (SPEC D2);
 * - `duplicate` — the same real folder as an earlier root (e.g. `.claude/skills` linked to `.agents/skills`);
 * - `failed` — the folder could not be read; with a watcher, its previous skills are kept (SPEC D7).
 */
export type SkillRootStatus = 'loaded' | 'missing' | 'untrusted' | 'duplicate' | 'failed';

/** A root and what discovery made of it. */
export interface SkillRootReport extends SkillRoot {
  readonly status: SkillRootStatus;
  /** The folder with symbolic links resolved, when it exists. */
  readonly realDirectory?: string;
  /** Skills loaded from this root (invalid ones not counted). */
  readonly skillCount: number;
  /** Skill folders whose SKILL.md was rejected. */
  readonly invalidCount: number;
}

/** A skill folder that did not load, with the reasons. */
export interface InvalidSkill {
  readonly directory: string;
  readonly sourceType: SourceType;
  readonly diagnostics: readonly Diagnostic[];
}

/** Options of `discoverSkills`. */
export interface DiscoverSkillsOptions {
  /** Project whose `.agents/skills`, `.qwen/skills`, `.claude/skills` and configured folders are searched. */
  readonly projectRoot?: string;
  /** Home folder for personal skills, settings and the trust store; default `os.homedir()`. */
  readonly homeDirectory?: string;
  /** Settings to use; default: read with `loadSettings` (their diagnostics join the result). */
  readonly settings?: Settings;
  /** Inline skills of the session (`defineSkill`), the highest precedence. */
  readonly sessionSkills?: readonly Skill[];
  readonly extensions?: readonly ExtensionSkillSource[];
  /** Folders of shared skills (the platform's projections). */
  readonly sharedDirectories?: readonly string[];
  /** Folders of builtin skills. */
  readonly builtinDirectories?: readonly string[];
  /**
   * Whether the workspace is trusted for an agent session (see `isWorkspaceTrusted`). Project skills
   * load only when it is true, or when `includeUntrustedProject` is set. Default false.
   */
  readonly trusted?: boolean;
  /**
   * Read project skills even in an untrusted workspace: for listing, validating and `doctor`, which
   * run nothing (SPEC D2). Default false.
   */
  readonly includeUntrustedProject?: boolean;
  /** Validation profile used to load each SKILL.md; default `lenient`. */
  readonly profile?: 'spec' | 'lenient';
  /**
   * List every skill's supporting files (default true). A listing that shows no files passes
   * false: the files are then `[]` and read on demand (`loadSkill` of one folder).
   */
  readonly listFiles?: boolean;
  /**
   * Keep every skill's instructions, `body` (default true). A listing that prints none passes
   * false: only the frontmatter is decoded and kept (the rest of the file is still checked), each
   * `body` is `''`, and the instructions are read on demand (`loadSkill`; activation re-reads the
   * folder, SPEC R3). Saves decoding and holding every file's text.
   */
  readonly readBodies?: boolean;
  /**
   * A folder (the user's own, e.g. `defaultDiscoveryCacheDirectory()`) where parsed skills are
   * cached between discoveries, keyed by real path, inode, size and times; an unchanged skill then
   * costs a stat instead of a read and a parse. The result is the same with or without it.
   */
  readonly cacheDirectory?: string;
}

/** Everything discovery found. */
export interface DiscoveryResult {
  /** Every loaded skill, shadowed ones included, highest precedence first. */
  readonly skills: readonly Skill[];
  /** Skill folders that did not load. */
  readonly invalid: readonly InvalidSkill[];
  /**
   * Settings problems, trust notes, walk limits, unreadable sources, and the diagnostics of every
   * invalid skill. Warnings of loaded skills stay on `skill.diagnostics`.
   */
  readonly diagnostics: readonly Diagnostic[];
  /** Every root considered, in precedence order. */
  readonly roots: readonly SkillRootReport[];
  /** The settings in effect. */
  readonly settings: Settings;
}
