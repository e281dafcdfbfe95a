import { describe, expect, it } from 'vitest';
import { neutralizeText, neutralizeTextParts } from '../../src/format/neutralize-text.js';

describe('neutralizeText', () => {
  it('SEC10 shows the bidi override that makes a command read as another', () => {
    const command = 'echo "list files" # \u202e"; rm -rf ~ #';
    expect(neutralizeText(command)).toBe('echo "list files" # \\u202e"; rm -rf ~ #');
  });

  it.each([
    ['\u202a', '\\u202a'],
    ['\u202b', '\\u202b'],
    ['\u202c', '\\u202c'],
    ['\u202d', '\\u202d'],
    ['\u202e', '\\u202e'],
    ['\u2066', '\\u2066'],
    ['\u2067', '\\u2067'],
    ['\u2068', '\\u2068'],
    ['\u2069', '\\u2069'],
    ['\u200e', '\\u200e'],
    ['\u200f', '\\u200f'],
    ['\u061c', '\\u061c'],
    ['\u200b', '\\u200b'],
    ['\u2060', '\\u2060'],
    ['\ufeff', '\\ufeff'],
    ['\u2028', '\\u2028'],
    ['\u2029', '\\u2029'],
    ['\u0000', '\\x00'],
    ['\u001b', '\\x1b'],
    ['\u0007', '\\x07'],
    ['\u007f', '\\x7f'],
    ['\u009b', '\\x9b'],
    ['\r', '\\r'],
  ])('SEC5 SEC10 makes %j visible as %s', (character, shown) => {
    expect(neutralizeText(`a${character}b`)).toBe(`a${shown}b`);
  });

  it('SEC5 keeps line feeds and tabs in multi-line text, escapes them on one line; CRLF becomes LF', () => {
    expect(neutralizeText('a\tb\r\nc')).toBe('a\tb\nc');
    expect(neutralizeText('a\tb\nc', { singleLine: true })).toBe('a\\tb\\nc');
    expect(neutralizeText('a\r\nb', { singleLine: true })).toBe('a\\r\\nb');
  });

  it('SEC10 a zero-width joiner between ASCII letters is shown; in an emoji or a Persian word it is kept', () => {
    expect(neutralizeText('r\u200dm -rf')).toBe('r\\u200dm -rf');
    expect(neutralizeText('rm\u200c')).toBe('rm\\u200c');
    const family = '👨\u200d👩\u200d👧 👩🏽\u200d💻 🏳️\u200d🌈';
    expect(neutralizeText(family)).toBe(family);
    const persian = 'می\u200cخواهم';
    expect(neutralizeText(persian)).toBe(persian);
  });

  it('SEC10 leaves ordinary text of any script alone', () => {
    const text = 'Grüße, 你好, مرحبا, שלום — "quotes" & <tags>';
    expect(neutralizeText(text)).toBe(text);
    expect(neutralizeTextParts(text)).toEqual([{ kind: 'text', text }]);
  });

  it('SEC10 parts mark each escape with its code point, for the browser to show it marked', () => {
    expect(neutralizeTextParts('ls\u202e\u2066x')).toEqual([
      { kind: 'text', text: 'ls' },
      { kind: 'escape', text: '\\u202e', codePoint: 0x202e },
      { kind: 'escape', text: '\\u2066', codePoint: 0x2066 },
      { kind: 'text', text: 'x' },
    ]);
  });
});
