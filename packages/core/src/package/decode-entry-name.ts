const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decodes an archive entry name as strict UTF-8; undefined when the bytes are not valid UTF-8.
 * Names are accepted as UTF-8 whether or not the zip "language encoding" flag is set: archivers on
 * macOS and Linux write UTF-8 without it, and pure ASCII reads the same in CP437.
 */
export function decodeEntryName(raw: Buffer): string | undefined {
  try {
    return STRICT_UTF8.decode(raw);
  } catch {
    return undefined;
  }
}

/** A raw name for messages: ASCII kept, other bytes as `\xNN`. */
export function describeRawName(raw: Buffer): string {
  let text = '';
  for (const byte of raw) {
    text +=
      byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return `'${text}'`;
}
