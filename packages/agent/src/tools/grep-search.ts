import type { Failure } from '@skilldock/core/errors';

/** How grep reports what it found (SPEC G4). */
export type GrepOutputMode = 'content' | 'files_with_matches' | 'count';

/** One search, as both engines (ripgrep and the JavaScript fallback) take it. */
export interface GrepQuery {
  /** Regular expression. */
  readonly pattern: string;
  /** Real path of the folder (or single file) searched. */
  readonly target: string;
  /** Real path of the project root: `.gitignore` files from here down are honoured (rg does the same). */
  readonly gitignoreRoot?: string;
  /** Glob that file paths (relative to `target`) must match; without `/` it matches base names. */
  readonly glob?: string;
  readonly ignoreCase: boolean;
  /** Lines of context around each match (content mode only). */
  readonly contextLines: number;
  readonly mode: GrepOutputMode;
  /** Files above this size are skipped. */
  readonly maxFileBytes: number;
  /** The search stops after this many matching lines in content mode. */
  readonly maxMatchLines: number;
  readonly signal: AbortSignal;
}

/** A line in a result: a match, or context around one. */
export interface GrepLine {
  readonly lineNumber: number;
  readonly text: string;
  readonly isMatch: boolean;
}

/** What one file contributed. `lines` is filled in content mode only. */
export interface GrepFileMatches {
  /** Absolute path of the file. */
  readonly file: string;
  readonly matchCount: number;
  readonly lines: readonly GrepLine[];
}

/** A finished search, or why it could not run (a bad pattern, a failed engine). */
export type GrepOutcome =
  | {
      readonly ok: true;
      /** Sorted by path. */
      readonly files: readonly GrepFileMatches[];
      /** True when the search stopped at `maxMatchLines`. */
      readonly truncated: boolean;
    }
  | Failure<'invalid_pattern' | 'search_failed'>;
