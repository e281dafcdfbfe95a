/**
 * The one matching engine for patterns that users, repositories and models supply (globs,
 * `.gitignore` rules, skill path gates; SPEC SEC7): a Thompson NFA simulated over the text with a
 * bounded cache of the DFA states it meets.
 *
 * Why hand-written: every glob library on npm (picomatch, minimatch, ignore, micromatch) compiles
 * to a backtracking JavaScript RegExp, where `a/**\/**\/…/b` or `*a*a*a*a*b` takes time
 * exponential or polynomial in the path (minutes on one 30-folder path). RE2 (`re2js`) is linear
 * but about ten times slower than a RegExp on short paths, which a walk of a large project tests
 * hundreds of thousands of times. An NFA over a glob's handful of states runs in
 * O(text length × pattern states) whatever the pattern, and the DFA cache makes the common case as
 * fast as a RegExp. The syntax front-ends are `parseGlobPattern` (picomatch's dialect) and
 * `compileGitignore` (git's).
 */

/** A set of code points one character of a pattern accepts. */
export interface CharTest {
  /** Inclusive `[from, to]` code point pairs, flattened. */
  readonly ranges: readonly number[];
  /** Accept the code points outside `ranges` instead. */
  readonly negated: boolean;
  /** Whether `/` may match (a glob's `*`, `?` and classes never match it; `**` does). */
  readonly matchesSlash: boolean;
}

/** A parsed pattern: what the syntax front-ends produce and {@link compilePatternAutomaton} takes. */
export type PatternNode =
  | { readonly type: 'char'; readonly test: CharTest }
  | { readonly type: 'sequence'; readonly items: readonly PatternNode[] }
  | { readonly type: 'choice'; readonly options: readonly PatternNode[] }
  | { readonly type: 'repeat'; readonly item: PatternNode; readonly atLeastOnce: boolean }
  | { readonly type: 'optional'; readonly item: PatternNode };

const SLASH = 0x2f;

/** One literal code point. */
export function literal(codePoint: number): PatternNode {
  return { type: 'char', test: { ranges: [codePoint, codePoint], negated: false, matchesSlash: true } };
}

/** Any one character but `/` (a glob's `?`). */
export const ANY_BUT_SLASH: PatternNode = {
  type: 'char',
  test: { ranges: [], negated: true, matchesSlash: false },
};

/** Any one character, `/` included. */
export const ANY_CHAR: PatternNode = {
  type: 'char',
  test: { ranges: [], negated: true, matchesSlash: true },
};

function accepts(test: CharTest, codePoint: number): boolean {
  if (codePoint === SLASH && !test.matchesSlash) return false;
  let inside = false;
  for (let index = 0; index < test.ranges.length; index += 2) {
    if (codePoint >= test.ranges[index]! && codePoint <= test.ranges[index + 1]!) {
      inside = true;
      break;
    }
  }
  return inside !== test.negated;
}

/** Patterns compiled into one automaton; each pattern's index is its tag. */
export interface PatternAutomaton {
  /**
   * The highest index among the patterns that match all of `text`, or -1. Time
   * O(text length × automaton states), however the patterns are written.
   */
  highestMatch(text: string): number;
  /** NFA states: the size term of the time bound. */
  readonly stateCount: number;
}

// A DFA state: the set of NFA states the text so far can be in, with its cached transitions.
interface DfaState {
  readonly nfaStates: Int32Array;
  readonly best: number;
  readonly ascii: (DfaState | undefined)[];
  readonly other: Map<number, DfaState>;
}

// Cache limits per automaton: past them the cache starts over, so memory stays bounded and each
// character still costs at most one pass over the NFA (the linear bound holds either way).
const MAX_CACHED_STATES = 512;
const MAX_CACHED_SET_ENTRIES = 256 * 1024;

/**
 * Compiles patterns into one automaton: {@link PatternAutomaton.highestMatch} tells which
 * matched last in list order (git's "last matching rule wins") in one pass over the text.
 * @example compilePatternAutomaton([sequence]).highestMatch('src/a.ts') >= 0
 */
export function compilePatternAutomaton(patterns: readonly PatternNode[]): PatternAutomaton {
  // NFA states as parallel arrays. kind 0: consume one character passing tests[i] then go to
  // next[i]; kind 1: epsilon to each of jumps[i]; kind 2: accept with tag[i].
  const kinds: number[] = [];
  const tests: (CharTest | undefined)[] = [];
  const nexts: number[] = [];
  const jumps: number[][] = [];
  const tags: number[] = [];
  const add = (kind: number, test: CharTest | undefined, next: number, jump: number[], tag: number) => {
    kinds.push(kind);
    tests.push(test);
    nexts.push(next);
    jumps.push(jump);
    tags.push(tag);
    return kinds.length - 1;
  };
  // Builds `node` so that it continues to `next`; returns its entry state. Iterative over
  // sequences, recursive over nesting (the front-ends bound the depth).
  const build = (node: PatternNode, next: number): number => {
    switch (node.type) {
      case 'char':
        return add(0, node.test, next, [], -1);
      case 'sequence': {
        let entry = next;
        for (let index = node.items.length - 1; index >= 0; index--) entry = build(node.items[index]!, entry);
        return entry;
      }
      case 'choice':
        return add(
          1,
          undefined,
          -1,
          node.options.map((option) => build(option, next)),
          -1,
        );
      case 'optional':
        return add(1, undefined, -1, [build(node.item, next), next], -1);
      case 'repeat': {
        const loop = add(1, undefined, -1, [], -1);
        const body = build(node.item, loop);
        jumps[loop] = [body, next];
        return node.atLeastOnce ? body : loop;
      }
    }
  };
  const entries = patterns.map((pattern, index) => build(pattern, add(2, undefined, -1, [], index)));
  const start = add(1, undefined, -1, entries, -1);
  const stateCount = kinds.length;

  // Epsilon closure with a generation mark per state: each state is visited once per step.
  const marks = new Uint32Array(stateCount);
  let generation = 0;
  const stack: number[] = [];
  const closure = (seeds: Iterable<number>): { states: Int32Array; best: number } => {
    generation++;
    const found: number[] = [];
    let best = -1;
    for (const seed of seeds) stack.push(seed);
    while (stack.length > 0) {
      const state = stack.pop()!;
      if (marks[state] === generation) continue;
      marks[state] = generation;
      const kind = kinds[state];
      if (kind === 0) found.push(state);
      else if (kind === 2) best = Math.max(best, tags[state]!);
      else for (const target of jumps[state]!) stack.push(target);
    }
    found.sort((first, second) => first - second);
    return { states: Int32Array.from(found), best };
  };

  let cache = new Map<string, DfaState>();
  let cachedEntries = 0;
  let cacheGeneration = 0;
  const intern = ({ states, best }: { states: Int32Array; best: number }): DfaState => {
    const key = `${best}:${states.join(',')}`;
    let state = cache.get(key);
    if (state === undefined) {
      if (cache.size >= MAX_CACHED_STATES || cachedEntries + states.length > MAX_CACHED_SET_ENTRIES) {
        cache = new Map();
        cachedEntries = 0;
        cacheGeneration++;
      }
      state = { nfaStates: states, best, ascii: [], other: new Map() };
      cache.set(key, state);
      cachedEntries += states.length;
    }
    return state;
  };
  const startSet = closure([start]);
  let startState = intern(startSet);
  let startGeneration = cacheGeneration;
  const step = (from: DfaState, codePoint: number): DfaState => {
    const cached = codePoint < 128 ? from.ascii[codePoint] : from.other.get(codePoint);
    if (cached !== undefined) return cached;
    const seeds: number[] = [];
    for (const state of from.nfaStates) {
      if (accepts(tests[state]!, codePoint)) seeds.push(nexts[state]!);
    }
    const target = intern(closure(seeds));
    if (codePoint < 128) from.ascii[codePoint] = target;
    else from.other.set(codePoint, target);
    return target;
  };

  return {
    stateCount,
    highestMatch(text) {
      // The start state is re-interned when the cache was reset, so the old cache can be freed.
      if (startGeneration !== cacheGeneration) {
        startState = intern(startSet);
        startGeneration = cacheGeneration;
      }
      let current = startState;
      for (let index = 0; index < text.length; index++) {
        let codePoint = text.charCodeAt(index);
        if (codePoint >= 0xd800 && codePoint <= 0xdbff && index + 1 < text.length) {
          const low = text.charCodeAt(index + 1);
          if (low >= 0xdc00 && low <= 0xdfff) {
            codePoint = (codePoint - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
            index++;
          }
        }
        current = step(current, codePoint);
        // No state left to consume the rest: nothing can match.
        if (current.nfaStates.length === 0 && index + 1 < text.length) return -1;
      }
      return current.best;
    },
  };
}
