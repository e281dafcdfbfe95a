import type { z } from 'zod';
import { decodeSkillText } from './decode-skill-text.js';
import type { Diagnostic } from './diagnostic.js';
import { MAX_FRONTMATTER_BYTES } from './limits.js';
import { parseFrontmatterYaml } from './parse-frontmatter-yaml.js';
import { splitFrontmatter } from './split-frontmatter.js';
import { LineIndex } from './text-position.js';

export type ParseArtifactResult<T> =
  | {
      readonly ok: true;
      readonly value: T;
      readonly body: string;
      readonly diagnostics: readonly Diagnostic[];
    }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/**
 * Reads a Markdown file with YAML frontmatter (an agent or fork-profile file) and checks the
 * frontmatter against a zod schema. Every zod issue becomes a positioned diagnostic whose code is
 * the issue's `params.code` when the schema set one.
 */
export function parseMarkdownArtifact<Schema extends z.ZodType>(
  input: string | Uint8Array,
  schema: Schema,
  { file, kind }: { file?: string; kind: string },
): ParseArtifactResult<z.output<Schema>> {
  const decoded = decodeSkillText(input, file);
  if (!decoded.ok) return { ok: false, diagnostics: decoded.diagnostics };
  const lines = new LineIndex(decoded.text);
  const at = (offset: number) => ({ ...(file === undefined ? {} : { file }), ...lines.positionAt(offset) });
  const split = splitFrontmatter(decoded.text);
  if (!split.ok) {
    const message =
      split.code === 'frontmatter_missing'
        ? `${kind} must start with a '---' frontmatter line`
        : "the frontmatter is not closed by a '---' line";
    return {
      ok: false,
      diagnostics: [{ code: split.code, severity: 'error', message, ...at(split.offset) }],
    };
  }
  const { yaml, yamlOffset, body } = split.split;
  if (Buffer.byteLength(yaml) > MAX_FRONTMATTER_BYTES) {
    return {
      ok: false,
      diagnostics: [
        {
          code: 'frontmatter_too_large',
          severity: 'error',
          message: 'frontmatter is larger than 64 KiB',
          ...at(yamlOffset),
        },
      ],
    };
  }
  const parsed = parseFrontmatterYaml(yaml);
  const diagnostics: Diagnostic[] = parsed.problems.map((problem) => ({
    code: problem.code,
    severity: problem.severity,
    message: problem.message,
    ...at(yamlOffset + problem.offset),
  }));
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return { ok: false, diagnostics };
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    diagnostics.push({
      code: 'frontmatter_not_mapping',
      severity: 'error',
      message: 'the frontmatter must be a YAML mapping',
      ...at(yamlOffset),
    });
    return { ok: false, diagnostics };
  }
  const result = schema.safeParse(parsed.value);
  if (result.success) return { ok: true, value: result.data, body, diagnostics };
  for (const issue of result.error.issues) {
    const path = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
    const offset = parsed.locate(path);
    const code = (issue as { params?: { code?: string } }).params?.code ?? `field_${issue.code}`;
    diagnostics.push({
      code,
      severity: 'error',
      message: path.length > 0 ? `'${path.join('.')}': ${issue.message}` : issue.message,
      ...at(offset === undefined ? yamlOffset : yamlOffset + offset),
      path,
    });
  }
  return { ok: false, diagnostics };
}
