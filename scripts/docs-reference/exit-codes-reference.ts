import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXIT_CODE_BY_ERROR_CODE, ExitCode } from '../../packages/cli/src/exit-codes.js';
import { type ErrorCodeEntry, errorCodeCatalog } from './error-code-catalog.js';
import { cell, code, page, table } from './markdown.js';

const EXIT_CODES_SOURCE = path.resolve(import.meta.dirname, '../../packages/cli/src/exit-codes.ts');

/** The TSDoc of each `ExitCode` member, read from the source (comments are not runtime data). */
function exitCodeComments(): Map<string, string> {
  const text = readFileSync(EXIT_CODES_SOURCE, 'utf8');
  const body = /export const ExitCode = \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
  const comments = new Map<string, string>();
  for (const match of body.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(\w+):/g)) {
    comments.set(match[2]!, match[1]!.replace(/\s*\n\s*\*?\s*/g, ' ').trim());
  }
  return comments;
}

/** The usage codes: the exit-code table's entries, and the CLI's own `UsageError`s (2 by class). */
function usageCodes(catalog: readonly ErrorCodeEntry[]): ErrorCodeEntry[] {
  return catalog.filter(
    (entry) =>
      Object.hasOwn(EXIT_CODE_BY_ERROR_CODE, entry.code) ||
      (entry.packageName === 'cli' && entry.errorClass === 'UsageError'),
  );
}

/** `reference/exit-codes.md`: the exit codes of every command and which error codes exit 2. */
export function exitCodesReferencePage(): string {
  const comments = exitCodeComments();
  const codes = table(
    ['exit code', 'name', 'meaning'],
    Object.entries(ExitCode).map(([name, value]) => [
      `**${value}**`,
      code(name),
      cell(comments.get(name) ?? ''),
    ]),
  );
  const usage = table(
    ['error code', 'meaning'],
    usageCodes(errorCodeCatalog()).map((entry) => [
      `[${code(entry.code)}](./error-codes#${entry.code.replace(/_/g, '-')})`,
      cell(entry.meaning ?? ''),
    ]),
  );
  return page(
    'Exit codes',
    [
      'Every `skilldock` command exits with one of these codes. With `--json`, an error is one object on',
      'stdout, `{ "error": { "code", "message", "details" } }` (`run --json` prints a `run-error` line',
      'instead); `code` is one of the [error codes](./error-codes). A command-line parse failure (an',
      'unknown option or command, a missing argument) exits 2, the error codes below exit 2, and every',
      'other error exits 1.',
    ].join('\n'),
    [codes, '', '## Error codes that exit 2 (usage)', '', usage].join('\n'),
  );
}
