import { decodeSkillText, utf8Length } from './decode-skill-text.js';
import type { Diagnostic } from './diagnostic.js';
import { MAX_FRONTMATTER_BYTES } from './limits.js';
import { parseFrontmatterYaml } from './parse-frontmatter-yaml.js';
import { splitFrontmatter } from './split-frontmatter.js';
import { LineIndex, type TextPosition } from './text-position.js';

/** A Markdown file's frontmatter mapping and body, with a way to position any field in the file. */
export interface FrontmatterReading {
  readonly frontmatter: Record<string, unknown>;
  readonly body: string;
  /** YAML warnings found so far (lenient reads only). */
  readonly diagnostics: readonly Diagnostic[];
  /** File, line and column of a field (the key for top-level fields); the fence when not found. */
  positionOf(path: ReadonlyArray<string | number>): { file?: string } & TextPosition;
  /** The source text of a scalar, so `version: 1.0` can be read as `"1.0"`. */
  scalarSource(path: ReadonlyArray<string | number>): string | undefined;
}

export type ReadFrontmatterResult =
  | { readonly ok: true; readonly reading: FrontmatterReading }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/**
 * The steps every Markdown artifact shares (SKILL.md, agent files, fork profiles): decode safely,
 * find the fences, bound the frontmatter size, parse the YAML, and require a mapping. Every refusal
 * is a diagnostic positioned in the file.
 */
export function readFrontmatter(
  input: string | Uint8Array,
  { file, kind, strict = false }: { file?: string; kind: string; strict?: boolean },
): ReadFrontmatterResult {
  const decoded = decodeSkillText(input, file);
  if (!decoded.ok) return { ok: false, diagnostics: decoded.diagnostics };
  const lines = new LineIndex(decoded.text);
  const at = (offset: number) => ({ ...(file === undefined ? {} : { file }), ...lines.positionAt(offset) });
  const refuse = (code: string, message: string, offset: number): ReadFrontmatterResult => ({
    ok: false,
    diagnostics: [{ code, severity: 'error', message, ...at(offset) }],
  });

  const split = splitFrontmatter(decoded.text);
  if (!split.ok) {
    return split.code === 'frontmatter_missing'
      ? refuse(
          split.code,
          `${kind} must start with a '---' line that opens the YAML frontmatter`,
          split.offset,
        )
      : refuse(
          split.code,
          "the frontmatter is not closed: add a line that is exactly '---' after it",
          split.offset,
        );
  }
  const { yaml, yamlOffset, body } = split.split;
  // A UTF-16 unit is at most 3 UTF-8 bytes, so only a long frontmatter needs counting.
  const yamlBytes = yaml.length * 3 > MAX_FRONTMATTER_BYTES ? utf8Length(yaml) : 0;
  if (yamlBytes > MAX_FRONTMATTER_BYTES) {
    return refuse(
      'frontmatter_too_large',
      `frontmatter is ${yamlBytes} bytes; at most ${MAX_FRONTMATTER_BYTES} bytes (64 KiB) are allowed`,
      yamlOffset,
    );
  }

  const parsed = parseFrontmatterYaml(yaml, { strict });
  const diagnostics: Diagnostic[] = parsed.problems.map((problem) => ({
    code: problem.code,
    severity: problem.severity,
    message: problem.message,
    ...at(yamlOffset + problem.offset),
  }));
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return { ok: false, diagnostics };
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    diagnostics.push({
      code: 'frontmatter_not_mapping',
      severity: 'error',
      message: 'the frontmatter must be a YAML mapping of fields (name: …, description: …)',
      ...at(yamlOffset),
    });
    return { ok: false, diagnostics };
  }
  return {
    ok: true,
    reading: {
      frontmatter: value as Record<string, unknown>,
      body,
      diagnostics,
      positionOf: (path) => {
        const offset = parsed.locate(path);
        return offset === undefined ? at(0) : at(yamlOffset + offset);
      },
      scalarSource: parsed.scalarSource,
    },
  };
}
