import { neutralizeText } from '@skilldock/core/format/neutralize-text';

/**
 * Untrusted text (skill content, file names, model output) made safe to print on a terminal (SPEC
 * SEC5): core's one text neutraliser, the same the web's approval card uses (SEC10) — every
 * control, bidi and invisible character is shown as a visible escape (`\x1b`, `\r`, `\u202e`), so
 * nothing can move the cursor, clear the screen, set the window title, reorder a line or hide a
 * character. Line feeds and tabs stay unless `singleLine` (names, file names, table cells); CRLF
 * becomes LF. Its own small subpath: every command loads it, none should load the format stage for it.
 *
 * @example escapeTerminalText('a\u001b]0;pwned\u0007b') // 'a\\x1b]0;pwned\\x07b'
 */
export function escapeTerminalText(
  text: string,
  { singleLine = false }: { singleLine?: boolean } = {},
): string {
  return neutralizeText(text, { singleLine });
}

/** {@link escapeTerminalText} for one-line text: a name, a file name, a table cell (line feeds and tabs escaped too). */
export function escapeTerminalLine(text: string): string {
  return escapeTerminalText(text, { singleLine: true });
}
