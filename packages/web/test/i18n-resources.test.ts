import { describe, expect, it } from 'vitest';
import { createI18n, initialLanguage } from '../src/i18n/create-i18n.js';
import en from '../src/i18n/en.json';
import zh from '../src/i18n/zh.json';

/** Every key path of a resource tree, with its text. */
function entries(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? entries(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );
}

describe('the English and Chinese resources', () => {
  it('W6 Chinese has exactly the keys of English, each a non-empty text with the same placeholders', () => {
    const english = new Map(entries(en));
    const chinese = new Map(entries(zh));
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      const other = chinese.get(key);
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
      expect(typeof other === 'string' && other.trim() !== '', key).toBe(true);
      const placeholders = (value: unknown) =>
        [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(other), key).toEqual(placeholders(text));
    }
  });

  it('W6 the language is the one chosen before, else the browser’s, else English', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(initialLanguage(storage('zh'), ['en-US'])).toBe('zh');
    expect(initialLanguage(storage(null), ['zh-CN', 'en'])).toBe('zh');
    expect(initialLanguage(storage('fr'), ['de-DE'])).toBe('en');
    expect(initialLanguage(undefined, [])).toBe('en');
    const i18n = createI18n('zh');
    expect(i18n.t('nav.skills')).toBe('技能');
    expect(i18n.t('skills.count', { count: 3 })).toBe('3 个技能');
  });

  it('W6 counts use plural forms: "1 skill", "2 skills"; Chinese has one form', () => {
    const english = createI18n('en');
    expect(english.t('skills.count', { count: 1 })).toBe('1 skill');
    expect(english.t('skills.count', { count: 2 })).toBe('2 skills');
    expect(english.t('skills.count', { count: 0 })).toBe('0 skills');
    const chinese = createI18n('zh');
    expect(chinese.t('skills.count', { count: 1 })).toBe('1 个技能');
    expect(chinese.t('skills.count', { count: 2 })).toBe('2 个技能');
  });

  it('W6 every count shown in a sentence has its plural forms (issue 24 item 7)', () => {
    const english = createI18n('en');
    expect(english.t('signIn.rateLimited', { count: 1 })).toBe(
      'Too many failed attempts. Try again in 1 second.',
    );
    expect(english.t('signIn.rateLimited', { count: 30 })).toBe(
      'Too many failed attempts. Try again in 30 seconds.',
    );
    expect(english.t('widget.rawCut', { count: 1 })).toBe('… 1 more character not shown');
    expect(english.t('widget.rawCut', { count: 2 })).toBe('… 2 more characters not shown');
    expect(english.t('install.review.files', { count: 1 })).toBe('1 file');
    expect(english.t('chat.status.queuedBehind', { count: 1, limit: 2 })).toBe(
      'Waiting: 1 of your runs is ahead (you may run 2 at a time)…',
    );
    expect(createI18n('zh').t('signIn.rateLimited', { count: 1 })).toBe('失败次数过多，请 1 秒后再试。');
    // A text with a {{count}} has its plural forms: never one form for every number.
    for (const [key, text] of entries(en)) {
      if (!String(text).includes('{{count}}')) continue;
      expect(key, key).toMatch(/_(one|other)$/);
      const base = key.replace(/_(one|other)$/, '');
      expect(new Map(entries(en)).has(`${base}_one`) && new Map(entries(en)).has(`${base}_other`), key).toBe(
        true,
      );
    }
  });
});
