/** A line shown only in part because it is longer than the per-line limit. */
export interface CutLine {
  /** 1-based line number. */
  readonly line: number;
  /** Byte offset in the file where the line starts. */
  readonly startByte: number;
  /** Length of the whole line in bytes, without its line end. */
  readonly bytes: number;
  /** Bytes of it shown; the rest starts at byte `startByte + shownBytes`. */
  readonly shownBytes: number;
}

/** One page of a text file, or the finding that it is binary. */
export type TextPage =
  | { readonly kind: 'binary'; readonly reason: 'nul_byte' | 'invalid_utf8' }
  | {
      readonly kind: 'text';
      /** The lines, each with its line end as in the file (a cut line keeps its `\n`). */
      readonly text: string;
      /** 1-based line the page starts at. */
      readonly firstLine: number;
      /** Lines in the page (0 when the offset is past the end). */
      readonly lineCount: number;
      /** The line to pass as `offset` for the next page; absent at the end of the file. */
      readonly nextOffset?: number;
      /** The first line shown only in part (see `cutLines`). */
      readonly cutLine?: number;
      /** Every line shown only in part, in order; absent when none was cut. */
      readonly cutLines?: readonly CutLine[];
      /** Lines in the whole file, known when the page reached its end. */
      readonly totalLines?: number;
    };

/** Limits of one page. */
export interface PageLimits {
  /** 1-based first line. */
  readonly offset: number;
  readonly maxLines: number;
  readonly maxBytes: number;
  /**
   * Longer lines are cut to this many bytes (on a character boundary), so one huge line can
   * neither exhaust memory nor hide the lines after it. Default `maxBytes`.
   */
  readonly maxLineBytes?: number;
  /** Invalid UTF-8 makes the page `binary` (default), or is shown as U+FFFD. */
  readonly invalidUtf8?: 'binary' | 'replace';
}

const NEWLINE = 0x0a;
// A cut keeps a few bytes past the limit, enough to find the character boundary before it.
const UTF8_LOOKAHEAD = 3;

/** The end of the longest prefix of `bytes[0, end)` that ends on a UTF-8 character boundary. */
export function utf8BoundaryBefore(bytes: Uint8Array, end: number): number {
  if (end >= bytes.length) return bytes.length;
  let boundary = end;
  // Continuation bytes are 10xxxxxx; a character starts at the first byte that is not one.
  while (boundary > 0 && ((bytes[boundary] ?? 0) & 0xc0) === 0x80) boundary -= 1;
  return boundary;
}

/**
 * Read one page from a stream of bytes without holding more than the page in memory (SPEC R4,
 * SEC4): lines are split on raw bytes, a line longer than `maxLineBytes` keeps only its head and
 * is listed in `cutLines` with the byte offset where it starts, and reading stops as soon as the
 * page is full. A NUL byte, or invalid UTF-8 in what is shown, makes it binary.
 */
export async function readTextPage(chunks: AsyncIterable<Uint8Array>, limits: PageLimits): Promise<TextPage> {
  const lineCap = Math.min(limits.maxLineBytes ?? limits.maxBytes, limits.maxBytes);
  const binaryOnInvalid = (limits.invalidUtf8 ?? 'binary') === 'binary';
  const decoder = new TextDecoder('utf-8', { fatal: binaryOnInvalid });
  const lines: string[] = [];
  const cutLines: CutLine[] = [];
  let pageBytes = 0;
  let lineNumber = 1;
  let lineStart = 0;
  let kept: Uint8Array[] = [];
  let keptBytes = 0;
  let lineBytes = 0;
  let nextOffset: number | undefined;
  let invalid = false;
  // A skipped last line without a newline still counts as a line.
  let skippedPartialLine = false;

  const decode = (bytes: Uint8Array): string => {
    try {
      return decoder.decode(bytes);
    } catch {
      invalid = true;
      return '';
    }
  };
  // Returns false when the page is full and reading must stop.
  const commit = (ended: boolean, nextLineStart: number): boolean => {
    const cost = Math.min(lineBytes, lineCap);
    if (pageBytes + cost > limits.maxBytes && lines.length > 0) {
      nextOffset = lineNumber;
      return false;
    }
    const bytes = Buffer.concat(kept);
    if (lineBytes > lineCap) {
      const shown = utf8BoundaryBefore(bytes, lineCap);
      const lineEnd = ended ? 1 : 0;
      cutLines.push({
        line: lineNumber,
        startByte: lineStart,
        bytes: lineBytes - lineEnd,
        shownBytes: shown,
      });
      lines.push(`${decode(bytes.subarray(0, shown))}${ended ? '\n' : ''}`);
    } else {
      lines.push(decode(bytes));
    }
    pageBytes += cost;
    kept = [];
    keptBytes = 0;
    lineBytes = 0;
    lineNumber += 1;
    lineStart = nextLineStart;
    return true;
  };

  let position = 0;
  let complete = true;
  reading: for await (const chunk of chunks) {
    if (chunk.includes(0)) return { kind: 'binary', reason: 'nul_byte' };
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline + 1;
      if (lineNumber < limits.offset) {
        skippedPartialLine = newline === -1;
        if (newline !== -1) {
          lineNumber += 1;
          lineStart = position + end;
        }
        start = end;
        continue;
      }
      if (lines.length >= limits.maxLines) {
        nextOffset = lineNumber;
        complete = false;
        break reading;
      }
      // Past the cap a line only needs counting, not keeping: a 600 MB line stays cheap.
      const room = lineCap + UTF8_LOOKAHEAD - keptBytes;
      if (room > 0) {
        const piece = chunk.subarray(start, Math.min(end, start + room));
        kept.push(piece);
        keptBytes += piece.length;
      }
      lineBytes += end - start;
      start = end;
      if (newline !== -1 && !commit(true, position + end)) {
        complete = false;
        break reading;
      }
      if (invalid) return { kind: 'binary', reason: 'invalid_utf8' };
    }
    position += chunk.length;
  }
  let totalLines: number | undefined;
  if (complete) {
    if (lineBytes > 0 && lineNumber >= limits.offset) {
      if (lines.length >= limits.maxLines) nextOffset = lineNumber;
      else commit(false, position);
    } else if (skippedPartialLine) lineNumber += 1;
    if (nextOffset === undefined) totalLines = Math.max(lineNumber - 1, 0);
  }
  if (invalid) return { kind: 'binary', reason: 'invalid_utf8' };
  return {
    kind: 'text',
    text: lines.join(''),
    firstLine: limits.offset,
    lineCount: lines.length,
    ...(nextOffset === undefined ? {} : { nextOffset }),
    ...(cutLines.length === 0 ? {} : { cutLine: cutLines[0]!.line, cutLines }),
    ...(totalLines === undefined ? {} : { totalLines }),
  };
}
