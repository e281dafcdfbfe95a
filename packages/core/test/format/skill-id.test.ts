import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../src/format/parse-skill.js';
import { sha256HexJs } from '../../src/format/sha256-hex-js.js';
import {
  deriveSkillId,
  isSkillId,
  type PinyinFunction,
  pinyinAvailable,
  providePinyin,
  SKILL_ID_PATTERN,
} from '../../src/format/skill-id.js';
import { skillText } from './format-test-helpers.js';

const idOf = (fields: readonly string[]) => {
  const result = parseSkill(skillText(fields));
  return result.ok ? result.skill.id : undefined;
};

describe('S4 skill identity', () => {
  it('S4 the explicit slug is the id and the display name keeps the authored name', () => {
    const result = parseSkill(skillText(['name: PDF Tools', 'description: d', 'slug: pdf-kit']));
    expect(result.ok && { id: result.skill.id, name: result.skill.name }).toEqual({
      id: 'pdf-kit',
      name: 'PDF Tools',
    });
  });

  it('S4 an invalid slug is rejected, not repaired', () => {
    const result = parseSkill(skillText(['name: pdf', 'description: d', 'slug: PDF_Kit']));
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'slug_invalid', line: 4, column: 1 }),
    ]);
  });

  it('S4 without a slug, a name that is a valid id is the id', () => {
    expect(idOf(['name: pdf-tools', 'description: d'])).toBe('pdf-tools');
  });

  it.each([
    ['Chinese to pinyin', '文档整理', 'wen-dang-zheng-li'],
    ['mixed Chinese and Latin', 'PDF转换器', 'pdf-zhuan-huan-qi'],
    ['uppercase lowered', 'PDFTools', 'pdftools'],
    ['spaces to one hyphen', 'PDF   Tools', 'pdf-tools'],
    ['separators to single hyphens', 'rust:pdf/v2_beta.x', 'rust-pdf-v2-beta-x'],
    ['leading and trailing separators dropped', '  --pdf--  ', 'pdf'],
    ['accents dropped', 'Café Crème', 'cafe-creme'],
    ['full-width letters folded by NFKC', 'ＰＤＦ', 'pdf'],
  ])('S4 derives an id: %s', (_label, name, id) => {
    expect(deriveSkillId(name)).toBe(id);
    expect(isSkillId(id)).toBe(true);
  });

  it('S4 a derived id is capped at 64 characters without a trailing hyphen', () => {
    const name = `${'word '.repeat(12)}tail`;
    const id = deriveSkillId(name);
    expect(id.length).toBeLessThanOrEqual(64);
    expect(id).toMatch(SKILL_ID_PATTERN);
    expect(id.endsWith('-')).toBe(false);
    expect(deriveSkillId('x'.repeat(200))).toBe('x'.repeat(64));
  });

  it.each(['🎉🎉', '!!!', '---', 'ॐ'])(
    'S4 a name with no usable letter or digit (%s) gets skill-<digest>',
    (name) => {
      const id = deriveSkillId(name);
      expect(id).toMatch(/^skill-[0-9a-f]{8}$/);
      expect(deriveSkillId(name)).toBe(id);
    },
  );

  it('S4 the digest is the first 8 hex digits of the name’s SHA-256, in Node and with the browser entry’s SHA-256', async () => {
    const names = ['🎉🎉', '!!!', 'ॐ', '\u{1F600}'.repeat(100)];
    const expected = names.map(
      (name) => `skill-${createHash('sha256').update(name).digest('hex').slice(0, 8)}`,
    );
    expect(names.map((name) => deriveSkillId(name))).toEqual(expected);
    // The browser entry hands core a JavaScript SHA-256 when it loads (a bundle has no node:crypto).
    for (const name of names) expect(sha256HexJs(name)).toBe(createHash('sha256').update(name).digest('hex'));
    await import('../../src/format/browser.js');
    expect(names.map((name) => deriveSkillId(name))).toEqual(expected);
  });

  it('S4 a browser bundle hands core the pinyin function it imported itself; Node loads its own', () => {
    expect(pinyinAvailable()).toBe(true);
    const real = (createRequire(import.meta.url)('pinyin-pro') as { pinyin: PinyinFunction }).pinyin;
    const asked: string[] = [];
    providePinyin((text, options) => {
      asked.push(text);
      return real(text, options);
    });
    try {
      expect(deriveSkillId('文档整理')).toBe('wen-dang-zheng-li');
      expect(asked).toEqual(['文档整理']);
    } finally {
      providePinyin(real);
    }
  });

  it('S4 different unusable names get different digests', () => {
    expect(deriveSkillId('🎉')).not.toBe(deriveSkillId('🎈'));
  });

  it('S4 parseSkill uses the derived id for a name that is not a valid id', () => {
    expect(idOf(['name: 文档整理', 'description: d'])).toBe('wen-dang-zheng-li');
    expect(idOf(['name: My Skill', 'description: d'])).toBe('my-skill');
  });

  it('S4 isSkillId follows ^[a-z0-9]+(-[a-z0-9]+)*$ and at most 128 characters', () => {
    expect(isSkillId('a')).toBe(true);
    expect(isSkillId('a-1-b')).toBe(true);
    expect(isSkillId('a'.repeat(128))).toBe(true);
    for (const bad of ['', 'A', 'a_b', 'a--b', '-a', 'a-', 'a b', 'a:b', 'a'.repeat(129)]) {
      expect(isSkillId(bad)).toBe(false);
    }
  });
});
