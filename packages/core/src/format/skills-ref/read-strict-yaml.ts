import { isMap, isScalar, isSeq, type Node, Parser, parseDocument } from 'yaml';
import type { Failure } from '../../result.js';
import { findExcessiveNesting } from '../find-excessive-nesting.js';
import { type DisallowedYamlToken, findDisallowedYamlToken } from './find-disallowed-yaml-token.js';
import { formatMarkedYamlError } from './format-marked-yaml-error.js';
import { SKILLS_REF_MAX_FRONTMATTER_BYTES, SKILLS_REF_MAX_NESTING_DEPTH } from './limits.js';
import { pythonStringRepr } from './python-repr.js';
import type { StrictYamlMapping, StrictYamlValue } from './strict-yaml-value.js';

/** Where a top-level key and its value start in the YAML text (UTF-16 offsets). */
export interface StrictYamlKeyPosition {
  readonly key: number;
  readonly value: number;
}

/** The outcome of {@link readStrictYaml}. */
export type ReadStrictYamlResult =
  | {
      readonly ok: true;
      readonly value: StrictYamlValue;
      /** Positions of the top-level keys when the document is a mapping. */
      readonly positions: ReadonlyMap<string, StrictYamlKeyPosition>;
    }
  | Failure<
      'yaml_invalid',
      {
        // `message` is what strictyaml's exception would say, multi-line (`str(error)`).
        readonly offset: number;
        /**
         * Set when the reference does not report a YAML error but crashes: the last line of its
         * traceback. Non-printable characters make ruamel raise a `ReaderError` that strictyaml's own
         * error handler then trips over.
         */
        readonly crash?: string;
      }
    >;

/** Characters ruamel's reader refuses (`Reader.NON_PRINTABLE`). */
const NON_PRINTABLE = /[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

const DISALLOWED_PROBLEMS: Readonly<Record<Exclude<DisallowedYamlToken['kind'], 'alias' | 'depth'>, string>> =
  {
    tag: 'Found disallowed tag tokens (do not specify types in markup)',
    anchor: "Found confusing disallowed anchor token (surround with ' and ' to make text appear literally)",
    flow: "Found ugly disallowed JSONesque flow mapping (surround with ' and ' to make text appear literally)",
  };

class StrictYamlError extends Error {
  constructor(
    readonly detail: string,
    readonly offset: number,
  ) {
    super(detail);
  }
}

function describeDisallowed(source: string, token: DisallowedYamlToken): string {
  const end = token.offset + token.source.length;
  switch (token.kind) {
    case 'tag':
      return formatMarkedYamlError(
        source,
        { text: 'While scanning', offset: end },
        { text: DISALLOWED_PROBLEMS.tag, offset: token.offset },
      );
    case 'anchor':
    case 'flow':
      return formatMarkedYamlError(
        source,
        { text: 'While scanning', offset: token.offset },
        { text: DISALLOWED_PROBLEMS[token.kind], offset: token.kind === 'flow' ? token.offset + 1 : end },
      );
    case 'alias':
      return formatMarkedYamlError(source, undefined, {
        text: `found undefined alias ${pythonStringRepr(token.source.slice(1))}`,
        offset: token.offset,
      });
    case 'depth':
      return formatMarkedYamlError(source, undefined, {
        text: `found nesting deeper than ${SKILLS_REF_MAX_NESTING_DEPTH} levels`,
        offset: token.offset,
      });
  }
}

function columnOf(source: string, offset: number): number {
  return offset - (source.lastIndexOf('\n', offset - 1) + 1);
}

function toValue(source: string, node: unknown): StrictYamlValue {
  if (node === null || node === undefined) return '';
  if (isScalar(node)) return node.value === null || node.value === undefined ? '' : String(node.value);
  if (isSeq(node)) return node.items.map((item) => toValue(source, item));
  if (isMap(node))
    return toMapping(source, node.items as ReadonlyArray<{ key: unknown; value: unknown }>, node as Node);
  throw new StrictYamlError(formatMarkedYamlError(source, undefined, { text: 'found unsupported node' }), 0);
}

/** Builds one mapping: values first, then the duplicate check, then strictyaml's indentation rule. */
function toMapping(
  source: string,
  pairs: ReadonlyArray<{ key: unknown; value: unknown }>,
  node: Node,
): StrictYamlMapping {
  const mapping = new Map<string, StrictYamlValue>();
  const start = node.range?.[0] ?? 0;
  for (const pair of pairs) {
    const keyNode = pair.key;
    if (keyNode !== null && keyNode !== undefined && !isScalar(keyNode)) {
      const keyStart = (keyNode as Node).range?.[0] ?? start;
      throw new StrictYamlError(
        formatMarkedYamlError(
          source,
          { text: 'while constructing a mapping', offset: start },
          { text: 'found unhashable key', offset: keyStart },
        ),
        keyStart,
      );
    }
    const key = toValue(source, keyNode) as string;
    const value = toValue(source, pair.value);
    if (mapping.has(key)) {
      const [keyStart, keyEnd] = isScalar(keyNode) && keyNode.range ? keyNode.range : [start, start];
      throw new StrictYamlError(
        formatMarkedYamlError(
          source,
          { text: 'While parsing', offset: keyStart },
          { text: `Duplicate key '${key}' found`, offset: keyEnd },
        ),
        keyStart,
      );
    }
    mapping.set(key, value);
  }
  let previousColumn: number | undefined;
  for (const pair of pairs) {
    if (!isMap(pair.value)) continue;
    const [valueStart, valueEnd] = pair.value.range ?? [start, start];
    const column = columnOf(source, valueStart);
    previousColumn ??= column;
    if (column !== previousColumn) {
      throw new StrictYamlError(
        formatMarkedYamlError(
          source,
          { text: 'While parsing', offset: valueStart },
          { text: 'Found mapping with indentation inconsistent with previous mapping', offset: valueEnd },
        ),
        valueStart,
      );
    }
  }
  return mapping;
}

/**
 * Reads YAML the way the reference's `strictyaml.load()` does: every scalar is a string (`123`,
 * `true`, `~` and `1.0` stay as written; an empty value is `""`); tags, anchors, aliases, flow
 * collections, duplicate keys and inconsistently indented sibling mappings are errors; a document
 * that is not a mapping or sequence comes back as the raw text (strictyaml's behaviour).
 * Bounded: text over {@link SKILLS_REF_MAX_FRONTMATTER_BYTES} and nesting over
 * {@link SKILLS_REF_MAX_NESTING_DEPTH} are refused before any tree is built.
 * @example readStrictYaml('name: 123\n') // { ok: true, value: Map { 'name' => '123' }, ... }
 */
export function readStrictYaml(source: string): ReadStrictYamlResult {
  const size = Buffer.byteLength(source, 'utf8');
  if (size > SKILLS_REF_MAX_FRONTMATTER_BYTES) {
    const detail = `frontmatter is ${size} bytes, more than the ${SKILLS_REF_MAX_FRONTMATTER_BYTES} bytes allowed`;
    return { ok: false, code: 'yaml_invalid', message: detail, offset: 0 };
  }
  const unprintable = NON_PRINTABLE.exec(source);
  if (unprintable !== null) {
    const character = unprintable[0].codePointAt(0) ?? 0;
    const position = Array.from(source.slice(0, unprintable.index)).length;
    const detail = `unacceptable character #x${character.toString(16).padStart(4, '0')}: special characters are not allowed\n  in "<unicode string>", position ${position}`;
    return {
      ok: false,
      code: 'yaml_invalid',
      message: detail,
      offset: unprintable.index,
      crash: "AttributeError: 'ReaderError' object has no attribute 'context_mark'",
    };
  }
  // Refused before the CST parser recurses into it (see findExcessiveNesting).
  const tooDeep = findExcessiveNesting(source, SKILLS_REF_MAX_NESTING_DEPTH);
  if (tooDeep !== undefined) {
    const token: DisallowedYamlToken = { kind: 'depth', offset: tooDeep, source: '' };
    return { ok: false, code: 'yaml_invalid', message: describeDisallowed(source, token), offset: tooDeep };
  }
  const disallowed = findDisallowedYamlToken(new Parser().parse(source));
  if (disallowed?.kind === 'depth')
    return {
      ok: false,
      code: 'yaml_invalid',
      message: describeDisallowed(source, disallowed),
      offset: disallowed.offset,
    };
  const document = parseDocument(source, {
    schema: 'failsafe',
    uniqueKeys: false,
    prettyErrors: false,
    version: '1.2',
  });
  const firstError = document.errors.reduce<(typeof document.errors)[number] | undefined>(
    (earliest, error) => (earliest === undefined || error.pos[0] < earliest.pos[0] ? error : earliest),
    undefined,
  );
  if (disallowed !== undefined && (firstError === undefined || disallowed.offset <= firstError.pos[0])) {
    return {
      ok: false,
      code: 'yaml_invalid',
      message: describeDisallowed(source, disallowed),
      offset: disallowed.offset,
    };
  }
  if (firstError !== undefined) {
    const problem = (firstError.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    return {
      ok: false,
      code: 'yaml_invalid',
      message: formatMarkedYamlError(source, undefined, { text: problem, offset: firstError.pos[0] }),
      offset: firstError.pos[0],
    };
  }
  const contents = document.contents;
  if (!isMap(contents) && !isSeq(contents)) return { ok: true, value: source, positions: new Map() };
  try {
    const value = toValue(source, contents);
    const positions = new Map<string, StrictYamlKeyPosition>();
    if (isMap(contents)) {
      for (const pair of contents.items) {
        const keyStart = isScalar(pair.key) && pair.key.range ? pair.key.range[0] : 0;
        const valueStart = (pair.value as Node | null)?.range?.[0] ?? keyStart;
        positions.set(toValue(source, pair.key) as string, { key: keyStart, value: valueStart });
      }
    }
    return { ok: true, value, positions };
  } catch (error) {
    if (error instanceof StrictYamlError)
      return { ok: false, code: 'yaml_invalid', message: error.detail, offset: error.offset };
    throw error;
  }
}
