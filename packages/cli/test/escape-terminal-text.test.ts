import { describe, expect, it } from 'vitest';
import { escapeTerminalLine, escapeTerminalText } from '../src/escape-terminal-text.js';
import { renderForTerminal } from '../src/terminal-style.js';

describe('escapeTerminalText', () => {
  it('SEC5 shows C0, DEL, C1 and bidi controls as visible escapes, keeping line feeds and tabs', () => {
    expect(
      escapeTerminalText(
        'a\u001b]0;t\u0007b\u001b[2J\u007f\u009b\u0085\u202a\u202e\u2066\u2069\u200e\u200f\u061c\n\tc',
      ),
    ).toBe('a\\x1b]0;t\\x07b\\x1b[2J\\x7f\\x9b\\x85\\u202a\\u202e\\u2066\\u2069\\u200e\\u200f\\u061c\n\tc');
  });

  it('SEC5 SEC10 shows zero-width and separator characters too, as the web approval card does (one neutraliser)', () => {
    expect(escapeTerminalText('r\u200bm -rf\u2060 ~\ufeff\u2028x')).toBe(
      'r\\u200bm -rf\\u2060 ~\\ufeff\\u2028x',
    );
  });

  it('SEC5 turns CRLF into LF and shows a lone carriage return, which could overwrite a line', () => {
    expect(escapeTerminalText('one\r\ntwo\rfake')).toBe('one\ntwo\\rfake');
  });

  it('SEC5 one-line text (names, file names, cells) escapes line feeds and tabs too', () => {
    expect(escapeTerminalLine('run.sh\n    evil.sh (executable)\t')).toBe(
      'run.sh\\n    evil.sh (executable)\\t',
    );
  });

  it('SEC5 leaves ordinary text, Unicode and backslashes alone, so escaping twice changes nothing', () => {
    const text = '文档整理 — naïve \\x1b stays, ✓ 😀';
    expect(escapeTerminalText(text)).toBe(text);
    const once = escapeTerminalText('\u001b[31mred');
    expect(escapeTerminalText(once)).toBe(once);
  });

  it('SEC5 the output boundary escapes raw escape codes and NUL-framed look-alikes of style markers', () => {
    expect(renderForTerminal('x\u001b[31my\u0000deadbeefdeadbeef:31\u0000z')).toBe(
      'x\\x1b[31my\\x00deadbeefdeadbeef:31\\x00z',
    );
  });
});
