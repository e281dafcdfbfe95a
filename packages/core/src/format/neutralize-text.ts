/**
 * Characters that can make shown text differ from the text itself: C0 controls, DEL, C1 controls
 * (U+009B is a one-byte CSI), the bidi controls that reorder a line (U+061C, U+200E/U+200F,
 * U+202A–U+202E, U+2066–U+2069), invisible characters (zero-width space U+200B, joiners
 * U+200C/U+200D, word joiner U+2060, invisible operators U+2061–U+2064, U+180E, the BOM U+FEFF)
 * and the line and paragraph separators U+2028/U+2029. Line feed and tab are added only for
 * single-line text.
 */
const MULTI_LINE_UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;
const SINGLE_LINE_UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** What a zero-width joiner or non-joiner legitimately sits between: emoji, and letters of scripts that need them. */
const JOINABLE = /^(?:\p{L}|\p{M}|\p{Extended_Pictographic}|\p{Emoji_Modifier})$/u;

/** One run of a {@link neutralizeTextParts} result: text as it is, or one unsafe character made visible. */
export type NeutralizedPart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'escape'; readonly text: string; readonly codePoint: number };

/** Options of {@link neutralizeText}. */
export interface NeutralizeTextOptions {
  /** Escape line feeds and tabs too (names, file names, table cells). */
  readonly singleLine?: boolean;
}

/**
 * Untrusted text split into what is shown as it is and each character that could make the shown
 * text differ from the real one, as a visible escape (`\x1b`, `\r`, `\u202e`) — SPEC SEC5, SEC10.
 * CRLF becomes LF unless `singleLine`. A joiner (U+200C/U+200D) between two non-ASCII letters or
 * emoji is kept: family emoji and Persian or Indic words need it, and it cannot reorder anything.
 * The web renders the escapes marked; {@link neutralizeText} joins the parts for a terminal.
 * @example neutralizeTextParts('a\u202eb') // [{kind:'text',text:'a'}, {kind:'escape',text:'\\u202e',codePoint:0x202e}, {kind:'text',text:'b'}]
 */
export function neutralizeTextParts(text: string, options: NeutralizeTextOptions = {}): NeutralizedPart[] {
  const source = options.singleLine ? text : text.replace(/\r\n/g, '\n');
  const pattern = options.singleLine ? SINGLE_LINE_UNSAFE : MULTI_LINE_UNSAFE;
  const parts: NeutralizedPart[] = [];
  let plain = '';
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    const index = match.index;
    const character = match[0];
    if (isKeptJoiner(source, index, character)) continue;
    plain += source.slice(last, index);
    if (plain !== '') parts.push({ kind: 'text', text: plain });
    plain = '';
    const codePoint = character.codePointAt(0) ?? 0;
    parts.push({ kind: 'escape', text: escapeOf(character, codePoint), codePoint });
    last = index + character.length;
  }
  plain += source.slice(last);
  if (plain !== '') parts.push({ kind: 'text', text: plain });
  return parts;
}

/**
 * Untrusted text (skill content, file names, model output, a command to approve) made safe to
 * show (SPEC SEC5, SEC10): every control, bidi and invisible character becomes a visible escape,
 * so nothing can move a terminal's cursor, set its title, reorder a line or hide a character —
 * the same in the terminal and in the browser. Line feeds and tabs stay unless `singleLine`.
 * @example neutralizeText('echo "list files" # \u202etxt.') // 'echo "list files" # \\u202etxt.'
 * @example neutralizeText('a\u001b]0;pwned\u0007b') // 'a\\x1b]0;pwned\\x07b'
 */
export function neutralizeText(text: string, options: NeutralizeTextOptions = {}): string {
  return neutralizeTextParts(text, options)
    .map((part) => part.text)
    .join('');
}

function escapeOf(character: string, codePoint: number): string {
  const named = NAMED[character];
  if (named !== undefined) return named;
  return codePoint <= 0xff
    ? `\\x${codePoint.toString(16).padStart(2, '0')}`
    : `\\u${codePoint.toString(16).padStart(4, '0')}`;
}

function isKeptJoiner(source: string, index: number, character: string): boolean {
  if (character !== '\u200c' && character !== '\u200d') return false;
  const before = String.fromCodePoint(
    source.codePointAt(index - 1 - (isLowSurrogate(source, index - 1) ? 1 : 0)) ?? 0,
  );
  const after = String.fromCodePoint(source.codePointAt(index + 1) ?? 0);
  return [before, after].every((neighbour) => neighbour.codePointAt(0)! > 0x7f && JOINABLE.test(neighbour));
}

function isLowSurrogate(source: string, index: number): boolean {
  const code = source.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
}
