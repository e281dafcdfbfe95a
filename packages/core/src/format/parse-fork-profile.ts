import path from 'node:path';
import { z } from 'zod';
import type { Diagnostic } from './diagnostic.js';
import { parseMarkdownArtifact } from './parse-markdown-artifact.js';

/** `mcp__*`, or an MCP prefix with a trailing star such as `mcp__github__read_*`. */
const WILDCARD_TOOL_PATTERN = /^mcp__(\*|[A-Za-z0-9_-]+__[A-Za-z0-9_-]*\*)$/;

/** The one schema of a fork profile's frontmatter (SPEC S7). */
export const forkProfileSchema = z.looseObject({
  name: z.string().min(1),
  tools: z.array(
    z.string().refine((tool) => !tool.includes('*') || WILDCARD_TOOL_PATTERN.test(tool), {
      params: { code: 'fork_profile_wildcard' },
      message: "wildcards are allowed only as 'mcp__*' or a trailing MCP prefix like 'mcp__github__read_*'",
    }),
  ),
  promptHint: z
    .string()
    .refine((hint) => [...hint].length <= 200, {
      params: { code: 'fork_profile_hint_too_long' },
      message: 'must have at most 200 characters',
    })
    .optional(),
});

export interface ForkProfile {
  readonly name: string;
  readonly tools: readonly string[];
  readonly promptHint?: string;
  readonly body: string;
}

export type ParseForkProfileResult =
  | { readonly ok: true; readonly profile: ForkProfile; readonly diagnostics: readonly Diagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/**
 * Parses `<project>/.qwen/fork-profiles/<name>.md` (SPEC S7): `name` must equal the file name and
 * `tools` is required.
 */
export function parseForkProfile(
  input: string | Uint8Array,
  { file }: { file?: string } = {},
): ParseForkProfileResult {
  const parsed = parseMarkdownArtifact(input, forkProfileSchema, {
    ...(file === undefined ? {} : { file }),
    kind: 'a fork profile',
  });
  if (!parsed.ok) return parsed;
  const { name, tools, promptHint } = parsed.value;
  if (file !== undefined && path.basename(file, '.md') !== name) {
    return {
      ok: false,
      diagnostics: [
        ...parsed.diagnostics,
        {
          code: 'fork_profile_name_mismatch',
          severity: 'error',
          message: `name '${name}' must equal the file name '${path.basename(file, '.md')}'`,
          ...parsed.positionOf(['name']),
          file,
          path: ['name'],
        },
      ],
    };
  }
  return {
    ok: true,
    profile: { name, tools, ...(promptHint === undefined ? {} : { promptHint }), body: parsed.body },
    diagnostics: parsed.diagnostics,
  };
}
