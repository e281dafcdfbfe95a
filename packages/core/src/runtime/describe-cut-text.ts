import type { ByteRange } from './read-byte-range.js';
import type { CutLine } from './read-text-page.js';

/**
 * The note after a page whose long lines were cut (SEC4): where each cut line continues and how to
 * read the rest by byte offset. Shared by every reader that pages lines (skills, `read_file`).
 */
export function describeCutLines(
  cutLines: readonly CutLine[],
  readRest: (byteOffset: number) => string,
): string {
  return cutLines
    .map(
      (cut) =>
        `Line ${cut.line} continues for ${cut.bytes - cut.shownBytes} more bytes (${cut.bytes} in all); ${readRest(cut.startByte + cut.shownBytes)}.`,
    )
    .join(' ');
}

/**
 * The text and note of a byte-range read (SEC4): which bytes were shown, and the offset that
 * continues when the file goes on.
 */
export function describeByteRange(range: ByteRange, readRest: (byteOffset: number) => string): string {
  const where = `[Bytes ${range.start}-${range.end} of ${range.size}.`;
  const note =
    range.end < range.size ? `${where} ${readRest(range.end)}.]` : `${where} This is the end of the file.]`;
  return `${range.text}${range.text.endsWith('\n') ? '' : '\n'}\n${note}`;
}
