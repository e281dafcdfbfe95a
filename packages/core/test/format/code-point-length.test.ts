import { describe, expect, it } from 'vitest';
import { codePointLength } from '../../src/format/code-points.js';
import { parseFrontmatterYaml } from '../../src/format/parse-frontmatter-yaml.js';
import { parseSkill } from '../../src/format/parse-skill.js';

describe('S3 lengths in code points, as the specification counts them', () => {
  it('S3 counts what for…of counts: pairs once, lone and reversed surrogates once each', () => {
    const samples = [
      '',
      'a',
      '😀',
      'a😀b',
      '\ud83d',
      '\ude00',
      '\ude00\ud83d',
      'x\ud83d',
      '\ud83d\ud83d\ude00',
      '汉字😀\u0301',
    ];
    for (const text of samples) expect(codePointLength(text), JSON.stringify(text)).toBe([...text].length);
  });

  it('S3 agrees with for…of on every string of up to four units of ASCII, BMP letters and surrogate halves', () => {
    const units = ['a', '中', '\ud83d', '\ude00', '\udbff', '\udc00', '\uffff'];
    let texts = [''];
    for (let length = 1; length <= 4; length += 1) {
      texts = texts.flatMap((text) => units.map((unit) => text + unit));
      for (const text of texts) expect(codePointLength(text), JSON.stringify(text)).toBe([...text].length);
    }
  });
});

describe('S2 the frontmatter size limit counts UTF-8 bytes', () => {
  it('S2 a frontmatter of three-byte characters is refused once its bytes, not its length, pass 64 KiB', () => {
    const withDescription = (characters: number) =>
      `---\nname: big\ndescription: ${'汉'.repeat(characters)}\n---\nbody\n`;
    // 21,800 characters are 65,400 bytes of description: under the limit with the rest of the lines.
    expect(parseSkill(withDescription(21_800), { folderName: 'big' }).diagnostics).not.toContainEqual(
      expect.objectContaining({ code: 'frontmatter_too_large' }),
    );
    const refused = parseSkill(withDescription(21_900), { folderName: 'big', file: 'big/SKILL.md' });
    expect(refused.ok).toBe(false);
    expect(refused.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'frontmatter_too_large', file: 'big/SKILL.md', line: 2 }),
    );
  });
});

describe('S2 a broken frontmatter is reported without stack traces, and the limit is put back', () => {
  it('S2 Error.stackTraceLimit is what it was after a YAML error, and errors elsewhere keep their stacks', () => {
    const before = Error.stackTraceLimit;
    const parsed = parseFrontmatterYaml('name: x\nmetadata: [unclosed\n');
    expect(parsed.problems[0]).toMatchObject({ code: 'yaml_syntax', severity: 'error' });
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('after').stack).toContain('code-point-length.test.ts');
  });
});
