import { storableText, UNSTORABLE_TEXT } from './storable-text.js';

/** What is wrong with a piece of request text (SPEC SEC11). */
export type MalformedTextProblem = 'nul' | 'lone_surrogate' | 'not_utf8';

/** How a problem is said to people. */
export const MALFORMED_TEXT_MESSAGES: Readonly<Record<MalformedTextProblem, string>> = {
  nul: 'holds a NUL character',
  lone_surrogate: 'holds a lone UTF-16 surrogate (not text)',
  not_utf8: 'is not valid UTF-8',
};

/** The problem of `text` (NUL or a lone surrogate), or undefined when it is storable text. */
export function malformedTextProblem(text: string): MalformedTextProblem | undefined {
  UNSTORABLE_TEXT.lastIndex = 0;
  const found = UNSTORABLE_TEXT.exec(text);
  UNSTORABLE_TEXT.lastIndex = 0;
  if (found === null) return undefined;
  return found[0] === '\u0000' ? 'nul' : 'lone_surrogate';
}

/** The deepest nesting looked into; deeper values are the schema's business (no request nests so far). */
const MAX_DEPTH = 64;

/**
 * The first string or key of a parsed JSON `value` that is not storable text, with its field path
 * as the request schemas name it (`skills.1`, `config.name`; a key's own bad characters shown
 * escaped), or undefined. `matches` picks which strings count (default: NUL or a lone surrogate).
 */
export function findMalformedText(
  value: unknown,
  matches: (text: string) => MalformedTextProblem | undefined = malformedTextProblem,
  path: readonly string[] = [],
): { readonly field: string; readonly problem: MalformedTextProblem } | undefined {
  if (typeof value === 'string') {
    const problem = matches(value);
    return problem === undefined ? undefined : { field: path.join('.'), problem };
  }
  if (value === null || typeof value !== 'object' || path.length >= MAX_DEPTH) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const keyProblem = matches(key);
    const childPath = [...path, storableText(key)];
    if (keyProblem !== undefined) return { field: childPath.join('.'), problem: keyProblem };
    const found = findMalformedText(child, matches, childPath);
    if (found !== undefined) return found;
  }
  return undefined;
}
