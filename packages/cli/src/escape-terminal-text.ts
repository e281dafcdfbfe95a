/**
 * Characters that can rewrite what a terminal shows: C0 controls, DEL, C1 controls (U+009B is a
 * one-byte CSI), and the bidi controls that reorder text (U+061C, U+200E/U+200F, U+202A–U+202E,
 * U+2066–U+2069). Line feed and tab are added only for single-line text.
 */
const MULTI_LINE_UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const SINGLE_LINE_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Untrusted text (skill content, file names, model output) made safe to print on a terminal (SPEC
 * SEC5): every control and bidi character is shown as a visible escape (`\x1b`, `\r`, `\u202e`), so
 * nothing can move the cursor, clear the screen, set the window title or reorder a line. Line
 * feeds and tabs stay unless `singleLine` (names, file names, table cells); CRLF becomes LF.
 *
 * @example escapeTerminalText('a\u001b]0;pwned\u0007b') // 'a\\x1b]0;pwned\\x07b'
 */
export function escapeTerminalText(
  text: string,
  { singleLine = false }: { singleLine?: boolean } = {},
): string {
  const source = singleLine ? text : text.replace(/\r\n/g, '\n');
  return source.replace(singleLine ? SINGLE_LINE_UNSAFE : MULTI_LINE_UNSAFE, (character) => {
    const named = NAMED[character];
    if (named !== undefined) return named;
    const code = character.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** {@link escapeTerminalText} for one-line text: a name, a file name, a table cell (line feeds and tabs escaped too). */
export function escapeTerminalLine(text: string): string {
  return escapeTerminalText(text, { singleLine: true });
}
