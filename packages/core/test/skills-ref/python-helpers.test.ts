import { describe, expect, it } from 'vitest';
import { codePointLength, compareCodePoints } from '../../src/format/code-points.js';
import { decodePythonText } from '../../src/format/skills-ref/decode-python-text.js';
import { htmlEscape } from '../../src/format/skills-ref/html-escape.js';
import { isPythonAlphanumeric } from '../../src/format/skills-ref/python-is-alphanumeric.js';
import { pythonJsonDumps } from '../../src/format/skills-ref/python-json-dumps.js';
import {
  formatPythonPath,
  parsePythonPath,
  pythonPathName,
  pythonPathParent,
} from '../../src/format/skills-ref/python-path.js';
import { pythonRepr, pythonStringRepr } from '../../src/format/skills-ref/python-repr.js';
import { pythonStrip } from '../../src/format/skills-ref/python-strip.js';

// Expected values were produced with CPython 3 (pathlib, json.dumps, repr, str.isalnum, html.escape).
describe('skills-ref Python semantics', () => {
  it('S3 skills-ref: paths print like pathlib.PurePosixPath', () => {
    const cases: Array<[string, string, string, string]> = [
      ['dir/', 'dir', 'dir', '.'],
      ['./dir', 'dir', 'dir', '.'],
      ['dir/SKILL.md', 'dir/SKILL.md', 'SKILL.md', 'dir'],
      ['.', '.', '', '.'],
      ['', '.', '', '.'],
      ['//a', '//a', 'a', '//'],
      ['///a', '/a', 'a', '/'],
      ['a//b/./c/..', 'a/b/c/..', '..', 'a/b/c'],
      ['/', '/', '', '/'],
    ];
    for (const [typed, shown, name, parent] of cases) {
      const path = parsePythonPath(typed);
      expect([
        formatPythonPath(path),
        pythonPathName(path),
        formatPythonPath(pythonPathParent(path)),
      ]).toEqual([shown, name, parent]);
    }
  });

  it('S3 skills-ref: JSON matches json.dumps(indent=2) with ensure_ascii', () => {
    const value = new Map<string, string | Map<string, string>>([
      ['name', '技能'],
      ['description', '😀 café \x7f "q" \n'],
      [
        'metadata',
        new Map([
          ['1', 'x'],
          ['a', '[1]'],
        ]),
      ],
    ]);
    expect(pythonJsonDumps(value)).toBe(
      '{\n  "name": "\\u6280\\u80fd",\n  "description": "\\ud83d\\ude00 caf\\u00e9 \\u007f \\"q\\" \\n",\n  "metadata": {\n    "1": "x",\n    "a": "[1]"\n  }\n}',
    );
  });

  it('S3 skills-ref: repr matches Python for quotes and unprintable characters', () => {
    expect(pythonStringRepr("it's")).toBe(`"it's"`);
    expect(pythonStringRepr('say "hi"')).toBe(`'say "hi"'`);
    expect(pythonStringRepr(`both ' "`)).toBe(`'both \\' "'`);
    expect(pythonStringRepr('tab\there\u200b\x00\u00a0é')).toBe("'tab\\there\\u200b\\x00\\xa0é'");
    expect(pythonStringRepr('😀\u{e0001}')).toBe("'😀\\U000e0001'");
    expect(
      pythonRepr(
        new Map<string, string[] | Map<string, string>>([
          ['a', ['b', 'c']],
          ['d', new Map([['e', 'f']])],
        ]),
      ),
    ).toBe("{'a': ['b', 'c'], 'd': {'e': 'f'}}");
  });

  it('S3 skills-ref: isalnum, strip, code points and sorting follow Python', () => {
    const alphanumeric = ['a', '技', '\u0301', '٣', 'Ⅳ', '²', '_', '-', '😀', 'ǅ', 'ʰ', '〇'].map(
      isPythonAlphanumeric,
    );
    expect(alphanumeric).toEqual([
      true,
      true,
      false,
      true,
      true,
      true,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(pythonStrip(' \ufeffx\x1c\x85 ')).toBe('\ufeffx');
    expect(codePointLength('😀'.repeat(1000))).toBe(1000);
    expect(['\u{1f600}', '\uffff', 'b', 'B'].sort(compareCodePoints)).toEqual([
      'B',
      'b',
      '\uffff',
      '\u{1f600}',
    ]);
  });

  it('S3 skills-ref: html.escape escapes quotes too', () => {
    expect(htmlEscape(`<a href='x'>"&"</a>`)).toBe('&lt;a href=&#x27;x&#x27;&gt;&quot;&amp;&quot;&lt;/a&gt;');
  });

  it('S3 skills-ref: UTF-8 decoding errors are worded like CPython', () => {
    const messages = [
      [0xff],
      [0x61, 0x62, 0xe2, 0x82],
      [0xe2, 0x41],
      [0xf0, 0x90, 0x41],
      [0xed, 0xa0, 0x80],
    ].map((bytes) => {
      const result = decodePythonText(new Uint8Array(bytes));
      return result.ok ? '' : result.message.replace("UnicodeDecodeError: 'utf-8' codec can't decode ", '');
    });
    expect(messages).toEqual([
      'byte 0xff in position 0: invalid start byte',
      'bytes in position 2-3: unexpected end of data',
      'byte 0xe2 in position 0: invalid continuation byte',
      'bytes in position 0-1: invalid continuation byte',
      'byte 0xed in position 0: invalid continuation byte',
    ]);
    expect(decodePythonText(new TextEncoder().encode('a\r\nb\rc'))).toEqual({ ok: true, text: 'a\nb\nc' });
  });
});
