import { isUtf8 } from 'node:buffer';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const HYPHEN = 0x2d;
const BOM = [0xef, 0xbb, 0xbf] as const;

/**
 * The bytes of a SKILL.md up to and including its closing `---` line (SPEC S1), for a reader that
 * wants the frontmatter and not the instructions (a listing): parsing the prefix gives the same
 * fields and diagnostics with an empty body, and the body is never decoded nor kept in memory.
 * The cut falls right after a newline, so the prefix is valid UTF-8 exactly when the whole file
 * is; the rest is still checked (valid UTF-8, no NUL byte) so a file the full parse would refuse
 * is refused alike. Returns `undefined` when there is nothing to cut or the rest fails a check:
 * the caller then parses the whole file.
 * @example frontmatterPrefix(Buffer.from('---\nname: a\n---\nbody')) // the bytes of '---\nname: a\n---\n'
 */
export function frontmatterPrefix(bytes: Buffer): Buffer | undefined {
  const start = hasBom(bytes) ? BOM.length : 0;
  if (bytes[start] !== HYPHEN || bytes[start + 1] !== HYPHEN || bytes[start + 2] !== HYPHEN) return undefined;
  let openingEnd = start + 3;
  if (bytes[openingEnd] === CARRIAGE_RETURN) openingEnd++;
  if (bytes[openingEnd] !== NEWLINE) return undefined;
  // `\n---` starting at the opening line's own newline: an empty frontmatter closes at once.
  for (let candidate = bytes.indexOf('\n---', openingEnd); candidate !== -1; ) {
    let end = candidate + 4;
    if (bytes[end] === CARRIAGE_RETURN) end++;
    if (end >= bytes.length) return undefined;
    if (bytes[end] === NEWLINE) {
      const prefix = bytes.subarray(0, end + 1);
      const rest = bytes.subarray(end + 1);
      return isUtf8(rest) && rest.indexOf(0) === -1 ? prefix : undefined;
    }
    candidate = bytes.indexOf('\n---', candidate + 1);
  }
  return undefined;
}

function hasBom(bytes: Buffer): boolean {
  return bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2];
}
