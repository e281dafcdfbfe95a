/** A file of a folder source that was not given to the model, and why. */
export interface SkippedLearnFile {
  /** Relative to the source folder, `/`-separated. */
  readonly path: string;
  readonly reason: string;
}

/** A video given to the model as a data URL (SPEC L1). */
export interface LearnVideo {
  /** `video/mp4`, `video/webm` or `video/quicktime`. */
  readonly mediaType: string;
  readonly dataUrl: string;
  readonly bytes: number;
}

/** What a source was read into, before the model sees it (SPEC L1). */
export interface LearnMaterial {
  readonly kind: 'page' | 'files' | 'text' | 'video';
  /** Where it came from: the page URL after redirects, the path as given, `text`. */
  readonly origin: string;
  /** A page's article title, a file or folder name; empty for text. */
  readonly title: string;
  /** The text the model distils: the article as Markdown, the files, the user's text; empty for a video. */
  readonly text: string;
  readonly video?: LearnVideo;
  /** Files of a folder source that were given to the model, relative to it. */
  readonly files: readonly string[];
  /** Files of a folder source that were left out (binary, ignored, secret, too large, over the limits). */
  readonly skipped: readonly SkippedLearnFile[];
  /** The text was cut at {@link LearnLimits.materialCharacters}. */
  readonly truncated: boolean;
}

/** Bounds on reading a source (SPEC L1, SEC4); each has a default. */
export interface LearnLimits {
  /** Largest page body downloaded, in bytes. Default 5 MiB. */
  readonly pageBytes: number;
  /** Largest video, local or downloaded, in bytes. Default 20 MiB. */
  readonly videoBytes: number;
  /** Most characters of text the model is given. Default 200,000. */
  readonly materialCharacters: number;
  /** Largest single file of a folder source read, in bytes. Default 256 KiB. */
  readonly fileBytes: number;
  /** Most files of a folder source read. Default 200. */
  readonly files: number;
  /** Most files and folders of a folder source walked before the walk stops. Default 20,000. */
  readonly entries: number;
  /** Whole download time, redirects included, in milliseconds. Default 30 s. */
  readonly downloadMs: number;
}

/** The limits {@link LearnLimits} documents. */
export const DEFAULT_LEARN_LIMITS: LearnLimits = Object.freeze({
  pageBytes: 5 * 1024 * 1024,
  videoBytes: 20 * 1024 * 1024,
  materialCharacters: 200_000,
  fileBytes: 256 * 1024,
  files: 200,
  entries: 20_000,
  downloadMs: 30_000,
});
