import { isStrictYamlMapping, type StrictYamlValue } from './strict-yaml-value.js';

/** Code points Python's `str.isprintable()` rejects: controls, format, surrogates, private use, unassigned, separators but space. */
const NON_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

function hex(codePoint: number, width: number): string {
  return codePoint.toString(16).padStart(width, '0');
}

/**
 * Python's `repr()` of a string: single quotes unless the text holds `'` and no `"`; backslash
 * escapes for the quote, `\\`, `\t`, `\n`, `\r` and every non-printable code point.
 * @example pythonStringRepr("it's") // "\"it's\""
 */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (character === quote || character === '\\') body += `\\${character}`;
    else if (character === '\t') body += '\\t';
    else if (character === '\n') body += '\\n';
    else if (character === '\r') body += '\\r';
    else if (character !== ' ' && NON_PRINTABLE.test(character)) {
      if (codePoint < 0x100) body += `\\x${hex(codePoint, 2)}`;
      else if (codePoint < 0x10000) body += `\\u${hex(codePoint, 4)}`;
      else body += `\\U${hex(codePoint, 8)}`;
    } else body += character;
  }
  return `${quote}${body}${quote}`;
}

/**
 * Python's `str()` of a value read by strictyaml: strings unchanged, lists and dicts as their
 * `repr()` (`['a', 'b']`, `{'k': 'v'}`). The reference applies it to every `metadata` value.
 * @example pythonStr(new Map([['k', 'v']])) // "{'k': 'v'}"
 */
export function pythonStr(value: StrictYamlValue): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}

/** Python's `repr()` of a strictyaml value. */
export function pythonRepr(value: StrictYamlValue): string {
  if (typeof value === 'string') return pythonStringRepr(value);
  if (isStrictYamlMapping(value)) {
    const entries = Array.from(value, ([key, item]) => `${pythonStringRepr(key)}: ${pythonRepr(item)}`);
    return `{${entries.join(', ')}}`;
  }
  return `[${value.map((item) => pythonRepr(item)).join(', ')}]`;
}
