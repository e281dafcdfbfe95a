import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { UserInputError } from '@skilldock/core/errors';
import { z } from 'zod';
import {
  TRANSCRIPT_VERSION,
  type TranscriptEntry,
  type TranscriptHeader,
  type TranscriptMessage,
  transcriptSchemas,
} from './transcript-record.js';

/** A transcript as read from disk. */
export interface LoadedTranscript {
  readonly file: string;
  readonly header: TranscriptHeader;
  /** Every line after the header, in order. */
  readonly entries: readonly TranscriptEntry[];
  /** The conversation, in order (the `message` lines). */
  readonly messages: readonly TranscriptMessage[];
  /** True when an unfinished last line (a crash mid-write) was left out. */
  readonly truncatedLastLine: boolean;
  /** Bytes of the complete lines: where an append must continue. */
  readonly completeBytes: number;
}

/**
 * Reads and validates a JSONL transcript. An unfinished last line (no newline, not valid JSON)
 * is left out; anything else malformed throws `UserInputError` `session_corrupt` naming the file
 * and line.
 */
export async function readTranscript(file: string): Promise<LoadedTranscript> {
  const text = await readRegularFile(file);
  const lines = text.split('\n');
  // After the last newline: '' for a complete file, else a line whose write did not finish.
  const tail = lines.pop() ?? '';
  let truncatedLastLine = false;
  if (tail !== '') {
    if (isJson(tail)) lines.push(tail);
    else truncatedLastLine = true;
  }
  const corrupt = (line: number, reason: string) =>
    new UserInputError('session_corrupt', `${file}:${line}: ${reason}`, { details: { path: file, line } });
  if (lines.length === 0) throw corrupt(1, 'the transcript has no session header');
  const schemas = transcriptSchemas();
  const header = schemas.header.safeParse(parseLine(lines[0]!, () => corrupt(1, 'invalid JSON')));
  if (!header.success) throw corrupt(1, `invalid session header: ${z.prettifyError(header.error)}`);
  if (header.data.version > TRANSCRIPT_VERSION) {
    throw corrupt(1, `written by a newer Skilldock (format ${header.data.version}); update to read it`);
  }
  const entries: TranscriptEntry[] = [];
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    const parsed = schemas.entry.safeParse(parseLine(line, () => corrupt(index + 1, 'invalid JSON')));
    if (!parsed.success) throw corrupt(index + 1, `invalid record: ${z.prettifyError(parsed.error)}`);
    entries.push(parsed.data as TranscriptEntry);
  }
  const messages = entries.flatMap((entry) => (entry.type === 'message' ? [entry.message] : []));
  const completeBytes = Buffer.byteLength(text) - (truncatedLastLine ? Buffer.byteLength(tail) : 0);
  return {
    file,
    header: header.data as TranscriptHeader,
    entries,
    messages,
    truncatedLastLine,
    completeBytes,
  };
}

/**
 * A FIFO or device in place of a transcript would block a plain read forever (SEC4): open without
 * blocking and without following a link, then read only a regular file.
 */
async function readRegularFile(file: string): Promise<string> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    if (!(await handle.stat()).isFile()) {
      throw new UserInputError('session_not_a_file', `${file} is not a regular file; it was not read.`, {
        details: { path: file },
      });
    }
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

function parseLine(line: string, onError: () => Error): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw onError();
  }
}
