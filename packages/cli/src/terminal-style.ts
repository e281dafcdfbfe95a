import { randomBytes } from 'node:crypto';
import { escapeTerminalText } from './escape-terminal-text.js';

// Styles travel as markers holding a per-process secret until renderForTerminal turns them into
// SGR codes. Untrusted text cannot forge a marker, and every raw ESC in it is escaped.
const SECRET = randomBytes(8).toString('hex');
const MARKER = new RegExp(`\\u0000${SECRET}:(\\d+)\\u0000`);
const marker = (code: number) => `\u0000${SECRET}:${code}\u0000`;

function styleOf(open: number, close: number): (text: string | number) => string {
  const openMark = marker(open);
  const closeMark = marker(close);
  return (text) => {
    // A nested style that closes with the same code (bold in dim) re-opens the outer one, as picocolors does.
    return `${openMark}${String(text).split(closeMark).join(`${closeMark}${openMark}`)}${closeMark}`;
  };
}

/**
 * The CLI's styles, picocolors-compatible (`pc.red(text)`). They only take effect through
 * {@link renderForTerminal} (which `Output` calls), so a colour can never come from the text being
 * coloured, and whether they become colours is decided there, per invocation.
 */
export const pc = {
  bold: styleOf(1, 22),
  dim: styleOf(2, 22),
  red: styleOf(31, 39),
  green: styleOf(32, 39),
  yellow: styleOf(33, 39),
  cyan: styleOf(36, 39),
} as const;

/**
 * The last step before text reaches stdout or stderr (SPEC SEC5): control and bidi characters are
 * escaped ({@link escapeTerminalText}) and the CLI's own style markers become SGR colour codes with
 * `colour` (the invocation's `NO_COLOR`/`FORCE_COLOR`/terminal decision), or vanish without it.
 */
export function renderForTerminal(text: string, { colour = false }: { colour?: boolean } = {}): string {
  const parts = text.split(new RegExp(MARKER.source, 'g'));
  // split() with a capture group alternates text and captured SGR codes.
  return parts
    .map((part, index) => (index % 2 === 1 ? (colour ? `\u001b[${part}m` : '') : escapeTerminalText(part)))
    .join('');
}
