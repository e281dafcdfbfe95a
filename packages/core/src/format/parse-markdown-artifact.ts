import type { z } from 'zod';
import type { Diagnostic } from './diagnostic.js';
import { type FrontmatterReading, readFrontmatter } from './read-frontmatter.js';

export type ParseArtifactResult<T> =
  | {
      readonly ok: true;
      readonly value: T;
      readonly body: string;
      readonly diagnostics: readonly Diagnostic[];
      /** The frontmatter as written, unknown fields included. */
      readonly frontmatter: Readonly<Record<string, unknown>>;
      /** File, line and column of a field, for diagnostics the caller adds. */
      readonly positionOf: FrontmatterReading['positionOf'];
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
  const read = readFrontmatter(input, { ...(file === undefined ? {} : { file }), kind });
  if (!read.ok) return read;
  const { frontmatter, body, positionOf } = read.reading;
  const diagnostics: Diagnostic[] = [...read.reading.diagnostics];
  const result = schema.safeParse(frontmatter);
  if (result.success) return { ok: true, value: result.data, body, diagnostics, frontmatter, positionOf };
  for (const issue of result.error.issues) {
    const path = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
    const code = (issue as { params?: { code?: string } }).params?.code ?? `field_${issue.code}`;
    diagnostics.push({
      code,
      severity: 'error',
      message: path.length > 0 ? `'${path.join('.')}': ${issue.message}` : issue.message,
      ...positionOf(path),
      path,
    });
  }
  return { ok: false, diagnostics };
}
