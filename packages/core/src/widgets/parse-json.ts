/**
 * A strict JSON parser that says where it stopped: the same grammar as `JSON.parse` (RFC 8259),
 * but every syntax error carries its line and column (1-based), in the same words in every
 * browser. It also refuses what `JSON.parse` would silently settle — a repeated key (the last one
 * would win) and nesting deeper than {@link MAX_JSON_DEPTH} — and builds objects with own
 * properties only (a `"__proto__"` key stays a key, never a prototype).
 */
import { type Failure, failure } from '../result.js';

/** How deeply arrays and objects may nest in one widget (its deepest real trees are ~8). */
export const MAX_JSON_DEPTH = 64;

/** Where a text stops being JSON (beside the failure's `message`, which says why). */
export interface JsonSyntaxPosition {
  /** 1-based line of the offending character. */
  readonly line: number;
  /** 1-based column (in UTF-16 code units) of the offending character. */
  readonly column: number;
  /** 0-based offset of the offending character. */
  readonly offset: number;
}

/** The parsed value, or the `invalid_json` failure with where and why. */
export type JsonParseResult =
  | { readonly ok: true; readonly value: unknown }
  | Failure<'invalid_json', JsonSyntaxPosition>;

class StopParsing extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {
    super(reason);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The 1-based line and column of an offset in a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (
    let index = text.indexOf('\n');
    index !== -1 && index < offset;
    index = text.indexOf('\n', index + 1)
  ) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Parses one JSON text strictly.
 * @example parseJson('{"a": 1,}') // { ok: false, code: 'invalid_json', message: "expected a property name in double quotes, found '}'", line: 1, column: 9, offset: 8 }
 */
export function parseJson(text: string): JsonParseResult {
  let position = 0;

  const describe = (at: number) => (at >= text.length ? 'the end of the text' : `'${text[at]}'`);
  const fail = (reason: string, at = position): never => {
    throw new StopParsing(reason, at);
  };
  const skipWhitespace = () => {
    while (position < text.length && WHITESPACE.has(text[position]!)) position += 1;
  };
  const expect = (character: string, what: string) => {
    skipWhitespace();
    if (text[position] !== character) fail(`expected ${what}, found ${describe(position)}`);
    position += 1;
  };

  const parseString = (): string => {
    const start = position;
    position += 1; // the opening quote
    let result = '';
    let runStart = position;
    while (position < text.length) {
      const character = text[position]!;
      if (character === '"') {
        result += text.slice(runStart, position);
        position += 1;
        return result;
      }
      if (character === '\\') {
        result += text.slice(runStart, position);
        const escaped = text[position + 1];
        if (escaped === 'u') {
          const hex = text.slice(position + 2, position + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('expected four hexadecimal digits after \\u', position);
          result += String.fromCharCode(Number.parseInt(hex, 16));
          position += 6;
        } else if (escaped !== undefined && escaped in ESCAPES) {
          result += ESCAPES[escaped];
          position += 2;
        } else {
          fail(`invalid escape ${escaped === undefined ? '\\' : `\\${escaped}`} in a string`, position);
        }
        runStart = position;
        continue;
      }
      if (character < ' ') fail('a control character (such as a line break) inside a string', position);
      position += 1;
    }
    return fail('a string is not closed with "', start);
  };

  const parseValue = (depth: number): unknown => {
    skipWhitespace();
    const character = text[position];
    if (character === '{' || character === '[') {
      if (depth >= MAX_JSON_DEPTH) fail(`nested more than ${MAX_JSON_DEPTH} levels deep`);
      return character === '{' ? parseObject(depth + 1) : parseArray(depth + 1);
    }
    if (character === '"') return parseString();
    if (character === '-' || (character !== undefined && character >= '0' && character <= '9')) {
      NUMBER.lastIndex = position;
      const match = NUMBER.exec(text);
      if (match === null) return fail(`expected a number, found ${describe(position)}`);
      position += match[0].length;
      return Number(match[0]);
    }
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, position)) {
        position += word.length;
        return value;
      }
    }
    if (character === "'") return fail('strings use double quotes, not single quotes');
    return fail(`expected a value, found ${describe(position)}`);
  };

  const parseObject = (depth: number): Record<string, unknown> => {
    position += 1; // {
    const result: Record<string, unknown> = {};
    skipWhitespace();
    if (text[position] === '}') {
      position += 1;
      return result;
    }
    for (;;) {
      skipWhitespace();
      if (text[position] !== '"')
        fail(`expected a property name in double quotes, found ${describe(position)}`);
      const keyAt = position;
      const key = parseString();
      if (Object.hasOwn(result, key)) fail(`the property "${key}" appears twice`, keyAt);
      expect(':', "':' after a property name");
      Object.defineProperty(result, key, {
        value: parseValue(depth),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      skipWhitespace();
      if (text[position] === ',') {
        position += 1;
        continue;
      }
      if (text[position] === '}') {
        position += 1;
        return result;
      }
      fail(`expected ',' or '}' after a property, found ${describe(position)}`);
    }
  };

  const parseArray = (depth: number): unknown[] => {
    position += 1; // [
    const result: unknown[] = [];
    skipWhitespace();
    if (text[position] === ']') {
      position += 1;
      return result;
    }
    for (;;) {
      result.push(parseValue(depth));
      skipWhitespace();
      if (text[position] === ',') {
        position += 1;
        continue;
      }
      if (text[position] === ']') {
        position += 1;
        return result;
      }
      fail(`expected ',' or ']' after an item, found ${describe(position)}`);
    }
  };

  try {
    const value = parseValue(0);
    skipWhitespace();
    if (position < text.length) fail(`unexpected ${describe(position)} after the JSON value`);
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof StopParsing)) throw error;
    return failure('invalid_json', error.reason, {
      offset: error.offset,
      ...lineAndColumn(text, error.offset),
    });
  }
}
