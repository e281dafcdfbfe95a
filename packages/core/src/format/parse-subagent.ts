import type { Diagnostic } from './diagnostic.js';
import { parseMarkdownArtifact } from './parse-markdown-artifact.js';
import { SUBAGENT_FIELDS, type SubagentFrontmatter, subagentSchema } from './subagent-schema.js';
import type { TextPosition } from './text-position.js';

const KNOWN_FIELDS: ReadonlySet<string> = new Set(SUBAGENT_FIELDS);

/** A model selector (SPEC S6, G1): `inherit`, `fast`, a bare model id, or `provider:model`. */
export type ModelSelector =
  | { readonly kind: 'inherit' }
  | { readonly kind: 'fast' }
  | { readonly kind: 'model'; readonly provider?: string; readonly model: string };

/** A parsed subagent definition. The body is its system prompt. */
export interface SubagentDefinition {
  readonly name: string;
  readonly description: string;
  readonly systemPrompt: string;
  readonly model: ModelSelector;
  readonly frontmatter: SubagentFrontmatter;
  /**
   * Line and column of each top-level field and of each entry of `tools` and `disallowedTools`
   * when written as lists, keyed by path (`tools`, `tools.2`): for diagnostics a host adds later.
   */
  readonly positions: Readonly<Record<string, TextPosition>>;
}

export type ParseSubagentResult =
  | { readonly ok: true; readonly subagent: SubagentDefinition; readonly diagnostics: readonly Diagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/** Providers whose prefix is read as `provider:model`; any other prefix is part of the model id. */
export const KNOWN_MODEL_PROVIDERS: ReadonlySet<string> = new Set([
  'openai',
  'anthropic',
  'dashscope',
  'ollama',
  'vllm',
  'openrouter',
  'deepseek',
  'gemini',
  'qwen',
]);

/**
 * Reads a model selector. An unknown prefix means the whole string is a model id (SPEC S6), so
 * `meta-llama/llama-3:8b` stays one id.
 */
export function parseModelSelector(
  value: string | undefined,
  knownProviders: ReadonlySet<string> = KNOWN_MODEL_PROVIDERS,
): ModelSelector {
  if (value === undefined || value === 'inherit') return { kind: 'inherit' };
  if (value === 'fast') return { kind: 'fast' };
  const colon = value.indexOf(':');
  if (colon > 0) {
    const provider = value.slice(0, colon);
    if (knownProviders.has(provider)) return { kind: 'model', provider, model: value.slice(colon + 1) };
  }
  return { kind: 'model', model: value };
}

/**
 * Parses a subagent Markdown file (SPEC S6). Claude Code and Qwen Code files load unchanged: a
 * comma-separated `tools` string becomes a list, `modelConfig.model` is the model when `model` is
 * absent, and a field we do not use (`color`, `hooks`, …) stays in `frontmatter` with a
 * `subagent_field_unknown` warning at its position.
 * @example const result = parseSubagent(text, { file: '.qwen/agents/reviewer.md' });
 */
export function parseSubagent(
  input: string | Uint8Array,
  { file }: { file?: string } = {},
): ParseSubagentResult {
  const parsed = parseMarkdownArtifact(input, subagentSchema, {
    ...(file === undefined ? {} : { file }),
    kind: 'an agent file',
  });
  if (!parsed.ok) return parsed;
  const frontmatter = parsed.value;
  const unknown: Diagnostic[] = Object.keys(parsed.frontmatter)
    .filter((field) => !KNOWN_FIELDS.has(field))
    .map((field) => ({
      code: 'subagent_field_unknown',
      severity: 'warning',
      message: `'${field}' is not a subagent field Skilldock uses; it is kept in the file and ignored`,
      ...parsed.positionOf([field]),
      path: [field],
    }));
  const positions: Record<string, TextPosition> = {};
  const record = (path: ReadonlyArray<string | number>) => {
    const { line, column } = parsed.positionOf(path);
    positions[path.join('.')] = { line, column };
  };
  for (const field of Object.keys(parsed.frontmatter)) {
    record([field]);
    const value = parsed.frontmatter[field];
    if ((field === 'tools' || field === 'disallowedTools') && Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) record([field, index]);
    }
  }
  return {
    ok: true,
    subagent: {
      name: frontmatter.name,
      description: frontmatter.description,
      systemPrompt: parsed.body.trim(),
      model: parseModelSelector(frontmatter.model ?? frontmatter.modelConfig?.model),
      frontmatter,
      positions,
    },
    diagnostics: [...parsed.diagnostics, ...unknown],
  };
}
