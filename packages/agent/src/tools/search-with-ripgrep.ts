import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { failure } from '@skilldock/core/errors';
import { compareText } from '@skilldock/core/format';
import type { GrepLine, GrepOutcome, GrepQuery } from './grep-search.js';
import { SKIPPED_FOLDER_NAMES } from './walk-project-files.js';

/** The text or, for paths and lines that are not UTF-8, the base64 bytes of an rg JSON field. */
interface RipgrepData {
  readonly text?: string;
  readonly bytes?: string;
}

interface RipgrepEvent {
  readonly type: string;
  readonly data?: {
    readonly path?: RipgrepData;
    readonly lines?: RipgrepData;
    readonly line_number?: number | null;
  };
}

/**
 * The grep engine used when ripgrep is on PATH: runs `rg --json` (respecting `.gitignore`,
 * skipping `.git`, `node_modules`, binary files and files above `maxFileBytes`) and reads its
 * JSON Lines output.
 */
export async function searchWithRipgrep(ripgrepPath: string, query: GrepQuery): Promise<GrepOutcome> {
  const args = [
    '--json',
    '--no-config',
    '--hidden',
    '--max-filesize',
    String(query.maxFileBytes),
    ...[...SKIPPED_FOLDER_NAMES].flatMap((name) => ['--glob', `!${name}`]),
  ];
  if (query.ignoreCase) args.push('--ignore-case');
  if (query.glob !== undefined) args.push('--glob', query.glob);
  if (query.mode === 'content' && query.contextLines > 0) args.push('--context', String(query.contextLines));
  if (query.mode === 'files_with_matches') args.push('--max-count', '1');
  args.push('--regexp', query.pattern, '--', query.target);

  const child = spawn(ripgrepPath, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: query.signal });
  const byFile = new Map<string, { matchCount: number; lines: GrepLine[] }>();
  let matchLines = 0;
  let truncated = false;
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < 4000) stderr += chunk;
  });
  // Settles with the error rather than rejecting: nothing awaits it until the output is read.
  const exit = new Promise<number | null | Error>((resolveExit) => {
    child.once('error', resolveExit);
    child.once('close', (code) => resolveExit(code));
  });
  const reader = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of reader) {
    const event = JSON.parse(line) as RipgrepEvent;
    if (event.type !== 'match' && event.type !== 'context') continue;
    const file = resolve(query.target, decode(event.data?.path));
    const entry = byFile.get(file) ?? { matchCount: 0, lines: [] };
    byFile.set(file, entry);
    const isMatch = event.type === 'match';
    if (isMatch) entry.matchCount++;
    if (query.mode !== 'content') continue;
    entry.lines.push({
      lineNumber: event.data?.line_number ?? 0,
      text: decode(event.data?.lines).replace(/\r?\n$/, ''),
      isMatch,
    });
    if (isMatch && ++matchLines >= query.maxMatchLines) {
      truncated = true;
      child.kill();
      break;
    }
  }
  const code = await exit;
  if (code instanceof Error) return failure('search_failed', `ripgrep failed to run: ${code.message}`);
  // rg exits 1 for "no match" and 2 for errors, which may still come with matches (an unreadable file).
  if (!truncated && code === 2 && byFile.size === 0) {
    return failure('search_failed', `ripgrep failed: ${stderr.trim() || 'exit code 2'}`);
  }
  const files = [...byFile]
    .filter(([, entry]) => entry.matchCount > 0)
    .sort(([first], [second]) => compareText(first, second))
    .map(([file, entry]) => ({
      file,
      matchCount: entry.matchCount,
      lines: entry.lines.sort((first, second) => first.lineNumber - second.lineNumber),
    }));
  return { ok: true, files, truncated };
}

function decode(data: RipgrepData | undefined): string {
  if (data?.text !== undefined) return data.text;
  if (data?.bytes !== undefined) return Buffer.from(data.bytes, 'base64').toString('utf8');
  return '';
}
