import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseSimpleFrontmatter } from '../../src/format/parse-simple-frontmatter.js';

/** What the real YAML 1.2 parser makes of a text, or a marker when it refuses it. */
function parseWithYaml(text: string): unknown {
  try {
    return parse(text);
  } catch {
    return Symbol.for('yaml-refused');
  }
}

/** A small deterministic PRNG (mulberry32) so a failure names a seed that reproduces it. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** Keys, including ones YAML reads as null or booleans and ones that are special in JavaScript. */
const KEYS = [
  'name',
  'description',
  'license',
  'allowed-tools',
  'metadata',
  'paths',
  'version',
  '_x',
  'a-b',
  'true',
  'True',
  'null',
  'NULL',
  'false',
  '__proto__',
  'constructor',
  'y',
  'on',
  '1x',
];

const SCALARS = [
  'plain',
  'two words',
  'true',
  'False',
  'yes',
  'no',
  '1.0',
  '1',
  '-1',
  '+1',
  '0x1F',
  '0o17',
  '0b101',
  '1e5',
  '.5',
  '1.',
  '.inf',
  '-.Inf',
  '.nan',
  '~',
  'null',
  'Null',
  '',
  '""',
  "''",
  '"double"',
  "'single'",
  '"with \\" escape"',
  '"tab\\tescape"',
  "'it''s'",
  '"a\'b"',
  "'a\"b'",
  'a: b',
  'a:b',
  'ends:',
  'x #comment',
  'x#y',
  '#only',
  '- item',
  '-item',
  '?q',
  '? q',
  '&anchor',
  '*alias',
  '!tag',
  '|',
  '>',
  '%pct',
  '@at',
  '`tick',
  '[flow]',
  '{flow: map}',
  'a [b]',
  'a, b',
  'http://example.com/x?y=z',
  '...',
  '---',
  '<<',
  '=',
  '文档整理',
  '🎉 emoji',
  'café',
  'trailing   ',
  '"unterminated',
  "'unterminated",
  '"a" "b"',
  'a\rb',
  'a\u0001b',
  'a\u00a0b',
  '\u00a0lead',
  'back\\slash',
];

/** Scalars inside the subset, so most generated texts exercise the fast path itself. */
const SAFE_SCALARS = ['plain', 'two words', 'a:b', '"quoted"', "'single'", '文档整理', 'x-y_z', 'a, b'];

const INDENTS = ['', ' ', '  ', '   ', '    '];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function pickScalar(random: () => number): string {
  return random() < 0.6 ? pick(random, SAFE_SCALARS) : pick(random, SCALARS);
}

/** One frontmatter built from lines that are mostly in the subset and sometimes just outside it. */
function generateFrontmatter(random: () => number): string {
  const lines: string[] = [];
  const count = 1 + Math.floor(random() * 6);
  for (let index = 0; index < count; index++) {
    const roll = random();
    const key = pick(random, KEYS);
    if (roll < 0.55) lines.push(`${key}: ${pickScalar(random)}`);
    else if (roll < 0.7) {
      lines.push(`${key}:`);
      const indent = pick(random, ['', '  ', '  ', ' ']);
      for (let item = Math.floor(random() * 4); item > 0; item--)
        lines.push(`${random() < 0.85 ? indent : pick(random, INDENTS)}- ${pickScalar(random)}`);
    } else if (roll < 0.85) {
      lines.push(`${key}:`);
      for (let item = Math.floor(random() * 4); item > 0; item--)
        lines.push(
          `${random() < 0.85 ? '  ' : pick(random, INDENTS)}${pick(random, KEYS)}: ${pickScalar(random)}`,
        );
    } else if (roll < 0.9) lines.push('');
    else if (roll < 0.95) lines.push(`${pick(random, INDENTS)}${pickScalar(random)}`);
    else lines.push(`${key}:${pick(random, ['', ' ', '  '])}`);
  }
  const lineEnding = random() < 0.2 ? '\r\n' : '\n';
  return lines.join(lineEnding) + (random() < 0.8 ? lineEnding : '');
}

/** The property: the fast path either declines or agrees exactly with the real parser. */
function expectAgreement(text: string): 'fast' | 'declined' {
  const simple = parseSimpleFrontmatter(text);
  if (simple === undefined) return 'declined';
  expect({ text, value: simple.value }).toEqual({ text, value: parseWithYaml(text) });
  return 'fast';
}

describe('parseSimpleFrontmatter (the hand-written fast path of S2)', () => {
  it('S2 fast path agrees with yaml parse() on every generated frontmatter it accepts', () => {
    // FAST_PATH_SEED=<n> reruns the property with another seed.
    const random = createRandom(Number(process.env.FAST_PATH_SEED ?? 20_240_601));
    let fast = 0;
    let declined = 0;
    for (let round = 0; round < 10_000; round++) {
      if (expectAgreement(generateFrontmatter(random)) === 'fast') fast++;
      else declined++;
    }
    // Both branches must be exercised, or the property proves nothing.
    expect(fast).toBeGreaterThan(600);
    expect(declined).toBeGreaterThan(600);
  });

  it.each([
    ['plain fields', 'name: pdf-tools\ndescription: Extract text from PDFs. Use when asked about PDFs.\n'],
    ['CRLF lines', 'name: pdf\r\ndescription: Reads PDFs\r\nlicense: MIT\r\n'],
    ['an empty value becomes null', 'name: a\nlicense:\n'],
    ['an empty value at the end without newline', 'name: a\nlicense:'],
    ['double-quoted empty string', 'name: ""\n'],
    ['quoted strings without escapes', 'name: "pdf"\ndescription: \'Reads: PDFs\'\n'],
    ['a colon without a following space', 'url: http://example.com:8080/x\n'],
    ['block list at column 0', 'allowed:\n- Read\n- Write\n'],
    ['block list indented', 'paths:\n  - src/**/*.ts\n  - docs/*.md\n'],
    ['nested map', 'metadata:\n  author: someone\n  version: "1.0"\n'],
    ['blank lines between fields', 'name: a\n\n\ndescription: b\n'],
    ['a key named constructor', 'constructor: x\n'],
    ['unicode values', 'name: 文档整理\ndescription: 🎉 party\n'],
  ])('S2 fast path reads %s exactly like yaml', (_label, text) => {
    expect(expectAgreement(text)).toBe('fast');
  });

  it.each([
    ['a boolean', 'flag: true\n'],
    ['a capitalised boolean', 'flag: True\n'],
    ['a float that must stay 1.0 in its source', 'version: 1.0\n'],
    ['an integer', 'priority: 5\n'],
    ['a tilde null', 'license: ~\n'],
    ['a null word', 'license: null\n'],
    ['`: ` inside a value', 'description: Use when: asked\n'],
    ['` #` comment after a value', 'name: pdf # the name\n'],
    ['a full-line comment', '# comment\nname: pdf\n'],
    ['a double-quoted escape', 'name: "a\\nb"\n'],
    ["a single-quoted ''", "name: 'it''s'\n"],
    ['a value that starts with a dash', 'name: -x\n'],
    ['a flow sequence', 'tools: [Read, Write]\n'],
    ['a flow mapping', 'metadata: {a: b}\n'],
    ['an anchor', 'name: &a pdf\n'],
    ['an alias', 'name: *a\n'],
    ['a tag', 'name: !!str pdf\n'],
    ['a block scalar', 'description: |\n  line one\n  line two\n'],
    ['a multi-line plain scalar', 'description: one\n  two\n'],
    ['a tab', 'name:\tpdf\n'],
    ['a duplicate key', 'name: a\nname: b\n'],
    ['a duplicate key whose first value was a block', 'metadata:\n  a: b\nmetadata: x\n'],
    ['a duplicate key whose first value was empty', 'license:\nlicense: MIT\n'],
    ['a duplicate nested key', 'metadata:\n  a: x\n  a: y\n'],
    ['a __proto__ key', '__proto__: x\n'],
    ['a nested __proto__ key', 'metadata:\n  __proto__: x\n'],
    ['a null key (YAML reads it as the empty key)', 'null: x\n'],
    ['two keys that are both the boolean true', 'true: a\nTrue: b\n'],
    ['list items at two indents (the second runs on as a plain scalar)', 'paths:\n- a\n  - b\n'],
    ['list items that step out of their indent', 'paths:\n  - a\n- b\n'],
    ['three levels of nesting', 'metadata:\n  a:\n    b: c\n'],
    ['a list inside a nested map', 'metadata:\n  a:\n  - b\n'],
    ['an empty text (YAML null, not a mapping)', ''],
    ['only blank lines', '\n\n'],
    ['a quoted key', '"name": pdf\n'],
    ['a space before the colon', 'name : pdf\n'],
    ['a document marker', 'name: a\n...\n'],
    ['a directive', '%YAML 1.2\nname: a\n'],
    ['an empty list item', 'paths:\n- \n'],
  ])('S2 fast path declines %s and leaves it to the full parser', (_label, text) => {
    expect(parseSimpleFrontmatter(text)).toBeUndefined();
  });

  it('S2 fast path records the offsets of top-level keys and nested values for diagnostics', () => {
    const text = 'name: pdf\r\nmetadata:\r\n  author: me\r\npaths:\r\n  - src/*.ts\r\n';
    const simple = parseSimpleFrontmatter(text);
    expect(simple).toBeDefined();
    expect(simple?.offsets.get('name')).toBe(0);
    expect(simple?.offsets.get('metadata')).toBe(text.indexOf('metadata'));
    expect(simple?.offsets.get('metadata.author')).toBe(text.indexOf('me\r'));
    expect(simple?.offsets.get('paths.0')).toBe(text.indexOf('src/'));
    expect(simple?.sources.get('name')).toBe('pdf');
  });
});
