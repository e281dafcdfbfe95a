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
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
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
