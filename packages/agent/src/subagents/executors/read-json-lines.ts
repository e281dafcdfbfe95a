import type { Readable } from 'node:stream';
import { ExternalExecutorError } from './external-executor-error.js';

/** Options of {@link readJsonLines}. */
export interface ReadJsonLinesOptions {
  /** The longest line accepted, in bytes; a longer one is a protocol error (bounded memory). */
  readonly maxMessageBytes: number;
  /** Named in messages, such as `codex (codex)`. */
  readonly peerName: string;
  /** Each line that holds a JSON object, parsed. */
  readonly onMessage: (message: Record<string, unknown>) => void;
  /** Called once, for the first line that is too long or not a JSON object; nothing is read after it. */
  readonly onFailure: (error: ExternalExecutorError) => void;
}

/**
 * Reads newline-delimited JSON objects from `input` (an executor's stdout) without ever holding
 * more than one bounded line: an over-long line, a line that is not JSON, or JSON that is not an
 * object ends the reading with an `executor_protocol_error` instead of growing or being skipped.
 */
export function readJsonLines(input: Readable, options: ReadJsonLinesOptions): void {
  const { maxMessageBytes, peerName } = options;
  let buffered: Buffer[] = [];
  let bufferedBytes = 0;
  let failed = false;
  const fail = (message: string, details?: { limit: number }) => {
    failed = true;
    buffered = [];
    input.off('data', onData);
    options.onFailure(new ExternalExecutorError('executor_protocol_error', message, { details }));
  };
  const tooLarge = () =>
    fail(`${peerName} sent a message larger than ${maxMessageBytes} bytes; the connection was closed.`, {
      limit: maxMessageBytes,
    });
  const handleLine = (line: string) => {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return fail(
        `${peerName} broke its JSON-RPC protocol with a line that is not JSON: ${JSON.stringify(line.slice(0, 200))}`,
      );
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message))
      return fail(
        `${peerName} broke its JSON-RPC protocol with a message that is not an object: ${JSON.stringify(line.slice(0, 200))}`,
      );
    options.onMessage(message as Record<string, unknown>);
  };
  const onData = (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1 && !failed; newline = chunk.indexOf(10, start)) {
      if (bufferedBytes + newline - start > maxMessageBytes) return tooLarge();
      buffered.push(chunk.subarray(start, newline));
      const line = Buffer.concat(buffered).toString('utf8');
      buffered = [];
      bufferedBytes = 0;
      start = newline + 1;
      handleLine(line);
    }
    if (failed || start === chunk.length) return;
    bufferedBytes += chunk.length - start;
    if (bufferedBytes > maxMessageBytes) return tooLarge();
    buffered.push(chunk.subarray(start));
  };
  input.on('data', onData);
}
