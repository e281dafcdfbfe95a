import type { Failure } from '../../result.js';
/** The outcome of reading bytes the way Python's `Path.read_text()` does on a UTF-8 system. */
export type DecodePythonTextResult = { readonly ok: true; readonly text: string } | Failure<'text_not_utf8'>;

interface DecodeFailure {
  readonly start: number;
  readonly end: number;
  readonly reason: 'invalid start byte' | 'invalid continuation byte' | 'unexpected end of data';
}

/** Allowed range of the second byte after a given lead byte (RFC 3629, as CPython checks it). */
function secondByteRange(lead: number): readonly [number, number] {
  if (lead === 0xe0) return [0xa0, 0xbf];
  if (lead === 0xed) return [0x80, 0x9f];
  if (lead === 0xf0) return [0x90, 0xbf];
  if (lead === 0xf4) return [0x80, 0x8f];
  return [0x80, 0xbf];
}

/** Finds the first malformed sequence and classifies it like CPython's UTF-8 decoder. */
function findDecodeFailure(bytes: Uint8Array): DecodeFailure | undefined {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index] ?? 0;
    if (lead < 0x80) {
      index += 1;
      continue;
    }
    let length = 0;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) length = 3;
    else if (lead >= 0xf0 && lead <= 0xf4) length = 4;
    if (length === 0) return { start: index, end: index + 1, reason: 'invalid start byte' };
    for (let offset = 1; offset < length; offset += 1) {
      if (index + offset >= bytes.length)
        return { start: index, end: bytes.length, reason: 'unexpected end of data' };
      const byte = bytes[index + offset] ?? 0;
      const [low, high] = offset === 1 ? secondByteRange(lead) : [0x80, 0xbf];
      if (byte < low || byte > high)
        return { start: index, end: index + offset, reason: 'invalid continuation byte' };
    }
    index += length;
  }
  return undefined;
}

const DECODER = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decodes UTF-8 strictly and applies Python's universal newlines (`\r\n` and `\r` become `\n`), as
 * `Path.read_text()` does. A byte-order mark is kept (so such a file "must start with ---"). On bad
 * bytes the message is the last line of the traceback the reference prints.
 * @example decodePythonText(new Uint8Array([0xff])) // { ok: false, code: 'text_not_utf8', message: "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte" }
 */
export function decodePythonText(bytes: Uint8Array): DecodePythonTextResult {
  let text: string;
  try {
    text = DECODER.decode(bytes);
  } catch {
    const failure = findDecodeFailure(bytes) ?? { start: 0, end: 1, reason: 'invalid start byte' };
    const where =
      failure.end - failure.start > 1
        ? `bytes in position ${failure.start}-${failure.end - 1}`
        : `byte 0x${(bytes[failure.start] ?? 0).toString(16).padStart(2, '0')} in position ${failure.start}`;
    return {
      ok: false,
      code: 'text_not_utf8',
      message: `UnicodeDecodeError: 'utf-8' codec can't decode ${where}: ${failure.reason}`,
    };
  }
  return { ok: true, text: text.replace(/\r\n?/g, '\n') };
}
