/** Nesting deeper than this is reported as the error: settings files are shallow. */
const MAX_JSON_DEPTH = 512;

/**
 * The UTF-16 offset of the first syntax error in a JSON text, or `undefined` when it is valid.
 * Needed because V8's messages do not always carry a position (`Unexpected token ']'`).
 */
export function findJsonErrorOffset(text: string): number | undefined {
  let offset = 0;
  const skipWhitespace = () => {
    while (offset < text.length && ' \t\n\r'.includes(text[offset]!)) offset++;
  };
  const fail = (): never => {
    throw offset;
  };
  const expect = (literal: string) => {
    if (text.startsWith(literal, offset)) offset += literal.length;
    else fail();
  };
  const parseString = () => {
    offset++;
    while (offset < text.length) {
      const character = text[offset]!;
      if (character === '"') {
        offset++;
        return;
      }
      if (character < ' ') fail();
      if (character === '\\') {
        offset++;
        const escaped = text[offset];
        if (escaped === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(offset + 1, offset + 5))) fail();
          offset += 4;
        } else if (escaped === undefined || !'"\\/bfnrt'.includes(escaped)) fail();
      }
      offset++;
    }
    fail();
  };
  const parseNumber = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(offset, offset + 400));
    if (match === null) fail();
    offset += match![0].length;
  };
  const parseValue = (depth: number): void => {
    if (depth > MAX_JSON_DEPTH) fail();
    skipWhitespace();
    const character = text[offset];
    if (character === '{') parseContainer(depth, '}', true);
    else if (character === '[') parseContainer(depth, ']', false);
    else if (character === '"') parseString();
    else if (character === 't') expect('true');
    else if (character === 'f') expect('false');
    else if (character === 'n') expect('null');
    else if (character === '-' || (character !== undefined && character >= '0' && character <= '9'))
      parseNumber();
    else fail();
  };
  const parseContainer = (depth: number, close: string, object: boolean) => {
    offset++;
    skipWhitespace();
    if (text[offset] === close) {
      offset++;
      return;
    }
    for (;;) {
      if (object) {
        skipWhitespace();
        if (text[offset] !== '"') fail();
        parseString();
        skipWhitespace();
        expect(':');
      }
      parseValue(depth + 1);
      skipWhitespace();
      if (text[offset] === ',') {
        offset++;
        continue;
      }
      expect(close);
      return;
    }
  };
  try {
    parseValue(0);
    skipWhitespace();
    if (offset < text.length) fail();
    return undefined;
  } catch (error) {
    if (typeof error === 'number') return error;
    throw error;
  }
}
