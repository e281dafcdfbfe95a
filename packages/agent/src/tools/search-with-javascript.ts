import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { compareText } from '@skilldock/core';
import picomatch from 'picomatch';
import type { GrepFileMatches, GrepLine, GrepOutcome, GrepQuery } from './grep-search.js';
import { looksBinary } from './looks-binary.js';
import { walkProjectFiles } from './walk-project-files.js';

/**
 * The grep engine used when ripgrep is not installed: walks with fdir (skipping `.git`,
 * `node_modules`, links and what `.gitignore` files ignore, as rg does), skips binary files and files above `maxFileBytes`, and matches
 * each line with a JavaScript regular expression.
 */
export async function searchWithJavaScript(query: GrepQuery): Promise<GrepOutcome> {
  let expression: RegExp;
  try {
    expression = new RegExp(query.pattern, query.ignoreCase ? 'i' : '');
  } catch (error) {
    return { ok: false, error: `Invalid regular expression: ${(error as Error).message}` };
  }
  const info = await stat(query.target);
  let files: string[];
  if (info.isFile()) {
    files = [query.target];
  } else {
    const matchesGlob =
      query.glob === undefined ? undefined : picomatch(query.glob, { dot: true, basename: true });
    const relative = await walkProjectFiles(query.target, {
      signal: query.signal,
      excludeSymlinks: true,
      ...(matchesGlob === undefined ? {} : { filter: matchesGlob }),
      ...(query.gitignoreRoot === undefined ? {} : { gitignoreRoot: query.gitignoreRoot }),
    });
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
      if (expression.test(lines[index]!)) matching.push(index);
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
