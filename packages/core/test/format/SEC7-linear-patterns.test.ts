import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { compileGitignore } from '../../src/format/compile-gitignore.js';
import { compileGlob } from '../../src/format/compile-glob.js';
import { MAX_GLOB_LENGTH } from '../../src/format/parse-glob-pattern.js';
import { eventLoopStall } from '../support/event-loop-stall.js';

const PATHS = [
  'a.ts',
  'src/a.ts',
  'src/deep/c.ts',
  'src/readme.md',
  '.github/x.ts',
  '.env',
  'a',
  'a/b',
  'a/b/c',
  'a/x/b',
  'a/x/y/b',
  'ab',
  'abc/def.txt',
  'x/abc/def.txt',
  'doc/a.txt',
  'doc/x/a.txt',
  'foo',
  'x/foo',
  'foo/bar',
  'test-1.js',
  'src/test-2.ts',
  'src/x/test-3.tsx',
  'A.TS',
  'src/a.test.ts',
  'a/b.md',
  'b.md',
  '[a].ts',
  'a{b}.ts',
  'x.min.js',
  'out/x/y',
  'ü/ñ.ts',
];

function matcher(glob: string | readonly string[], basename = false): (path: string) => boolean {
  const compiled = compileGlob(glob, { basename });
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.matches;
}

describe('SEC7 the linear glob matcher', () => {
  it('G4 agrees with picomatch (dot files included) on the globs tools and skills use', () => {
    const globs = [
      '**/*.ts',
      '*.ts',
      'src/**',
      'src/**/*.ts',
      '**/*.md',
      'a/**/b',
      'a/*/b',
      '**',
      '*',
      'src/*.{ts,md}',
      '**/test-*.{js,ts,tsx}',
      '[a-c].md',
      '[^a].md',
      '*.+(ts|md)',
      '*.@(js|py)',
      '**/?(a|b).ts',
      'a/**',
      '**/a',
      '.*',
      '*/*',
      'src/**/*',
      '{a,b}/**',
      '[[:alpha:]].ts',
      '\\[a\\].ts',
      'a{b}.ts',
      'x.*.js',
      '**/foo/**',
      'foo/*',
      '!**/*.ts',
      '!*.md',
      './src/*.ts',
      '*(a|b)',
      'a?',
      '**/*.{md,ts}',
      'ü/?.ts',
    ];
    for (const glob of globs) {
      const expected = picomatch(glob, { dot: true });
      const actual = matcher(glob);
      for (const path of PATHS) expect([glob, path, actual(path)]).toEqual([glob, path, expected(path)]);
    }
  });

  it('G4 a glob without / matches base names when asked; one with / still matches the whole path, as rg --glob', () => {
    expect(matcher('*.ts', true)('src/deep/c.ts')).toBe(true);
    expect(matcher('*.ts', true)('src/readme.md')).toBe(false);
    expect(matcher('src/**/*.ts', true)('src/deep/c.ts')).toBe(true);
    expect(matcher('deep/*.ts', true)('src/deep/c.ts')).toBe(false);
  });

  it('G4 [!…] negates a class, as in git, bash and rg, and ? is one character even outside the BMP', () => {
    expect(matcher('[!a].md')('b.md')).toBe(true);
    expect(matcher('[!a].md')('a.md')).toBe(false);
    expect(matcher('?.md')('😀.md')).toBe(true);
    expect(matcher('[^a].md')('😀.md')).toBe(true);
  });

  it('SEC7 many-star and nested ** globs answer in linear time instead of backtracking', async () => {
    const manyStars = matcher('*a*a*a*a*a*a*a*a*a*a*a*a*b');
    const nestedGlobstars = matcher(`a/${Array(12).fill('**').join('/')}/b`);
    const nestedExtglob = matcher('+(+(a|aa)|a*)b');
    const held = await eventLoopStall(() => {
      expect(manyStars('a'.repeat(5000))).toBe(false);
      expect(manyStars(`${'a'.repeat(5000)}b`)).toBe(true);
      expect(nestedGlobstars(`a/${'x/'.repeat(500)}c`)).toBe(false);
      expect(nestedGlobstars(`a/${'x/'.repeat(500)}b`)).toBe(true);
      expect(nestedExtglob('a'.repeat(5000))).toBe(false);
    });
    // Backtracking engines need years here (picomatch: n^12); the automaton about a millisecond.
    expect(held).toBeLessThan(500);
  });

  it('SEC7 refuses what has no linear form or is too big, with invalid_glob', () => {
    expect(compileGlob('!(a|b).ts')).toMatchObject({ ok: false, code: 'invalid_glob' });
    expect(compileGlob('x'.repeat(MAX_GLOB_LENGTH + 1))).toMatchObject({ ok: false, code: 'invalid_glob' });
    expect(compileGlob(`${'{a,'.repeat(40)}b${'}'.repeat(40)}`)).toMatchObject({
      ok: false,
      code: 'invalid_glob',
    });
  });

  it('SEC7 a flood of unclosed braces and groups parses quickly, as literal text', async () => {
    const flood = `${'{a,@(b|'.repeat(500)}c`;
    let compiled: ReturnType<typeof compileGlob> | undefined;
    expect(await eventLoopStall(() => (compiled = compileGlob(flood)))).toBeLessThan(500);
    expect(compiled?.ok && compiled.matches(flood)).toBe(true);
  });
});

describe('SEC7 the linear .gitignore matcher', () => {
  const verdict = (text: string, path: string, isDirectory = false) =>
    compileGitignore(text).verdict(path, isDirectory);

  it('G4 follows gitignore(5): anchoring, folder-only rules, negation, **, comments and escapes', () => {
    expect(verdict('foo', 'x/foo')).toBe('ignored');
    expect(verdict('/foo', 'x/foo')).toBeUndefined();
    expect(verdict('/foo', 'foo')).toBe('ignored');
    expect(verdict('doc/*.txt', 'doc/a.txt')).toBe('ignored');
    expect(verdict('doc/*.txt', 'doc/x/a.txt')).toBeUndefined();
    expect(verdict('build/', 'build', true)).toBe('ignored');
    expect(verdict('build/', 'build', false)).toBeUndefined();
    expect(verdict('*.log\n!keep.log', 'keep.log')).toBe('unignored');
    expect(verdict('!keep.log\n*.log', 'keep.log')).toBe('ignored');
    expect(verdict('**/foo', 'a/b/foo')).toBe('ignored');
    expect(verdict('a/**/b', 'a/b')).toBe('ignored');
    expect(verdict('a/**/b', 'a/x/y/b')).toBe('ignored');
    expect(verdict('abc/**', 'abc/x/y')).toBe('ignored');
    expect(verdict('abc/**', 'abc', true)).toBeUndefined();
    expect(verdict('a**b', 'a/b')).toBeUndefined();
    expect(verdict('a**b', 'axxb')).toBe('ignored');
    expect(verdict('# comment\n\n   \n', '# comment')).toBeUndefined();
    expect(verdict('\\#foo', '#foo')).toBe('ignored');
    expect(verdict('\\!foo', '!foo')).toBe('ignored');
    expect(verdict('foo   ', 'foo')).toBe('ignored');
    expect(verdict('foo\\ ', 'foo ')).toBe('ignored');
    expect(verdict('[a-c].md', 'b.md')).toBe('ignored');
    expect(verdict('[!a].md', 'a.md')).toBeUndefined();
    expect(verdict('{a,b}.md', 'a.md')).toBeUndefined();
    expect(verdict('*.md\r\n', 'x.md')).toBe('ignored');
    expect(verdict('Foo', 'foo')).toBeUndefined();
  });

  it('SEC7 a nested ** rule against a deep path answers in linear time', async () => {
    const rules = compileGitignore(`a/${Array(12).fill('**').join('/')}/b\n*a*a*a*a*a*a*a*a*a*a*c\n`);
    const held = await eventLoopStall(() => {
      expect(rules.verdict(`a/${'x/'.repeat(500)}y`, false)).toBeUndefined();
      expect(rules.verdict(`a/${'x/'.repeat(500)}b`, true)).toBe('ignored');
      expect(rules.verdict('a'.repeat(5000), false)).toBeUndefined();
    });
    // The `ignore` package took 18 s for nine stars over 30 folders (issue 23).
    expect(held).toBeLessThan(500);
  });
});
