import { describe, expect, it } from 'vitest';
import { readStrictYaml } from '../../src/format/skills-ref/read-strict-yaml.js';
import type { StrictYamlValue } from '../../src/format/skills-ref/strict-yaml-value.js';

function readValue(source: string): StrictYamlValue {
  const result = readStrictYaml(source);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

function firstLine(source: string): string {
  const result = readStrictYaml(source);
  return result.ok ? 'ok' : (result.message.split('\n')[0] ?? '');
}

describe('skills-ref strict YAML reading', () => {
  it('S3 skills-ref: every scalar is a string as written', () => {
    expect(readValue('a: 123\nb: true\nc: ~\nd: 1.0\ne: null\nf: 0x10\ng:\n')).toEqual(
      new Map([
        ['a', '123'],
        ['b', 'true'],
        ['c', '~'],
        ['d', '1.0'],
        ['e', 'null'],
        ['f', '0x10'],
        ['g', ''],
      ]),
    );
  });

  it('S3 skills-ref: comments, quoted strings and block scalars are read', () => {
    const source =
      "# comment\na: 'it''s' # trailing\nb: \"tab\\there\"\nc: |\n  line one\n  line two\nd: >-\n  folded\n  text\n";
    expect(readValue(source)).toEqual(
      new Map([
        ['a', "it's"],
        ['b', 'tab\there'],
        ['c', 'line one\nline two\n'],
        ['d', 'folded text'],
      ]),
    );
  });

  it('S3 skills-ref: block nested mappings and lists keep their order', () => {
    expect(readValue('m:\n  2: b\n  1: a\nl:\n  - x\n  - - y\n')).toEqual(
      new Map<string, StrictYamlValue>([
        [
          'm',
          new Map([
            ['2', 'b'],
            ['1', 'a'],
          ]),
        ],
        ['l', ['x', ['y']]],
      ]),
    );
  });

  it('S3 skills-ref: flow collections are disallowed', () => {
    expect(firstLine('a: [b, c]\n')).toBe('While scanning');
    expect(readStrictYaml('a: {b: c}\n')).toMatchObject({
      ok: false,
      message: expect.stringContaining('JSONesque flow mapping'),
    });
  });

  it('S3 skills-ref: anchors, aliases and tags are disallowed', () => {
    expect(readStrictYaml('a: &x b\nc: *x\n')).toMatchObject({
      ok: false,
      message: expect.stringContaining('disallowed anchor token'),
    });
    expect(readStrictYaml('c: *x\n')).toMatchObject({
      ok: false,
      message:
        'found undefined alias \'x\'\n  in "<unicode string>", line 1, column 4:\n    c: *x\n       ^ (line: 1)',
    });
    expect(readStrictYaml('a: !!str b\n')).toMatchObject({
      ok: false,
      message: expect.stringContaining('disallowed tag tokens'),
    });
  });

  it('S3 skills-ref: the tag error is worded like strictyaml', () => {
    expect(readStrictYaml('x:\n  a: !!str yes\n')).toMatchObject({
      ok: false,
      message:
        'While scanning\n  in "<unicode string>", line 2, column 11:\n      a: !!str yes\n              ^ (line: 2)\nFound disallowed tag tokens (do not specify types in markup)\n  in "<unicode string>", line 2, column 6:\n      a: !!str yes\n         ^ (line: 2)',
    });
  });

  it('S3 skills-ref: duplicate keys are disallowed', () => {
    expect(readStrictYaml('a: 1\nb: 2\na: 3\n')).toMatchObject({
      ok: false,
      message: expect.stringContaining("Duplicate key 'a' found"),
    });
  });

  it('S3 skills-ref: an unquoted ": " inside a plain value is an error', () => {
    expect(readStrictYaml('description: a: b\n').ok).toBe(false);
  });

  it('S3 skills-ref: sibling mappings indented differently are disallowed', () => {
    expect(readStrictYaml('a:\n  x: 1\nb:\n    y: 2\n')).toMatchObject({
      ok: false,
      message: expect.stringContaining('Found mapping with indentation inconsistent with previous mapping'),
    });
  });

  it('S3 skills-ref: a scalar or empty document comes back as the raw text, not a mapping', () => {
    expect(readValue('just text\n')).toBe('just text\n');
    expect(readValue('\n# only a comment\n')).toBe('\n# only a comment\n');
  });

  it('S3 skills-ref: a control character makes the reference crash, reported as such', () => {
    const result = readStrictYaml('name: a\u0000b\n');
    expect(result).toMatchObject({
      ok: false,
      message:
        'unacceptable character #x0000: special characters are not allowed\n  in "<unicode string>", position 7',
      crash: "AttributeError: 'ReaderError' object has no attribute 'context_mark'",
    });
  });

  it('S3 skills-ref: an alias bomb is refused at its first anchor', () => {
    let source = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
    for (let level = 1; level < 10; level += 1) {
      const previous = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      source += `${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]\n`;
    }
    expect(readStrictYaml(source)).toMatchObject({
      ok: false,
      message: expect.stringContaining('anchor token'),
    });
  });

  it('S3 skills-ref: a block alias bomb without flow collections is refused too', () => {
    let source = 'a: &a lol\n';
    for (let level = 1; level < 20; level += 1) {
      source += `k${level}: &k${level}\n${Array.from({ length: 9 }, () => `  - *${level === 1 ? 'a' : `k${level - 1}`}`).join('\n')}\n`;
    }
    expect(readStrictYaml(source).ok).toBe(false);
  });

  it('S3 skills-ref: a 10 MB frontmatter is refused', () => {
    const source = `description: ${'x'.repeat(10 * 1024 * 1024)}\n`;
    expect(readStrictYaml(source)).toMatchObject({
      ok: false,
      message: expect.stringContaining('bytes allowed'),
    });
  });

  it('S3 skills-ref: 10,000-deep nesting is refused', () => {
    for (const source of [
      `a:\n  ${'- '.repeat(10_000)}x\n`,
      `a: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`,
    ]) {
      expect(readStrictYaml(source).ok).toBe(false);
    }
    expect(firstLine(`a:\n  ${'- '.repeat(10_000)}x\n`)).toBe('found nesting deeper than 100 levels');
  });
});
