import { isUtf8 } from 'node:buffer';
import type { Diagnostic } from './diagnostic.js';
import { MAX_SKILL_FILE_BYTES } from './limits.js';
import { LineIndex } from './text-position.js';

export type DecodeSkillTextResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

const lossyDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * Turns raw bytes (or a string) into text a parser may read: at most 4 MiB, valid UTF-8 and no NUL
 * bytes, each refusal positioned in the file (SPEC S2).
 */
export function decodeSkillText(input: string | Uint8Array, file?: string): DecodeSkillTextResult {
  const size = typeof input === 'string' ? utf8Length(input) : input.byteLength;
  const at = file === undefined ? {} : { file };
  if (size > MAX_SKILL_FILE_BYTES) {
    return {
      ok: false,
      diagnostics: [
        {
          code: 'file_too_large',
          severity: 'error',
          message: `file is ${size} bytes; a SKILL.md may be at most ${MAX_SKILL_FILE_BYTES} bytes (4 MiB)`,
          ...at,
          // A finding about the whole file points at its start: every diagnostic has a position (S2).
          line: 1,
          column: 1,
        },
      ],
    };
  }
  let text: string;
  if (typeof input === 'string') text = input;
  else if (isUtf8(input)) {
    // isUtf8 + toString is several times faster than a fatal TextDecoder on large bodies.
    text = Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  } else {
    const lossy = lossyDecoder.decode(input);
    const position = new LineIndex(lossy).positionAt(firstReplacement(lossy, input));
    return {
      ok: false,
      diagnostics: [
        { code: 'invalid_utf8', severity: 'error', message: 'file is not valid UTF-8', ...at, ...position },
      ],
    };
  }
  const nul = text.indexOf('\0');
  if (nul !== -1) {
    const position = new LineIndex(text).positionAt(nul);
    return {
      ok: false,
      diagnostics: [
        {
          code: 'nul_byte',
          severity: 'error',
          message: 'file contains a NUL byte; a SKILL.md must be text',
          ...at,
          ...position,
        },
      ],
    };
  }
  return { ok: true, text };
}

/** The first U+FFFD that the bytes did not spell out themselves. */
function firstReplacement(lossy: string, bytes: Uint8Array): number {
  const encoded = Buffer.from(bytes);
  let index = lossy.indexOf('\uFFFD');
  while (index !== -1) {
    const byteOffset = Buffer.byteLength(lossy.slice(0, index));
    if (
      !(encoded[byteOffset] === 0xef && encoded[byteOffset + 1] === 0xbf && encoded[byteOffset + 2] === 0xbd)
    )
      return index;
    index = lossy.indexOf('\uFFFD', index + 1);
  }
  return 0;
}

/**
 * The UTF-8 size of a string as `Buffer.byteLength` counts it (a lone surrogate as the 3 bytes of
 * U+FFFD), without Node's Buffer: text given as a string is checked in the browser too.
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
