/**
 * Text PostgreSQL cannot store: NUL (in `text` and in `jsonb`), and UTF-16 surrogates that are not
 * part of a pair (they have no UTF-8 form; `jsonb` refuses their escapes).
 */
export const UNSTORABLE_TEXT =
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

// The same characters as JSON.stringify writes them: `\u0000`, and a lone surrogate as `\udXXX`
// (a paired one is written as itself). Only an escape, not an escaped backslash before `u`.
const UNSTORABLE_JSON_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(0000|d[89a-f][0-9a-f]{2})/gi;

/**
 * `text` with every unstorable character (see {@link UNSTORABLE_TEXT}) written as its visible escape,
 * `\u0000` or `\ud800` (SPEC SEC11: model and tool output is stored escaped, and the run goes on).
 * Everything else, `\t` and `\n` included, is kept.
 * @example storableText('a\u0000b') // 'a\\u0000b'
 */
export function storableText(text: string): string {
  return text.replace(
    UNSTORABLE_TEXT,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * `JSON.stringify(value)` for a `jsonb` column, with every unstorable character in its strings and
 * keys escaped as {@link storableText} does (the stored string holds the six characters `\u0000`).
 * One pass over the JSON text: no walk of the value.
 */
export function storableJsonText(value: unknown): string {
  return JSON.stringify(value).replace(UNSTORABLE_JSON_ESCAPE, '$1\\\\u$2');
}

/** A copy of `value` whose strings and keys are storable (see {@link storableJsonText}), for drizzle's `jsonb` columns. */
export function storableJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(storableJsonText(value)) as T);
}
