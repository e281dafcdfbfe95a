import { isStrictYamlMapping, type StrictYamlValue } from './strict-yaml-value.js';

/**
 * A JSON string literal as Python's `json.dumps` writes it with `ensure_ascii=True`: everything
 * outside printable ASCII is `\uXXXX` (lowercase hex, astral characters as surrogate pairs), DEL
 * included, which `JSON.stringify` leaves raw.
 */
function pythonJsonString(text: string): string {
  return JSON.stringify(text).replace(
    /[^\x20-\x7e]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function dump(value: StrictYamlValue, indent: string, level: number): string {
  if (typeof value === 'string') return pythonJsonString(value);
  const inner = indent.repeat(level + 1);
  const outer = indent.repeat(level);
  if (isStrictYamlMapping(value)) {
    if (value.size === 0) return '{}';
    const entries = Array.from(
      value,
      ([key, item]) => `${inner}${pythonJsonString(key)}: ${dump(item, indent, level + 1)}`,
    );
    return `{\n${entries.join(',\n')}\n${outer}}`;
  }
  if (value.length === 0) return '[]';
  const items = value.map((item) => `${inner}${dump(item, indent, level + 1)}`);
  return `[\n${items.join(',\n')}\n${outer}]`;
}

/**
 * `json.dumps(value, indent=2)` from Python: key order kept, `": "` and `","` separators, ASCII only.
 * @example pythonJsonDumps(new Map([['name', 'café']])) // '{\n  "name": "caf\\u00e9"\n}'
 */
export function pythonJsonDumps(value: StrictYamlValue, indentWidth = 2): string {
  return dump(value, ' '.repeat(indentWidth), 0);
}
