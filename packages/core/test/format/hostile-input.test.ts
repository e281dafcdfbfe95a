import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../src/format/parse-skill.js';
import { skillText } from './format-test-helpers.js';

const errorCodes = (result: ReturnType<typeof parseSkill>) =>
  result.diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => diagnostic.code);

/** The classic "billion laughs": nine levels, each referring nine times to the one before. */
function aliasBomb(): string[] {
  const lines = ['name: bomb', 'description: d', 'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let level = 1; level <= 9; level++) {
    const previous = `*a${level - 1}`;
    lines.push(`a${level}: &a${level} [${Array(9).fill(previous).join(', ')}]`);
  }
  return lines;
}

/** The same bomb in block style, so flow-collection rules cannot be what stops it. */
function blockAliasBomb(): string[] {
  const lines = ['name: bomb', 'description: d', 'a0: &a0', ...Array(9).fill('  - lol')];
  for (let level = 1; level <= 9; level++) {
    lines.push(`a${level}: &a${level}`, ...Array(9).fill(`  - *a${level - 1}`));
  }
  return lines;
}

// Hang guard: the test timeout (vitest.config.ts). How fast refusal is, is measured by `npm run bench -- discover`.
describe('S2 hostile input is refused and never hangs', () => {
  it.each([
    ['lenient', 'flow', aliasBomb],
    ['spec', 'flow', aliasBomb],
    ['lenient', 'block', blockAliasBomb],
    ['spec', 'block', blockAliasBomb],
  ] as const)('S2 %s: a %s-style YAML alias bomb is bounded', (profile, _style, bomb) => {
    const result = parseSkill(skillText(bomb()), { profile, folderName: 'bomb' });
    expect(result.ok).toBe(false);
    if (profile === 'lenient') expect(errorCodes(result)).toEqual(['yaml_alias_limit']);
    else expect(errorCodes(result)).toContain('yaml_alias_forbidden');
  });

  it('S2 lenient: a handful of aliases below the limit still resolve', () => {
    const result = parseSkill(skillText(['name: pdf', 'description: &d Reads PDFs', 'when_to_use: *d']));
    expect(result.ok && result.skill.fields.whenToUse).toBe('Reads PDFs');
  });

  it('S2 a 10 MB frontmatter is refused by size without being parsed', () => {
    const text = skillText(['name: big', 'description: d', `notes: "${'x'.repeat(10 * 1024 * 1024)}"`]);
    const result = parseSkill(text, { file: 'SKILL.md' });
    expect(errorCodes(result)).toEqual(['file_too_large']);
  });

  it('S2 a 3 MB frontmatter inside a legal SKILL.md is refused by the 64 KiB frontmatter limit', () => {
    const text = skillText(['name: big', 'description: d', `notes: "${'x'.repeat(3 * 1024 * 1024)}"`]);
    const result = parseSkill(text);
    expect(errorCodes(result)).toEqual(['frontmatter_too_large']);
  });

  it.each(['lenient', 'spec'] as const)('S2 %s: 10,000-deep flow nesting [[[[ is refused', (profile) => {
    const text = skillText(['name: deep', 'description: d', `x: ${'['.repeat(10_000)}${']'.repeat(10_000)}`]);
    const result = parseSkill(text, { profile, file: 'SKILL.md' });
    expect(result.ok).toBe(false);
    expect(result.diagnostics[0]).toMatchObject({ code: 'yaml_too_deep', line: 4, column: 68 });
  });

  it('S2 10,000-deep flow nesting after a quote inside a plain scalar is still refused', () => {
    const text = skillText([
      'name: deep',
      'description: d',
      `x: [it's, ${'['.repeat(10_000)}${']'.repeat(10_000)}]`,
    ]);
    const result = parseSkill(text);
    expect(result.ok).toBe(false);
    expect(errorCodes(result)).toContain('yaml_too_deep');
  });

  it.each([
    ['block sequence', `x:\n${'- '.repeat(10_000)}leaf`],
    ['explicit-key mapping', `${'? '.repeat(10_000)}leaf`],
  ])('S2 10,000-deep %s nesting is refused', (_label, yaml) => {
    for (const profile of ['lenient', 'spec'] as const) {
      const result = parseSkill(`---\n${yaml}\n---\n`, { profile });
      expect(result.ok).toBe(false);
      expect(errorCodes(result)).toContain('yaml_too_deep');
    }
  });

  it('S2 block-mapping nesting as deep as 64 KiB allows is parsed without trouble', () => {
    const lines = ['name: deep', 'description: d'];
    for (let depth = 0; depth < 300; depth++) lines.push(`${' '.repeat(depth)}k${depth}:`);
    lines.push(`${' '.repeat(300)}leaf`);
    const result = parseSkill(skillText(lines));
    expect(result.ok).toBe(true);
  });

  it('S2 a NUL byte is refused with its position', () => {
    const text = skillText(['name: pdf', 'description: a\0b']);
    const result = parseSkill(new TextEncoder().encode(text), { file: 'SKILL.md' });
    expect(result.diagnostics).toMatchInlineSnapshot(`
      [
        {
          "code": "nul_byte",
          "column": 15,
          "file": "SKILL.md",
          "line": 3,
          "message": "file contains a NUL byte; a SKILL.md must be text",
          "severity": "error",
        },
      ]
    `);
  });

  it('S2 a NUL byte in the body is refused too (a SKILL.md is text)', () => {
    expect(errorCodes(parseSkill(skillText(['name: pdf', 'description: d'], 'Body\0')))).toEqual([
      'nul_byte',
    ]);
  });

  it('S2 invalid UTF-8 is refused with the position of the first bad byte', () => {
    const head = new TextEncoder().encode('---\nname: pdf\ndescription: caf');
    const bytes = new Uint8Array([...head, 0xc3, 0x28, ...new TextEncoder().encode('\n---\n')]);
    const result = parseSkill(bytes, { file: 'SKILL.md' });
    expect(result.diagnostics).toMatchInlineSnapshot(`
      [
        {
          "code": "invalid_utf8",
          "column": 17,
          "file": "SKILL.md",
          "line": 3,
          "message": "file is not valid UTF-8",
          "severity": "error",
        },
      ]
    `);
  });

  it('S2 a literal U+FFFD written in the file is not mistaken for the invalid byte', () => {
    const head = new TextEncoder().encode('---\nname: \uFFFD\ndescription: ok');
    const bytes = new Uint8Array([...head, 0xff, ...new TextEncoder().encode('\n---\n')]);
    expect(parseSkill(bytes).diagnostics).toEqual([
      expect.objectContaining({ code: 'invalid_utf8', line: 3, column: 16 }),
    ]);
  });

  it('S2 an overlong UTF-8 encoding and a lone surrogate encoding are invalid', () => {
    for (const bad of [
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
    ]) {
      const bytes = new Uint8Array([...new TextEncoder().encode('---\nname: '), ...bad, 0x0a]);
      expect(errorCodes(parseSkill(bytes))).toEqual(['invalid_utf8']);
    }
  });
});
