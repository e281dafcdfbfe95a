/** A 1-based line and column; columns count code points so editors and humans agree. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/**
 * Maps UTF-16 offsets in a text to 1-based line/column pairs. Line starts are found lazily, only as
 * far as the furthest offset asked for: most files get no diagnostic, and those that do get them in
 * the frontmatter, so a 4 MiB body is never scanned.
 */
export class LineIndex {
  private readonly lineStarts: number[] = [0];
  private scannedTo = 0;

  constructor(private readonly text: string) {}

  /** Records line starts up to `offset`; the next newline at or past it is left for a later call. */
  private scanTo(offset: number): void {
    while (this.scannedTo <= offset) {
      const newline = this.text.indexOf('\n', this.scannedTo);
      if (newline === -1) {
        this.scannedTo = Number.POSITIVE_INFINITY;
        return;
      }
      if (newline >= offset) {
        this.scannedTo = newline;
        return;
      }
      this.lineStarts.push(newline + 1);
      this.scannedTo = newline + 1;
    }
  }

  /** Position of a UTF-16 offset; offsets past the end clamp to the end. */
  positionAt(offset: number): TextPosition {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    this.scanTo(clamped);
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= clamped) low = middle;
      else high = middle - 1;
    }
    const lineStart = this.lineStarts[low]!;
    let column = 1;
    for (let index = lineStart; index < clamped; index++) {
      const code = this.text.charCodeAt(index);
      // A surrogate pair is one code point: count only its high half.
      if (code < 0xdc00 || code > 0xdfff) column++;
    }
    return { line: low + 1, column };
  }
}
