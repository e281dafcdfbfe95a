/** How many leading bytes are inspected to tell binary from text. */
export const BINARY_SNIFF_BYTES = 8192;

/**
 * True when the bytes look like a binary file: a NUL byte, or many control characters, in the
 * first {@link BINARY_SNIFF_BYTES} (the heuristic git and ripgrep use, slightly widened).
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const length = Math.min(bytes.length, BINARY_SNIFF_BYTES);
  if (length === 0) return false;
  let controls = 0;
  for (let index = 0; index < length; index++) {
    const byte = bytes[index]!;
    if (byte === 0) return true;
    // Tab, line feed, form feed, carriage return and escape are normal in text files.
    if (byte < 32 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13 && byte !== 27) controls++;
  }
  return controls / length > 0.1;
}
