/**
 * A fast reader for the plain frontmatter almost every SKILL.md has: `key: value` lines, quoted
 * strings without escapes, one level of `key: value` maps and `- item` lists. Anything else returns
 * `undefined` and the full YAML parser takes over. Written by hand because discovery parses thousands
 * of files and the general parser costs ~40 µs each; this subset reads identically under YAML 1.2's
 * core schema (values that would resolve to null, booleans or numbers are handed back too).
 */
export interface SimpleFrontmatter {
  readonly value: Record<string, unknown>;
  /** UTF-16 offsets of keys (top level) and values (nested), keyed by the joined field path. */
  readonly offsets: ReadonlyMap<string, number>;
  /** Scalars' source text by joined field path. */
  readonly sources: ReadonlyMap<string, string>;
}

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;
const NESTED_KEY = /^ {2}([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;
const LIST_ITEM = /^(?: {2})?- +(.*)$/;
const NON_STRING =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const UNSAFE_START = /^[-?:,[\]{}#&*!|>'"%@`\s]/;

/** The plain string a scalar token spells, or `undefined` when only the full parser may judge it. */
function readScalar(token: string): string | undefined {
  if (token.length >= 2 && token.startsWith('"') && token.endsWith('"')) {
    const inner = token.slice(1, -1);
    return /["\\]/.test(inner) ? undefined : inner;
  }
  if (token.length >= 2 && token.startsWith("'") && token.endsWith("'")) {
    const inner = token.slice(1, -1);
    return inner.includes("'") ? undefined : inner;
  }
  const value = token.trimEnd();
  if (value === '' || UNSAFE_START.test(value) || NON_STRING.test(value)) return undefined;
  if (value.includes(': ') || value.includes(' #') || value.endsWith(':') || value.includes('\t'))
    return undefined;
  return value;
}

/** Reads the subset, or returns `undefined` so the caller uses the full YAML parser. */
export function parseSimpleFrontmatter(yaml: string): SimpleFrontmatter | undefined {
  if (yaml.includes('#') || yaml.includes('\t')) return undefined;
  const value: Record<string, unknown> = {};
  const offsets = new Map<string, number>();
  const sources = new Map<string, string>();
  let container:
    | {
        key: string;
        kind: 'unknown' | 'map' | 'list';
        map?: Record<string, string>;
        list?: string[];
        itemIndent?: number;
      }
    | undefined;
  let offset = 0;
  for (const rawLine of yaml.split('\n')) {
    const lineOffset = offset;
    offset += rawLine.length + 1;
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line.trim() === '') continue;

    if (container && line.startsWith(' ')) {
      const nested = NESTED_KEY.exec(line);
      if (nested && container.kind !== 'list') {
        const [, key, token] = nested as unknown as [string, string, string | undefined];
        const scalar = token === undefined ? undefined : readScalar(token);
        if (
          scalar === undefined ||
          key === '__proto__' ||
          NON_STRING.test(key) ||
          (container.map && Object.hasOwn(container.map, key))
        )
          return undefined;
        container.kind = 'map';
        container.map ??= {};
        container.map[key] = scalar;
        const path = `${container.key}.${key}`;
        offsets.set(path, lineOffset + line.length - token!.length);
        sources.set(path, token!.trimEnd());
        continue;
      }
    }
    const item = LIST_ITEM.exec(line);
    if (container && item && container.kind !== 'map') {
      const scalar = readScalar(item[1]!);
      // Items of one list share one indent: `- a` then `  - b` is a plain scalar running on, not two items.
      const indent = line.length - line.trimStart().length;
      if (scalar === undefined || (container.itemIndent ?? indent) !== indent) return undefined;
      container.itemIndent = indent;
      container.kind = 'list';
      container.list ??= [];
      const path = `${container.key}.${container.list.length}`;
      offsets.set(path, lineOffset + line.length - item[1]!.length);
      container.list.push(scalar);
      continue;
    }
    if (line.startsWith(' ')) return undefined;

    const match = KEY.exec(line);
    if (!match) return undefined;
    const [, key, token] = match as unknown as [string, string, string | undefined];
    // `__proto__`, duplicates and keys YAML reads as null or booleans (`null:` is the key '') go to
    // the full parser, which reports or handles them.
    if (offsets.has(key) || key === '__proto__' || NON_STRING.test(key)) return undefined;
    closeContainer(value, container);
    container = undefined;
    offsets.set(key, lineOffset);
    if (token === undefined || token.trim() === '') {
      container = { key, kind: 'unknown' };
      continue;
    }
    const scalar = readScalar(token);
    if (scalar === undefined) return undefined;
    value[key] = scalar;
    sources.set(key, token.trimEnd());
  }
  closeContainer(value, container);
  // An empty frontmatter is YAML null, not an empty mapping.
  if (offsets.size === 0) return undefined;
  return { value, offsets, sources };
}

function closeContainer(
  value: Record<string, unknown>,
  container: { key: string; kind: string; map?: Record<string, string>; list?: string[] } | undefined,
) {
  if (!container) return;
  value[container.key] =
    container.kind === 'map' ? container.map : container.kind === 'list' ? container.list : null;
}
