import { SKILLS_REF_MAX_NESTING_DEPTH } from './limits.js';

/** A construct strictyaml refuses, found in the concrete syntax tree before anything is built. */
export interface DisallowedYamlToken {
  readonly kind: 'tag' | 'anchor' | 'alias' | 'flow' | 'depth';
  /** UTF-16 offset of the token in the YAML text. */
  readonly offset: number;
  /** The token as written (`!!str`, `&name`, `*name`, `[`, `{`). */
  readonly source: string;
}

interface PendingNode {
  readonly value: unknown;
  readonly depth: number;
}

const NESTING_TYPES = new Set(['block-map', 'block-seq', 'flow-collection']);

function classify(token: Record<string, unknown>): DisallowedYamlToken['kind'] | undefined {
  switch (token.type) {
    case 'tag':
      return 'tag';
    case 'anchor':
      return 'anchor';
    case 'alias':
      return 'alias';
    case 'flow-collection':
    case 'flow-map-start':
    case 'flow-seq-start':
      return 'flow';
    default:
      return undefined;
  }
}

function sourceOf(token: Record<string, unknown>): string {
  if (typeof token.source === 'string') return token.source;
  const start = token.start as { source?: unknown } | undefined;
  return typeof start?.source === 'string' ? start.source : '';
}

/**
 * Walks tokens from `yaml`'s CST `Parser` without recursion and returns the earliest construct
 * strictyaml disallows (tags, anchors, aliases, flow collections) or nesting past
 * {@link SKILLS_REF_MAX_NESTING_DEPTH}. Running before composition means an alias bomb is never
 * expanded and a 10,000-deep nesting never reaches a recursive builder.
 */
export function findDisallowedYamlToken(tokens: Iterable<unknown>): DisallowedYamlToken | undefined {
  let earliest: DisallowedYamlToken | undefined;
  const note = (finding: DisallowedYamlToken): void => {
    if (earliest === undefined || finding.offset < earliest.offset) earliest = finding;
  };
  const stack: PendingNode[] = [];
  for (const token of tokens) stack.push({ value: token, depth: 0 });
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as PendingNode;
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth });
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const token = value as Record<string, unknown>;
    const offset = typeof token.offset === 'number' ? token.offset : 0;
    const kind = classify(token);
    if (kind !== undefined) note({ kind, offset, source: sourceOf(token) });
    let childDepth = depth;
    if (typeof token.type === 'string' && NESTING_TYPES.has(token.type)) {
      childDepth = depth + 1;
      if (childDepth > SKILLS_REF_MAX_NESTING_DEPTH) {
        note({ kind: 'depth', offset, source: '' });
        continue;
      }
    }
    for (const key of ['start', 'key', 'sep', 'value', 'items', 'end', 'props']) {
      if (key in token) stack.push({ value: token[key], depth: childDepth });
    }
  }
  return earliest;
}
