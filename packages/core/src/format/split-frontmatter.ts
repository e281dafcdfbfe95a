import { type Failure, failure } from '../result.js';

/** A SKILL.md (or agent file) cut into its frontmatter and body (SPEC S1). */
export interface FrontmatterSplit {
  /** The YAML between the fences, without the fences. */
  readonly yaml: string;
  /** UTF-16 offset of `yaml` inside the whole text, for mapping parser positions to the file. */
  readonly yamlOffset: number;
  /** Everything after the closing fence line. */
  readonly body: string;
  /** UTF-16 offset of the body inside the whole text. */
  readonly bodyOffset: number;
  /** `\r\n` when the opening fence line ends with CRLF, else `\n`. */
  readonly lineEnding: '\n' | '\r\n';
  readonly hasBom: boolean;
}

export type SplitFrontmatterResult =
  | { readonly ok: true; readonly split: FrontmatterSplit }
  | Failure<
      'frontmatter_missing' | 'frontmatter_unclosed',
      {
        /** UTF-16 offset in the text where the problem is. */
        readonly offset: number;
      }
    >;

const MISSING = "the file must start with a '---' line that opens the YAML frontmatter";
const UNCLOSED = "the frontmatter is not closed: add a line that is exactly '---' after it";

const FENCE_PATTERN = /^---$/;

/**
 * Finds the frontmatter: an opening `---` line at byte 0 (after an optional BOM) and the next line
 * that is exactly `---`. CRLF and LF are both accepted.
 */
export function splitFrontmatter(
  text: string,
  { allowBom = true }: { allowBom?: boolean } = {},
): SplitFrontmatterResult {
  const hasBom = text.charCodeAt(0) === 0xfeff;
  const start = hasBom && allowBom ? 1 : 0;
  const firstLineEnd = text.indexOf('\n', start);
  const firstLine = stripCarriageReturn(text.slice(start, firstLineEnd === -1 ? text.length : firstLineEnd));
  if (!FENCE_PATTERN.test(firstLine)) return failure('frontmatter_missing', MISSING, { offset: 0 });
  if (firstLineEnd === -1) return failure('frontmatter_unclosed', UNCLOSED, { offset: text.length });
  const lineEnding = text.charCodeAt(firstLineEnd - 1) === 13 ? '\r\n' : '\n';
  const yamlOffset = firstLineEnd + 1;

  let lineStart = yamlOffset;
  while (lineStart <= text.length) {
    const lineEnd = text.indexOf('\n', lineStart);
    const end = lineEnd === -1 ? text.length : lineEnd;
    if (FENCE_PATTERN.test(stripCarriageReturn(text.slice(lineStart, end)))) {
      const bodyOffset = lineEnd === -1 ? text.length : lineEnd + 1;
      return {
        ok: true,
        split: {
          yaml: text.slice(yamlOffset, lineStart),
          yamlOffset,
          body: text.slice(bodyOffset),
          bodyOffset,
          lineEnding,
          hasBom,
        },
      };
    }
    if (lineEnd === -1) break;
    lineStart = lineEnd + 1;
  }
  return failure('frontmatter_unclosed', UNCLOSED, { offset: text.length });
}

function stripCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
