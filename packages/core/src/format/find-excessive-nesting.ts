/**
 * Finds nesting deeper than `maxDepth` before any YAML parser recurses into it, and returns the
 * offset where it starts (or `undefined`). Counts flow brackets (`[[[[`, outside quoted scalars) and
 * compact block indicators on one line (`- - - x`, `? ? x`). Written by hand because the parsers
 * recurse per level: 10,000 levels cost them 100+ ms and a near stack overflow, where this scan
 * answers in about a millisecond. Block nesting by indentation cannot get that deep within the
 * 64 KiB frontmatter limit.
 */
export function findExcessiveNesting(yaml: string, maxDepth: number): number | undefined {
  let depth = 0;
  let quote: string | undefined;
  let lineStart = 0;
  for (let index = 0; index < yaml.length; index++) {
    const character = yaml[index];
    if (index === lineStart) {
      const compact = COMPACT_INDICATORS.exec(yaml.slice(index, index + 4 * maxDepth));
      if (compact && compact[0].replace(/\s+/g, '').length > maxDepth) return index;
    }
    if (character === '\n') {
      quote = undefined;
      lineStart = index + 1;
      continue;
    }
    if (quote) {
      if (character === quote) quote = undefined;
      else if (character === '\\' && quote === '"') index++;
      continue;
    }
    // A quote opens a quoted scalar only where a value starts; in `it's` it is just a letter.
    if ((character === '"' || character === "'") && startsValue(yaml, index)) quote = character;
    else if (character === '[' || character === '{') {
      depth++;
      if (depth > maxDepth) return index;
    } else if (character === ']' || character === '}') depth = Math.max(0, depth - 1);
  }
  return undefined;
}

const COMPACT_INDICATORS = /^(?:[ \t]*[-?:](?:[ \t]+|$))+/;

/** True when the character at `index` begins a value: at a line start or after `[{,:-?` and blanks. */
function startsValue(yaml: string, index: number): boolean {
  let before = index - 1;
  while (before >= 0 && (yaml[before] === ' ' || yaml[before] === '\t')) before--;
  return before < 0 || '\n[{,:-?'.includes(yaml[before]!);
}
