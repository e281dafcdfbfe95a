import type { ErrorCode } from '../error-codes.js';
import type { Diagnostic } from '../format/diagnostic.js';

/** Where skills come from (SPEC P4). `lockSource`/`lockSourceType` are what `skills-lock.json` records. */
export type InstallSourceType = 'local' | 'archive' | 'file' | 'git' | 'github' | 'modelscope' | 'well-known';

/** A source string resolved to something that can be fetched (SPEC P4, P5). */
export interface ResolvedSource {
  /** What the user typed. */
  readonly input: string;
  readonly type: InstallSourceType;
  /** Absolute path for local, archive and file sources. */
  readonly path?: string;
  /** https (or allowed loopback http) URL for git, github, modelscope and well-known sources. */
  readonly url?: string;
  /** Branch, tag or commit asked for (git, github; a ModelScope repository's revision). */
  readonly ref?: string;
  /** Folder inside the fetched tree to look in (github `owner/repo/path`, `/tree/REF/PATH`). */
  readonly subpath?: string;
  /** One skill asked for by name (`owner/repo@skill`). */
  readonly skill?: string;
  /** The `source` value the lock files record, e.g. `owner/repo`, an https URL or an absolute path. */
  readonly lockSource: string;
  /** The `sourceType` value `skills-lock.json` records, e.g. `github`, `git`, `local`, `well-known`. */
  readonly lockSourceType: string;
  /**
   * The environment variable the source's token was read from (`SKILLDOCK_TOKEN`), set by
   * `prepareInstall` when it fetched with a token; the lock records this name, never the token.
   */
  readonly tokenEnv?: string;
}

/** One file of a prepared skill. */
export interface DraftFile {
  /** POSIX path relative to the skill folder. */
  readonly path: string;
  readonly size: number;
  readonly executable: boolean;
}

/** A skill that prepared well and can be confirmed (SPEC P6). */
export interface DraftSkill {
  /** The install id: the folder name it gets in every target. */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** Absolute path of the staged copy inside the draft's staging folder (what confirm publishes). */
  readonly directory: string;
  /** Where the skill sat inside the source, POSIX, '' for the root. */
  readonly sourcePath: string;
  readonly files: readonly DraftFile[];
  readonly totalBytes: number;
  /** Skill ids it depends on (frontmatter), for the reviewer. */
  readonly dependencies: readonly string[];
  /** Warnings and notes from parsing and validating (a confirmable skill has no errors). */
  readonly diagnostics: readonly Diagnostic[];
  /** Human-readable warnings: skipped noise, large files. */
  readonly warnings: readonly string[];
  /** Relative paths that matched the secret rules (SPEC P2); they are not staged. */
  readonly secrets: readonly string[];
  /** Directory revision of the staged copy (SPEC P1). */
  readonly revision: string;
  /** The `skills` CLI `computedHash` of the staged copy (SPEC P1). */
  readonly computedHash: string;
}

/** Something that did not prepare: listed apart, never confirmable (SPEC P6). */
export interface DraftFailure {
  /** Where it sat inside the source (POSIX) or the source itself. */
  readonly sourcePath: string;
  /** The skill name when it could be read. */
  readonly name?: string;
  /** From the error-code registry: `invalid_skill`, `duplicate_skill`, `symlink_in_skill`, … */
  readonly code: ErrorCode;
  readonly message: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** The result of `prepareInstall` (SPEC P6): review it, then confirm into a target or cancel. */
export interface InstallDraft {
  readonly id: string;
  readonly source: ResolvedSource;
  /** Commit the git source was at, when known. */
  readonly commit?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601; one hour after creation. A confirm after it fails with `draft_expired`. */
  readonly expiresAt: string;
  /** Private temp folder holding the staged skills; removed by confirm and cancel. */
  readonly stagingDirectory: string;
  readonly skills: readonly DraftSkill[];
  readonly failed: readonly DraftFailure[];
  /** Notes about the source as a whole, e.g. an ignored plugin manifest or a search that stopped early. */
  readonly warnings?: readonly string[];
}
