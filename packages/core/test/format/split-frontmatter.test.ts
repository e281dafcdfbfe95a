import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../src/format/parse-skill.js';
import { splitFrontmatter } from '../../src/format/split-frontmatter.js';
import { skillText } from './format-test-helpers.js';

const FIELDS = ['name: pdf', 'description: Reads PDFs.'];

describe('S1 the SKILL.md file: fences, line endings and body', () => {
  it('S1 opens the frontmatter with a --- line at byte 0', () => {
    const result = parseSkill(skillText(FIELDS));
    expect(result.ok).toBe(true);
  });

  it.each([
    ['a leading blank line', `\n${skillText(FIELDS)}`],
    ['a leading space', ` ${skillText(FIELDS)}`],
    ['no frontmatter at all', '# Just Markdown\n'],
    ['an empty file', ''],
    ['a fence with trailing text', '--- yaml\nname: pdf\n---\n'],
    ['four dashes', '----\nname: pdf\n---\n'],
  ])('S1 rejects %s as frontmatter_missing at line 1, column 1', (_label, text) => {
    const result = parseSkill(text, { file: 'pdf/SKILL.md' });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'frontmatter_missing',
        severity: 'error',
        file: 'pdf/SKILL.md',
        line: 1,
        column: 1,
      }),
    ]);
  });

  it('S1 tolerates a UTF-8 BOM before the opening fence, as text and as bytes', () => {
    const text = `\uFEFF${skillText(FIELDS)}`;
    expect(parseSkill(text).ok).toBe(true);
    expect(parseSkill(new TextEncoder().encode(text)).ok).toBe(true);
    const split = splitFrontmatter(text);
    expect(split.ok && split.split.hasBom).toBe(true);
  });

  it('S1 refuses a BOM when a caller disallows it (the skills-ref profile does)', () => {
    expect(splitFrontmatter(`\uFEFF${skillText(FIELDS)}`, { allowBom: false })).toEqual({
      ok: false,
      code: 'frontmatter_missing',
      message: "the file must start with a '---' line that opens the YAML frontmatter",
      offset: 0,
    });
  });

  it('S1 accepts CRLF and LF line endings and reports which one the file uses', () => {
    const crlf = skillText(FIELDS, 'Body line.\r\n', '\r\n');
    const lf = skillText(FIELDS, 'Body line.\n');
    const crlfResult = parseSkill(crlf);
    const lfResult = parseSkill(lf);
    expect(crlfResult.ok && crlfResult.skill.fields).toEqual(lfResult.ok && lfResult.skill.fields);
    const split = splitFrontmatter(crlf);
    expect(split.ok && split.split.lineEnding).toBe('\r\n');
    expect(crlfResult.ok && crlfResult.skill.description).toBe('Reads PDFs.');
  });

  it('S1 reports an unclosed frontmatter at the end of the file', () => {
    const result = parseSkill('---\nname: pdf\ndescription: x\n', { file: 'SKILL.md' });
    expect(result.diagnostics).toMatchInlineSnapshot(`
      [
        {
          "code": "frontmatter_unclosed",
          "column": 1,
          "file": "SKILL.md",
          "line": 4,
          "message": "the frontmatter is not closed: add a line that is exactly '---' after it",
          "severity": "error",
        },
      ]
    `);
  });

  it('S1 reports a lone opening fence as unclosed', () => {
    const result = parseSkill('---');
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['frontmatter_unclosed']);
  });

  it('S1 does not close the frontmatter on --- inside a value, only on a line that is exactly ---', () => {
    const text = skillText([
      'name: pdf',
      'description: |',
      '  Splits text on markers:',
      '  ---',
      '  like that one.',
      'license: "---"',
      'compatibility: Splits on --- too',
    ]);
    const result = parseSkill(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.skill.description).toBe('Splits text on markers:\n---\nlike that one.\n');
    expect(result.skill.fields.compatibility).toBe('Splits on --- too');
    expect(result.skill.fields.license).toBe('---');
    expect(result.skill.body).toBe('Body.\n');
  });

  it('S1 does not treat "--- " with trailing space as the closing fence', () => {
    const text = '---\nname: pdf\ndescription: d\n--- \nstill: frontmatter\n---\nBody\n';
    const split = splitFrontmatter(text);
    expect(split.ok && split.split.body).toBe('Body\n');
    expect(split.ok && split.split.yaml).toBe('name: pdf\ndescription: d\n--- \nstill: frontmatter\n');
  });

  it.each([
    ['an LF body with trailing spaces and no final newline', 'Line one  \n\n  indented\n\ttab', '\n'],
    ['a CRLF body', '# Title\r\n\r\nText\r\n', '\r\n'],
    ['a body that contains --- lines', 'Intro\n---\nMore\n---\n', '\n'],
    ['an empty body', '', '\n'],
    ['a body of only newlines', '\n\n\n', '\n'],
    ['a body with a BOM-like character and emoji', '\uFEFF🎉 text\n', '\n'],
  ])('S1 preserves the body exactly: %s', (_label, body, lineEnding) => {
    const result = parseSkill(skillText(FIELDS, body, lineEnding));
    expect(result.ok && result.skill.body).toBe(body);
  });

  it('S1 reads a file whose closing fence is the last line without a newline as an empty body', () => {
    const result = parseSkill('---\nname: pdf\ndescription: d\n---');
    expect(result.ok && result.skill.body).toBe('');
  });

  it('S1 gives offsets that map the YAML and the body back into the file', () => {
    const text = `\uFEFF---\r\nname: pdf\r\n---\r\nBody`;
    const split = splitFrontmatter(text);
    expect(split.ok).toBe(true);
    if (!split.ok) return;
    expect(text.slice(split.split.yamlOffset, split.split.yamlOffset + split.split.yaml.length)).toBe(
      'name: pdf\r\n',
    );
    expect(text.slice(split.split.bodyOffset)).toBe('Body');
  });
});
