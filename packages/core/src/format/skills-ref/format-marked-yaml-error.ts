/** The name strictyaml gives the text it reads when no label is passed. */
const SOURCE_LABEL = '<unicode string>';
const LINE_BREAKS = new Set(['\0', '\r', '\n', '\x85', '\u2028', '\u2029']);

/** A place in the YAML text, as a UTF-16 offset. */
export interface YamlMarkedPart {
  readonly text: string;
  readonly offset?: number;
}

/**
 * `  in "<unicode string>", line L, column C:` plus the caret snippet, as ruamel's `Mark.__str__`
 * prints it (lines and columns count code points, from 1; the snippet keeps 75 columns at most).
 */
function formatMark(characters: readonly string[], pointer: number): string {
  let line = 0;
  let lineStart = 0;
  for (let index = 0; index < pointer && index < characters.length; index += 1) {
    if (
      characters[index] === '\n' ||
      characters[index] === '\x85' ||
      characters[index] === '\u2028' ||
      characters[index] === '\u2029'
    ) {
      line += 1;
      lineStart = index + 1;
    }
  }
  const maxLength = 75;
  let head = '';
  let start = pointer;
  while (start > 0 && !LINE_BREAKS.has(characters[start - 1] ?? '')) {
    start -= 1;
    if (pointer - start > maxLength / 2 - 1) {
      head = ' ... ';
      start += 5;
      break;
    }
  }
  let tail = '';
  let end = pointer;
  while (end < characters.length && !LINE_BREAKS.has(characters[end] ?? '')) {
    end += 1;
    if (end - pointer > maxLength / 2 - 1) {
      tail = ' ... ';
      end -= 5;
      break;
    }
  }
  const indent = 4;
  const snippet = characters.slice(start, end).join('');
  const caret = `${' '.repeat(indent + pointer - start + head.length)}^ (line: ${line + 1})`;
  const where = `  in "${SOURCE_LABEL}", line ${line + 1}, column ${pointer - lineStart + 1}`;
  return `${where}:\n${' '.repeat(indent)}${head}${snippet}${tail}\n${caret}`;
}

/** Converts a UTF-16 offset into a code-point index. */
function codePointIndex(source: string, offset: number): number {
  return Array.from(source.slice(0, Math.max(0, offset))).length;
}

/**
 * Formats an error the way ruamel's `MarkedYAMLError` (and so strictyaml) prints it: context,
 * context mark (skipped when it equals the problem mark), problem, problem mark.
 * @example formatMarkedYamlError('a: !!str b', { text: 'While scanning', offset: 8 }, { text: 'Found disallowed tag tokens (do not specify types in markup)', offset: 3 })
 */
export function formatMarkedYamlError(
  source: string,
  context: YamlMarkedPart | undefined,
  problem: YamlMarkedPart,
): string {
  const characters = Array.from(source);
  const lines: string[] = [];
  const contextPointer = context?.offset === undefined ? undefined : codePointIndex(source, context.offset);
  const problemPointer = problem.offset === undefined ? undefined : codePointIndex(source, problem.offset);
  if (context !== undefined) lines.push(context.text);
  if (contextPointer !== undefined && contextPointer !== problemPointer)
    lines.push(formatMark(characters, contextPointer));
  lines.push(problem.text);
  if (problemPointer !== undefined) lines.push(formatMark(characters, problemPointer));
  return lines.join('\n');
}
