import { realpath, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { confinePath } from '../policy/confine-path.js';
import type { AgentTool } from './agent-tool.js';
import { defineAgentTool } from './define-agent-tool.js';
import { findRipgrep } from './find-ripgrep.js';
import type { GrepFileMatches, GrepOutcome, GrepQuery } from './grep-search.js';
import { searchWithJavaScript } from './search-with-javascript.js';
import { searchWithRipgrep } from './search-with-ripgrep.js';
import { errorResult, textResult } from './tool-results.js';
import { truncateMiddle } from './truncate-middle.js';

/** Options of {@link createGrepTool}. */
export interface GrepToolOptions {
  /**
   * The ripgrep binary: a path uses it, `null` forces the JavaScript search, and the default
   * (`undefined`) uses `rg` when it is on PATH.
   */
  readonly ripgrepPath?: string | null;
  /** Most matching lines in content mode (the search stops there). */
  readonly maxMatchLines?: number;
  /** Most files listed in files_with_matches and count modes. */
  readonly maxFiles?: number;
  /** Files above this size are skipped. */
  readonly maxFileBytes?: number;
  /** Lines longer than this are cut in content mode. */
  readonly maxLineLength?: number;
  /** Most characters of the whole result (head and tail are kept). */
  readonly maxCharacters?: number;
}

const schema = z.object({
  pattern: z.string().min(1).describe('Regular expression to search for.'),
  path: z
    .string()
    .min(1)
    .optional()
    .describe('File or folder to search, relative to the project root. Default: the project root.'),
  glob: z
    .string()
    .min(1)
    .optional()
    .describe('Only search files matching this glob, e.g. "*.ts" or "src/**/*.py".'),
  ignore_case: z.boolean().optional().describe('Case-insensitive search. Default false.'),
  output_mode: z
    .enum(['content', 'files_with_matches', 'count'])
    .optional()
    .describe('content: matching lines; files_with_matches (default): file paths; count: matches per file.'),
  context_lines: z
    .number()
    .int()
    .min(0)
    .max(20)
    .optional()
    .describe('Lines of context around each match (content mode).'),
});

/**
 * The `grep` tool (SPEC G4): regular-expression search with ripgrep when it is on PATH, else a
 * JavaScript search with the same skips (binary files, files above 1 MB, `.git`,
 * `node_modules`) and caps. Files with matches are reported for path gating.
 */
export function createGrepTool({
  ripgrepPath,
  maxMatchLines = 500,
  maxFiles = 500,
  maxFileBytes = 1024 * 1024,
  maxLineLength = 500,
  maxCharacters = 30_000,
}: GrepToolOptions = {}): AgentTool {
  let ripgrep: Promise<string | undefined> | undefined;
  const chooseRipgrep = (): Promise<string | undefined> => {
    if (ripgrepPath !== undefined) return Promise.resolve(ripgrepPath ?? undefined);
    ripgrep ??= findRipgrep();
    return ripgrep;
  };
  return defineAgentTool({
    name: 'grep',
    description:
      'Search file contents with a regular expression. output_mode: files_with_matches (default), content (matching lines as path:line:text, with context_lines), or count. ' +
      'Skips .git, node_modules, binary files and files over 1 MB. Use glob to limit file types.',
    kind: 'read',
    schema,
    async execute(input, context) {
      const target = await confinePath(input.path ?? '.', 'read', context);
      if (!target.ok) return errorResult(target.message);
      if ((await stat(target.realPath).catch(() => undefined)) === undefined) {
        return errorResult(`Not found: ${target.displayPath}.`);
      }
      const mode = input.output_mode ?? 'files_with_matches';
      const query: GrepQuery = {
        pattern: input.pattern,
        target: target.realPath,
        gitignoreRoot: await realpath(context.cwd),
        ...(input.glob === undefined ? {} : { glob: input.glob }),
        ignoreCase: input.ignore_case === true,
        contextLines: input.context_lines ?? 0,
        mode,
        maxFileBytes,
        maxMatchLines,
        signal: context.signal,
      };
      const binary = await chooseRipgrep();
      const outcome: GrepOutcome =
        binary === undefined ? await searchWithJavaScript(query) : await searchWithRipgrep(binary, query);
      if (!outcome.ok) return errorResult(outcome.message);
      // Paths shown and reported under the project root as the caller spelled it.
      const shownPath = (file: string): string => {
        const inTarget = relative(target.realPath, file);
        return target.displayPath === '.'
          ? inTarget
          : inTarget === ''
            ? target.displayPath
            : join(target.displayPath, inTarget);
      };
      context.reportFiles(
        outcome.files
          .slice(0, maxFiles)
          .map((file) => join(target.absolutePath, relative(target.realPath, file.file))),
      );
      if (outcome.files.length === 0)
        return textResult(`No matches for ${input.pattern} in ${target.displayPath}.`);
      const text =
        mode === 'content'
          ? formatContent(outcome.files, shownPath, maxLineLength, outcome.truncated, maxMatchLines)
          : formatFiles(outcome.files, shownPath, mode, maxFiles);
      return textResult(truncateMiddle(text, maxCharacters));
    },
  });
}

// The cut-line note names at most this many lines, so the note itself stays short.
const MAX_CUT_NOTES = 5;

function formatContent(
  files: readonly GrepFileMatches[],
  shownPath: (file: string) => string,
  maxLineLength: number,
  truncated: boolean,
  maxMatchLines: number,
): string {
  const cut: string[] = [];
  const blocks = files.map((file) => {
    const name = shownPath(file.file);
    const out: string[] = [];
    let previous: number | undefined;
    for (const line of file.lines) {
      if (previous !== undefined && line.lineNumber > previous + 1) out.push('--');
      previous = line.lineNumber;
      let text = line.text;
      if (text.length > maxLineLength) {
        // Same rule as read_file: a long line is cut and the note says how to read the rest.
        text = `${text.slice(0, maxLineLength)} [… line cut]`;
        cut.push(
          `${name}:${line.lineNumber} continues for ${line.text.length - maxLineLength} more characters (read_file path "${name}" offset=${line.lineNumber} limit=1 shows it).`,
        );
      }
      out.push(`${name}${line.isMatch ? ':' : '-'}${line.lineNumber}${line.isMatch ? ':' : '-'}${text}`);
    }
    return out.join('\n');
  });
  const notes: string[] = [];
  if (cut.length > 0) {
    const listed = cut.slice(0, MAX_CUT_NOTES).join(' ');
    const more = cut.length > MAX_CUT_NOTES ? ` ${cut.length - MAX_CUT_NOTES} more lines were cut too.` : '';
    notes.push(`[Lines over ${maxLineLength} characters were cut: ${listed}${more}]`);
  }
  if (truncated) {
    notes.push(
      `[Stopped after ${maxMatchLines} matching lines; narrow the pattern, the path or the glob to see the rest.]`,
    );
  }
  return notes.length === 0 ? blocks.join('\n--\n') : `${blocks.join('\n--\n')}\n\n${notes.join('\n')}`;
}

function formatFiles(
  files: readonly GrepFileMatches[],
  shownPath: (file: string) => string,
  mode: 'files_with_matches' | 'count',
  maxFiles: number,
): string {
  const shown = files.slice(0, maxFiles);
  const lines = shown.map((file) =>
    mode === 'count' ? `${shownPath(file.file)}:${file.matchCount}` : shownPath(file.file),
  );
  if (mode === 'count') {
    const total = files.reduce((sum, file) => sum + file.matchCount, 0);
    lines.push(`\n${total} matching lines in ${files.length} files.`);
  }
  if (files.length > shown.length)
    lines.push(`[${files.length - shown.length} more files not shown; narrow the search.]`);
  return lines.join('\n');
}
