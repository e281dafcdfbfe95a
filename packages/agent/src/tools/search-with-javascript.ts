import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { failure } from '@skilldock/core/errors';
import { compareText } from '@skilldock/core/format';
import type { RE2JS } from 're2js';
import { loadOnce } from '../load-once.js';
import type { GrepFileMatches, GrepLine, GrepOutcome, GrepQuery } from './grep-search.js';
import { looksBinary } from './looks-binary.js';
import { matchPaths } from './match-paths.js';
import { walkProjectFiles } from './walk-project-files.js';

// 270 KB that only a grep without ripgrep needs: loaded then, not with every agent start (issue 28).
const loadRe2 = loadOnce(() => import('re2js'));

/**
 * The grep engine used when ripgrep is not installed: walks with fdir (skipping `.git`,
 * `node_modules`, links and what `.gitignore` files ignore, as rg does), skips binary files and
 * files above `maxFileBytes`, and matches each line with RE2 (`re2js`).
 *
 * RE2 runs in time linear in the line, so no pattern (`(a+)+$`) can freeze the process past the
 * run's time limit or Ctrl-C (SEC4); it is also the syntax ripgrep takes (no lookaround or
 * backreferences), so both engines accept the same patterns.
 */
export async function searchWithJavaScript(query: GrepQuery): Promise<GrepOutcome> {
  const { RE2JS } = await loadRe2();
  let expression: RE2JS;
  try {
    expression = RE2JS.compile(query.pattern, query.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    return failure(
      'invalid_pattern',
      `Invalid regular expression (RE2 syntax, as ripgrep: no lookaround or backreferences): ${(error as Error).message}`,
    );
  }
  const info = await stat(query.target);
  let files: string[];
  if (info.isFile()) {
    files = [query.target];
  } else {
    const walked = await walkProjectFiles(query.target, {
      signal: query.signal,
      excludeSymlinks: true,
      ...(query.gitignoreRoot === undefined ? {} : { gitignoreRoot: query.gitignoreRoot }),
    });
    let relative = walked;
    if (query.glob !== undefined) {
      const matched = await matchPaths(walked, query.glob, { basename: true, signal: query.signal });
      if (!matched.ok) return failure('invalid_pattern', `Invalid glob ${query.glob}: ${matched.message}`);
      relative = matched.paths;
    }
    files = relative.sort(compareText).map((path) => join(query.target, path));
  }
  const results: GrepFileMatches[] = [];
  let matchLines = 0;
  for (const file of files) {
    query.signal.throwIfAborted();
    const text = await readTextFile(file, query.maxFileBytes);
    if (text === undefined) continue;
    const lines = text.split(/\r?\n/);
    if (lines.at(-1) === '') lines.pop();
    const matching: number[] = [];
    for (let index = 0; index < lines.length; index++) {
      if (expression.matcher(lines[index]!).find()) matching.push(index);
      if (query.mode === 'files_with_matches' && matching.length > 0) break;
    }
    if (matching.length === 0) continue;
    if (query.mode !== 'content') {
      results.push({ file, matchCount: matching.length, lines: [] });
      continue;
    }
    const kept = matching.slice(0, query.maxMatchLines - matchLines);
    matchLines += kept.length;
    results.push({ file, matchCount: kept.length, lines: withContext(lines, kept, query.contextLines) });
    if (matchLines >= query.maxMatchLines) return { ok: true, files: results, truncated: true };
  }
  return { ok: true, files: results, truncated: false };
}

/** The file's text, or undefined for binary, oversized or unreadable files (they are skipped). */
async function readTextFile(file: string, maxBytes: number): Promise<string | undefined> {
  try {
    const handle = await open(file, 'r');
    let size: number;
    try {
      size = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    if (size > maxBytes) return undefined;
    const bytes = await readFile(file);
    return looksBinary(bytes) ? undefined : bytes.toString('utf8');
  } catch {
    return undefined;
  }
}

function withContext(
  lines: readonly string[],
  matching: readonly number[],
  contextLines: number,
): GrepLine[] {
  const matchSet = new Set(matching);
  const shown = new Set<number>();
  for (const index of matching) {
    for (
      let line = Math.max(0, index - contextLines);
      line <= Math.min(lines.length - 1, index + contextLines);
      line++
    ) {
      shown.add(line);
    }
  }
  return [...shown]
    .sort((first, second) => first - second)
    .map((index) => ({ lineNumber: index + 1, text: lines[index]!, isMatch: matchSet.has(index) }));
}
