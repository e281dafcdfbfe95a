import { type Failure, failure } from '../result.js';
import { ANY_BUT_SLASH, ANY_CHAR, type CharTest, literal, type PatternNode } from './pattern-automaton.js';

/** Longest glob or `.gitignore` rule accepted: the size term of the matching time bound. */
export const MAX_GLOB_LENGTH = 4096;
/** Most nested braces and extglobs. */
const MAX_NESTING = 32;
/** Most character nodes a glob may hold. */
const MAX_NODES = 64 * 1024;

/**
 * Which glob dialect to read. `picomatch` (glob tool, grep's glob, skill `paths`) has braces,
 * extglobs and a trailing `/**` that also matches the folder itself; `gitignore` (git's
 * wildmatch) has none of these, and `abc/**` matches only what is inside `abc`.
 */
export type GlobDialect = 'picomatch' | 'gitignore';

/** A parsed glob: the pattern and whether a leading `!` negated it (picomatch only). */
export interface ParsedGlob {
  readonly node: PatternNode;
  readonly negated: boolean;
}

/** {@link parseGlobPattern}'s answer. */
export type ParseGlobResult = { readonly ok: true; readonly glob: ParsedGlob } | Failure<'invalid_glob'>;

/** Zero or more whole path segments, each followed by `/` (a `**\/`). */
export const ANY_SEGMENTS: PatternNode = {
  type: 'repeat',
  item: {
    type: 'sequence',
    items: [{ type: 'repeat', item: ANY_BUT_SLASH, atLeastOnce: false }, literal(0x2f)],
  },
  atLeastOnce: false,
};

const POSIX_CLASSES: Readonly<Record<string, readonly number[]>> = {
  alpha: [0x41, 0x5a, 0x61, 0x7a],
  digit: [0x30, 0x39],
  alnum: [0x30, 0x39, 0x41, 0x5a, 0x61, 0x7a],
  upper: [0x41, 0x5a],
  lower: [0x61, 0x7a],
  space: [0x09, 0x0d, 0x20, 0x20],
  blank: [0x09, 0x09, 0x20, 0x20],
  xdigit: [0x30, 0x39, 0x41, 0x46, 0x61, 0x66],
  word: [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a],
  punct: [0x21, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7e],
  cntrl: [0x00, 0x1f, 0x7f, 0x7f],
  print: [0x20, 0x7e],
  graph: [0x21, 0x7e],
};

class GlobSyntaxError {
  constructor(readonly message: string) {}
}

/**
 * Parses a glob into the tree {@link compilePatternAutomaton} runs in linear time (SPEC SEC7).
 * `*` and `?` never match `/`; `**` as a whole segment matches any number of segments; `[…]`
 * classes (`!`/`^` negation, ranges, `[:alpha:]`); `\` escapes. The picomatch dialect adds
 * `{a,b}` braces (no `{1..3}` ranges, as in picomatch and ripgrep), `@(…)`, `?(…)`, `+(…)`,
 * `*(…)` extglobs and a leading `!`; `!(…)` is refused (no linear form). With `basename`, a glob
 * without `/` matches base names (one with `/` matches the whole path, as ripgrep's `--glob`).
 * @example parseGlobPattern('src/**\/*.{ts,tsx}', 'picomatch')
 */
export function parseGlobPattern(
  pattern: string,
  dialect: GlobDialect,
  { basename = false }: { readonly basename?: boolean } = {},
): ParseGlobResult {
  if (pattern.length > MAX_GLOB_LENGTH) {
    return failure('invalid_glob', `The glob is longer than ${MAX_GLOB_LENGTH} characters.`);
  }
  let source = pattern;
  let negated = false;
  if (dialect === 'picomatch') {
    while (source.startsWith('!') && !source.startsWith('!(')) {
      negated = !negated;
      source = source.slice(1);
    }
    while (source.startsWith('./')) source = source.slice(2);
  }
  try {
    const parser = new GlobParser(source, dialect);
    const items = parser.sequence(new Set(), 0);
    if (basename && !source.includes('/')) items.unshift(ANY_SEGMENTS);
    return { ok: true, glob: { node: { type: 'sequence', items }, negated } };
  } catch (error) {
    if (error instanceof GlobSyntaxError) return failure('invalid_glob', error.message);
    throw error;
  }
}

// A recursive-descent reader over the glob; `position` moves forward only, so parsing is linear.
class GlobParser {
  position = 0;
  nodes = 0;
  // Starts of `{` and `(` groups found unclosed: each is tried once, so a flood of unclosed
  // groups costs O(length²) instead of trying every nesting again.
  readonly notGroups = new Set<number>();

  constructor(
    readonly source: string,
    readonly dialect: GlobDialect,
  ) {}

  /** Items up to the end or a character in `stops` (left unread). */
  sequence(stops: ReadonlySet<string>, depth: number): PatternNode[] {
    if (depth > MAX_NESTING) throw new GlobSyntaxError(`The glob nests braces deeper than ${MAX_NESTING}.`);
    const items: PatternNode[] = [];
    const { source } = this;
    while (this.position < source.length && !stops.has(source[this.position]!)) {
      const character = source[this.position]!;
      const next = source[this.position + 1];
      const picomatch = this.dialect === 'picomatch';
      if (picomatch && next === '(' && '@?+*!'.includes(character)) {
        const group = this.extglob(character, depth);
        if (group !== undefined) {
          items.push(group);
          continue;
        }
      }
      if (character === '\\') {
        const escaped = source.codePointAt(this.position + 1);
        items.push(this.count(literal(escaped ?? 0x5c)));
        this.position += escaped === undefined ? 1 : escaped > 0xffff ? 3 : 2;
      } else if (character === '*') {
        this.star(items);
      } else if (character === '?') {
        items.push(this.count(ANY_BUT_SLASH));
        this.position++;
      } else if (character === '[') {
        const test = this.characterClass();
        if (test === undefined) {
          items.push(this.count(literal(0x5b)));
          this.position++;
        } else {
          items.push(this.count({ type: 'char', test }));
        }
      } else if (character === '{' && picomatch) {
        const group = this.braces(depth);
        if (group === undefined) {
          items.push(this.count(literal(0x7b)));
          this.position++;
        } else {
          items.push(group);
        }
      } else {
        const codePoint = source.codePointAt(this.position)!;
        items.push(this.count(literal(codePoint)));
        this.position += codePoint > 0xffff ? 2 : 1;
      }
    }
    return items;
  }

  private count<T extends PatternNode>(node: T, weight = 1): T {
    this.nodes += weight;
    if (this.nodes > MAX_NODES) throw new GlobSyntaxError('The glob expands to too many alternatives.');
    return node;
  }

  // A run of stars: `**` alone in its segment crosses folders, any other run is one `*`.
  private star(items: PatternNode[]): void {
    const { source } = this;
    const start = this.position;
    let end = start;
    while (source[end] === '*') end++;
    this.position = end;
    const before = start === 0 ? undefined : source[start - 1];
    const after = source[end];
    const boundaries = this.dialect === 'picomatch' ? '/{,(|' : '/';
    const endings = this.dialect === 'picomatch' ? '/}),|' : '/';
    const wholeSegment =
      end - start >= 2 &&
      (before === undefined || boundaries.includes(before)) &&
      (after === undefined || endings.includes(after));
    if (!wholeSegment) {
      items.push(this.count({ type: 'repeat', item: ANY_BUT_SLASH, atLeastOnce: false }));
      return;
    }
    if (after === '/') {
      // `**/`: any number of whole segments (none included).
      this.position++;
      items.push(this.count(ANY_SEGMENTS, 2));
      return;
    }
    const anything: PatternNode = { type: 'repeat', item: ANY_CHAR, atLeastOnce: false };
    const last = items.at(-1);
    if (before === '/' && last?.type === 'char' && last.test.ranges[0] === 0x2f && !last.test.negated) {
      // A trailing `/**`: everything inside; in picomatch the folder itself too.
      items.pop();
      const inside: PatternNode = {
        type: 'sequence',
        items: [literal(0x2f), { ...anything, atLeastOnce: true }],
      };
      items.push(this.count(this.dialect === 'picomatch' ? { type: 'optional', item: inside } : inside, 2));
      return;
    }
    items.push(this.count(anything));
  }

  // `[…]` at `position`: the class, with `position` past it; undefined (unmoved) when unclosed.
  private characterClass(): CharTest | undefined {
    const { source } = this;
    let index = this.position + 1;
    let negated = false;
    if (source[index] === '!' || source[index] === '^') {
      negated = true;
      index++;
    }
    const ranges: number[] = [];
    let first = true;
    const readOne = (): number | undefined => {
      if (index >= source.length) return undefined;
      if (source[index] === '\\' && index + 1 < source.length) index++;
      const codePoint = source.codePointAt(index)!;
      index += codePoint > 0xffff ? 2 : 1;
      return codePoint;
    };
    for (;;) {
      if (index >= source.length) return undefined;
      if (source[index] === ']' && !first) break;
      first = false;
      if (source.startsWith('[:', index)) {
        const close = source.indexOf(':]', index + 2);
        const named = close === -1 ? undefined : POSIX_CLASSES[source.slice(index + 2, close)];
        if (named !== undefined) {
          ranges.push(...named);
          index = close + 2;
          continue;
        }
      }
      const from = readOne();
      if (from === undefined) return undefined;
      if (source[index] === '-' && index + 1 < source.length && source[index + 1] !== ']') {
        index++;
        const to = readOne();
        if (to === undefined) return undefined;
        if (from <= to) ranges.push(from, to);
      } else {
        ranges.push(from, from);
      }
    }
    this.position = index + 1;
    return { ranges, negated, matchesSlash: false };
  }

  // `{a,b}` at `position`; undefined (unmoved) when it is no brace group.
  private braces(depth: number): PatternNode | undefined {
    const start = this.position;
    if (this.notGroups.has(start) || !this.source.includes('}', start)) return undefined;
    this.position = start + 1;
    const options: PatternNode[] = [];
    for (;;) {
      options.push({ type: 'sequence', items: this.sequence(new Set([',', '}']), depth + 1) });
      const stop = this.source[this.position];
      if (stop === ',') {
        this.position++;
        continue;
      }
      if (stop === '}' && options.length > 1) {
        this.position++;
        return { type: 'choice', options };
      }
      // `{a}` and an unclosed `{` are literal, as in picomatch.
      this.position = start;
      this.notGroups.add(start);
      return undefined;
    }
  }

  // `@(a|b)`, `?(…)`, `+(…)`, `*(…)` at `position`; undefined (unmoved) when unclosed.
  private extglob(kind: string, depth: number): PatternNode | undefined {
    const start = this.position;
    if (this.notGroups.has(start) || !this.source.includes(')', start)) return undefined;
    this.position += 2;
    const options: PatternNode[] = [];
    for (;;) {
      options.push({ type: 'sequence', items: this.sequence(new Set(['|', ')']), depth + 1) });
      const stop = this.source[this.position];
      if (stop === '|') {
        this.position++;
        continue;
      }
      if (stop !== ')') {
        this.position = start;
        this.notGroups.add(start);
        return undefined;
      }
      this.position++;
      break;
    }
    if (kind === '!') {
      throw new GlobSyntaxError('Negated extglobs !(…) are not supported; list the names to match instead.');
    }
    const choice: PatternNode = { type: 'choice', options };
    if (kind === '?') return { type: 'optional', item: choice };
    if (kind === '+') return { type: 'repeat', item: choice, atLeastOnce: true };
    if (kind === '*') return { type: 'repeat', item: choice, atLeastOnce: false };
    return choice;
  }
}
