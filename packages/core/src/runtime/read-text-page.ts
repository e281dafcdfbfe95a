/** One page of a text file, or the finding that it is binary. */
export type TextPage =
  | { readonly kind: 'binary'; readonly reason: 'nul_byte' | 'invalid_utf8' }
  | {
      readonly kind: 'text';
      readonly text: string;
      /** 1-based line the page starts at. */
      readonly firstLine: number;
      /** Lines in the page (0 when the offset is past the end). */
      readonly lineCount: number;
      /** The line to pass as `offset` for the next page; absent at the end of the file. */
      readonly nextOffset?: number;
      /** A line longer than the byte budget, shown only in part. */
      readonly cutLine?: number;
      /** Lines in the whole file, known when the page reached its end. */
      readonly totalLines?: number;
    };

/** Limits of one page. */
export interface PageLimits {
  /** 1-based first line. */
  readonly offset: number;
  readonly maxLines: number;
  readonly maxBytes: number;
}

/** The longest prefix of `text` whose UTF-8 encoding fits `maxBytes`, cut on a code point boundary. */
function prefixWithinBytes(text: string, maxBytes: number): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  // Step back to the start of a UTF-8 sequence (continuation bytes are 10xxxxxx).
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return new TextDecoder().decode(bytes.subarray(0, end));
}

/**
 * Read one page from a stream of bytes without holding more than the page in memory (SPEC R4).
 * Stops as soon as the page is full. A NUL byte or invalid UTF-8 in what was read makes it binary.
 */
export async function readTextPage(chunks: AsyncIterable<Uint8Array>, limits: PageLimits): Promise<TextPage> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const lines: string[] = [];
  let pageBytes = 0;
  let lineNumber = 1;
  let current = '';
  let currentBytes = 0;
  let cutLine: number | undefined;
  let nextOffset: number | undefined;
  // A skipped last line without a newline still counts as a line.
  let skippedPartialLine = false;

  // Returns false when the page is full and reading must stop.
  const commit = (): boolean => {
    if (currentBytes > limits.maxBytes - pageBytes) {
      if (lines.length > 0) {
        nextOffset = lineNumber;
        return false;
      }
      current = prefixWithinBytes(current, limits.maxBytes);
      cutLine = lineNumber;
    }
    lines.push(current);
    pageBytes += Math.min(currentBytes, limits.maxBytes);
    current = '';
    currentBytes = 0;
    lineNumber += 1;
    return true;
  };

  const take = (text: string): boolean => {
    let start = 0;
    while (start < text.length) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline + 1;
      if (lineNumber < limits.offset) {
        skippedPartialLine = newline === -1;
        if (newline !== -1) lineNumber += 1;
        start = end;
        continue;
      }
      if (lines.length >= limits.maxLines) {
        nextOffset = lineNumber;
        return false;
      }
      // Past the budget a line only needs counting, not keeping: a 100 MB line stays cheap.
      const piece = text.slice(start, end);
      if (currentBytes <= limits.maxBytes) current += piece;
      currentBytes += Buffer.byteLength(piece);
      start = end;
      if (newline !== -1 && !commit()) return false;
    }
    return true;
  };

  let complete = true;
  for await (const chunk of chunks) {
    if (chunk.includes(0)) return { kind: 'binary', reason: 'nul_byte' };
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      return { kind: 'binary', reason: 'invalid_utf8' };
    }
    if (!take(text)) {
      complete = false;
      break;
    }
  }
  let totalLines: number | undefined;
  if (complete) {
    try {
      if (!take(decoder.decode())) complete = false;
    } catch {
      return { kind: 'binary', reason: 'invalid_utf8' };
    }
    if (complete && current !== '' && lineNumber >= limits.offset) commit();
    else if (complete && skippedPartialLine) lineNumber += 1;
    if (complete && nextOffset === undefined) totalLines = Math.max(lineNumber - 1, 0);
  }
  return {
    kind: 'text',
    text: lines.join(''),
    firstLine: limits.offset,
    lineCount: lines.length,
    ...(nextOffset === undefined ? {} : { nextOffset }),
    ...(cutLine === undefined ? {} : { cutLine }),
    ...(totalLines === undefined ? {} : { totalLines }),
  };
}
