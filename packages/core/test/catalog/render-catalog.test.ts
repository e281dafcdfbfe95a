import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../src/catalog/count-tokens.js';
import { renderCatalog } from '../../src/catalog/render-catalog.js';
import { loadSkill } from '../../src/format/load-skill.js';
import { makeSkill } from './make-skill.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'catalog');

const pdf = makeSkill('pdf', {
  description: 'Extract text & tables from PDF files.',
  base: '/repo/.agents/skills',
});
const review = makeSkill('review', {
  description: 'Review a pull request.\nUse when asked\tto review.',
  base: '/repo/.agents/skills',
});

describe('renderCatalog', () => {
  it('D8 renders nothing when there are no skills', () => {
    for (const format of ['xml', 'markdown', 'skills-ref'] as const) {
      expect(renderCatalog([], { format, budget: { tokens: 10 } })).toEqual({
        text: '',
        shortened: 0,
        hidden: 0,
      });
    }
  });

  it('D8 renders the skills-ref to-prompt format exactly, escaping like html.escape', async () => {
    const loaded = await loadSkill(join(fixtures, 'escaping', 'quote-and-tags'));
    if (!loaded.ok) throw new Error('fixture did not load');
    const { text } = renderCatalog([loaded.skill, pdf], { format: 'skills-ref' });
    expect(text).toBe(
      [
        '<available_skills>',
        '<skill>',
        '<name>',
        'quote-and-tags',
        '</name>',
        '<description>',
        'Handles &lt;tags&gt; &amp; &quot;quotes&quot; and &#x27;apostrophes&#x27;. Use when text has XML-like markup.',
        '</description>',
        '<location>',
        join(fixtures, 'escaping', 'quote-and-tags', 'SKILL.md'),
        '</location>',
        '</skill>',
        '<skill>',
        '<name>',
        'pdf',
        '</name>',
        '<description>',
        'Extract text &amp; tables from PDF files.',
        '</description>',
        '<location>',
        '/repo/.agents/skills/pdf/SKILL.md',
        '</location>',
        '</skill>',
        '</available_skills>',
      ].join('\n'),
    );
  });

  it('D8 renders compact XML with escaped ids and single-line descriptions', () => {
    const tricky = makeSkill('quote', { description: `Say "hi" <b> & 'bye'` });
    expect(renderCatalog([pdf, review, tricky], { format: 'xml' }).text).toMatchInlineSnapshot(`
      "<available_skills>
      <skill name="pdf">Extract text &amp; tables from PDF files.</skill>
      <skill name="review">Review a pull request. Use when asked to review.</skill>
      <skill name="quote">Say &quot;hi&quot; &lt;b&gt; &amp; &#x27;bye&#x27;</skill>
      </available_skills>"
    `);
  });

  it('D8 renders a Markdown list', () => {
    expect(renderCatalog([pdf, review], { format: 'markdown' })).toMatchInlineSnapshot(`
      {
        "hidden": 0,
        "shortened": 0,
        "text": "- **pdf**: Extract text & tables from PDF files.
      - **review**: Review a pull request. Use when asked to review.",
      }
    `);
  });

  it('D8 keeps the text unchanged when it fits the budget', () => {
    const unlimited = renderCatalog([pdf, review]);
    expect(renderCatalog([pdf, review], { budget: { tokens: 1000, characters: 1000 } })).toEqual(unlimited);
  });

  it('D8 shortens descriptions to fit a character budget and says how many', () => {
    const skills = ['alpha', 'beta', 'gamma'].map((name) =>
      makeSkill(name, { description: `${name} ${'does many useful things '.repeat(6)}` }),
    );
    const result = renderCatalog(skills, { format: 'xml', budget: { characters: 320 } });
    expect(result.text.length).toBeLessThanOrEqual(320);
    expect(result).toMatchObject({ shortened: 3, hidden: 0 });
    expect(result.text).toMatchInlineSnapshot(`
      "<available_skills>
      <skill name="alpha">alpha does many useful things does many…</skill>
      <skill name="beta">beta does many useful things does many…</skill>
      <skill name="gamma">gamma does many useful things does many…</skill>
      </available_skills>
      <!-- 3 skill descriptions shortened to fit the catalog budget -->"
    `);
  });

  it('D8 hides the lowest-priority skills when even names do not fit', () => {
    const skills = [
      makeSkill('keep-me', { extra: 'priority: 5' }),
      makeSkill('unset-skill'),
      makeSkill('drop-first', { extra: 'priority: -1' }),
    ];
    const result = renderCatalog(skills, { format: 'markdown', budget: { characters: 118 } });
    expect(result.text.length).toBeLessThanOrEqual(118);
    expect(result).toMatchInlineSnapshot(`
      {
        "hidden": 1,
        "shortened": 2,
        "text": "- **keep-me**: …
      - **unset-skill**: …
      _(2 skill descriptions shortened and 1 skill hidden to fit the catalog budget)_",
      }
    `);
  });

  it('D8 counts tokens and respects a token budget', () => {
    const skills = Array.from({ length: 40 }, (_, index) =>
      makeSkill(`skill-${index}`, {
        description: `Skill number ${index} handles ${'various detailed tasks '.repeat(8)}`,
      }),
    );
    const full = renderCatalog(skills);
    expect(countTokens(full.text)).toBeGreaterThan(1500);
    const result = renderCatalog(skills, { budget: { tokens: 800 } });
    expect(countTokens(result.text)).toBeLessThanOrEqual(800);
    expect(result.shortened).toBe(40);
    expect(result.hidden).toBe(0);
    expect(result.text.split('\n').at(-1)).toBe(
      '<!-- 40 skill descriptions shortened to fit the catalog budget -->',
    );
  });

  it('D8 is deterministic: the same input gives the same output', () => {
    const skills = Array.from({ length: 30 }, (_, index) =>
      makeSkill(`s-${index}`, { description: `Description ${index} ${'x'.repeat(index * 7)}` }),
    );
    const first = renderCatalog(skills, { budget: { tokens: 300 } });
    const second = renderCatalog([...skills], { budget: { tokens: 300 } });
    expect(second).toEqual(first);
    expect(first.shortened + first.hidden).toBeGreaterThan(0);
  });

  it('D8 cuts by code points, never splitting a character', () => {
    const emoji = makeSkill('emoji', { description: '😀'.repeat(50) });
    const result = renderCatalog([emoji], { format: 'markdown', budget: { characters: 90 } });
    expect(result.shortened).toBe(1);
    expect(result.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('D8 renders and budgets 10,000 skills (how fast: `npm run bench -- discover`)', () => {
    const skills = Array.from({ length: 10_000 }, (_, index) =>
      Object.freeze({
        ...pdf,
        id: `skill-${index}`,
        name: `skill-${index}`,
        description: `Skill ${index}: ${'handles files '.repeat(10)}`,
      }),
    );
    const plain = renderCatalog(skills);
    expect(plain.text.split('\n')).toHaveLength(10_002);
    const budgeted = renderCatalog(skills, { budget: { tokens: 20_000 } });
    expect(countTokens(budgeted.text)).toBeLessThanOrEqual(20_000);
    expect(budgeted.hidden).toBeGreaterThan(0);
  });
});
