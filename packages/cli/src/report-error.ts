import { type ExitCodeValue, errorCode, exitCodeFor } from './exit-codes.js';
import type { Output } from './output.js';
import { pc } from './terminal-style.js';

/** How a command reports a failure: one line on stderr, and with `--json` an error object on stdout. */
export interface ReportErrorOptions {
  /** `--json` was given: print `{ error: { code, message, details } }` on stdout too. */
  readonly json?: boolean;
  /** The message is already on stderr (commander prints its own parse errors). */
  readonly printed?: boolean;
  /** `SKILLDOCK_DEBUG` is set: an internal error shows its stack. */
  readonly debug?: boolean;
}

/**
 * Reports an error any command threw and returns its exit code ({@link exitCodeFor}): the same
 * shape for every command, so a script reading `--json` always gets an object on stdout. An error
 * without a code (a bug, a disk failure) is `internal_error`, one line, with the stack only under
 * `SKILLDOCK_DEBUG=1`.
 */
export function reportError(
  error: unknown,
  output: Output,
  { json = false, printed = false, debug = false }: ReportErrorOptions = {},
): ExitCodeValue {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (json) {
    const details = (error as { details?: unknown } | undefined)?.details;
    output.json({ error: { code, message, details: details ?? {} } });
  }
  if (!printed) {
    output.error(`${pc.red('error')} ${message}`);
    if (code === 'internal_error') {
      if (debug && error instanceof Error && error.stack) output.error(error.stack);
      else output.error('(set SKILLDOCK_DEBUG=1 to see where it happened)');
    }
  }
  return exitCodeFor(error);
}
