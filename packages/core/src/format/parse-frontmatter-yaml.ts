import {
  type Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Node,
  parseDocument,
  visit,
} from 'yaml';
import { findExcessiveNesting } from './find-excessive-nesting.js';
import { MAX_YAML_ALIAS_COUNT, MAX_YAML_DEPTH } from './limits.js';
import { parseSimpleFrontmatter } from './parse-simple-frontmatter.js';

/** A YAML problem with its UTF-16 offset inside the YAML text. */
export interface YamlProblem {
  readonly code: string;
  readonly message: string;
  readonly offset: number;
  readonly severity: 'error' | 'warning';
}

export interface ParsedFrontmatterYaml {
  /** The plain value (a mapping when all went well). */
  readonly value: unknown;
  readonly problems: readonly YamlProblem[];
  /** Offset of a field inside the YAML: the key for top-level fields, the value for nested ones. */
  locate(path: ReadonlyArray<string | number>): number | undefined;
  /** The source text of a scalar, so `version: 1.0` can be read as `"1.0"`. */
  scalarSource(path: ReadonlyArray<string | number>): string | undefined;
}

/**
 * Parses frontmatter YAML with a real YAML 1.2 parser that never executes code (SPEC S2). Duplicate
 * keys are errors; alias expansion is bounded; with `strict`, anchors, aliases, custom tags and flow
 * collections are errors too.
 */
export function parseFrontmatterYaml(
  yaml: string,
  { strict = false }: { strict?: boolean } = {},
): ParsedFrontmatterYaml {
  const simple = parseSimpleFrontmatter(yaml);
  if (simple) {
    return {
      value: simple.value,
      problems: [],
      locate: (path) => simple.offsets.get(path.join('.')),
      scalarSource: (path) => simple.sources.get(path.join('.')),
    };
  }
  const tooDeep = findExcessiveNesting(yaml, MAX_YAML_DEPTH);
  const depthProblem: YamlProblem | undefined =
    tooDeep === undefined
      ? undefined
      : {
          code: 'yaml_too_deep',
          message: `nesting deeper than ${MAX_YAML_DEPTH} levels`,
          offset: tooDeep,
          severity: 'error',
        };
  if (depthProblem)
    return {
      value: undefined,
      problems: [depthProblem],
      locate: () => undefined,
      scalarSource: () => undefined,
    };

  const document = withoutStackTraces(() =>
    parseDocument(yaml, {
      version: '1.2',
      schema: 'core',
      uniqueKeys: true,
      prettyErrors: false,
      strict: true,
      stringKeys: false,
    }),
  );
  const problems: YamlProblem[] = [];
  for (const error of document.errors) {
    problems.push({
      code:
        error.code === 'DUPLICATE_KEY'
          ? 'yaml_duplicate_key'
          : // `yaml` turns a stack overflow on deep nesting into this error.
            error.code === 'RESOURCE_EXHAUSTION'
            ? 'yaml_too_deep'
            : 'yaml_syntax',
      message: firstLine(error.message),
      offset: error.pos[0],
      severity: 'error',
    });
  }
  for (const warning of document.warnings) {
    problems.push({
      code: warning.code === 'TAG_RESOLVE_FAILED' ? 'yaml_unknown_tag' : 'yaml_warning',
      message: firstLine(warning.message),
      offset: warning.pos[0],
      severity: strict ? 'error' : 'warning',
    });
  }
  if (strict) problems.push(...findStrictViolations(document));
  const locate = (path: ReadonlyArray<string | number>) => locateInDocument(document, path);
  const scalarSource = (path: ReadonlyArray<string | number>) => {
    const node = document.getIn(path, true);
    return isScalar(node) && typeof node.source === 'string' ? node.source : undefined;
  };
  if (problems.some((problem) => problem.severity === 'error'))
    return { value: undefined, problems, locate, scalarSource };

  try {
    return { value: document.toJS({ maxAliasCount: MAX_YAML_ALIAS_COUNT }), problems, locate, scalarSource };
  } catch (error) {
    // `yaml` throws when aliases expand past the limit: the "billion laughs" guard.
    const message = error instanceof Error ? error.message : String(error);
    problems.push({ code: 'yaml_alias_limit', message, offset: 0, severity: 'error' });
    return { value: undefined, problems, locate, scalarSource };
  }
}

/**
 * Runs `parse` with no stack traces captured: every problem `yaml` finds is an `Error`, only its
 * code, message and offset become a diagnostic, and capturing the stack was a third of the time
 * of reading a broken frontmatter.
 */
function withoutStackTraces<T>(parse: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return parse();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function locateInDocument(
  document: Document.Parsed,
  path: ReadonlyArray<string | number>,
): number | undefined {
  const root = document.contents;
  if (path.length === 0 || !isMap(root)) return undefined;
  const pair = root.items.find(
    (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(path[0]),
  );
  const keyOffset = (pair?.key as Node | undefined)?.range?.[0];
  if (path.length === 1) return keyOffset;
  const node = document.getIn(path, true) as Node | undefined;
  return node?.range?.[0] ?? keyOffset;
}

function findStrictViolations(document: Document.Parsed): YamlProblem[] {
  const problems: YamlProblem[] = [];
  const offsetOf = (node: Node) => node.range?.[0] ?? 0;
  visit(document, {
    Alias(_key, node) {
      problems.push({
        code: 'yaml_alias_forbidden',
        message: `aliases (*${node.source}) are not allowed`,
        offset: offsetOf(node),
        severity: 'error',
      });
    },
    Node(_key, node) {
      if (isAlias(node)) return;
      if (node.anchor) {
        problems.push({
          code: 'yaml_anchor_forbidden',
          message: `anchors (&${node.anchor}) are not allowed`,
          offset: offsetOf(node),
          severity: 'error',
        });
      }
      // The parser sets `tag` only for tags written in the source.
      if (node.tag) {
        problems.push({
          code: 'yaml_tag_forbidden',
          message: `tags (${node.tag}) are not allowed`,
          offset: offsetOf(node),
          severity: 'error',
        });
      }
      if ((isMap(node) || isSeq(node)) && node.flow) {
        problems.push({
          code: 'yaml_flow_collection_forbidden',
          message: 'flow collections ({…} or […]) are not allowed; use block style',
          offset: offsetOf(node),
          severity: 'error',
        });
      }
    },
  });
  return problems;
}

function firstLine(message: string): string {
  const newline = message.indexOf('\n');
  return (newline === -1 ? message : message.slice(0, newline)).trim();
}
