/** A stream writer that knows whether the cursor is at the start of a line. */
export interface LineWriter {
  write(text: string): void;
  /** Ends the current line if something is on it. */
  endLine(): void;
  readonly atLineStart: boolean;
}

/** Wraps a write function (`process.stdout.write`) with line tracking. */
export function lineWriter(write: (text: string) => void): LineWriter {
  let atLineStart = true;
  return {
    write(text) {
      if (text === '') return;
      write(text);
      atLineStart = text.endsWith('\n');
    },
    endLine() {
      if (!atLineStart) {
        write('\n');
        atLineStart = true;
      }
    },
    get atLineStart() {
      return atLineStart;
    },
  };
}
