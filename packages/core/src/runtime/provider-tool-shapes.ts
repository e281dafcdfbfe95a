import type { JsonSchema, ToolDeclaration } from './types.js';

/** A tool as the OpenAI Chat Completions API takes it. */
export interface OpenAITool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description: string; readonly parameters: JsonSchema };
}

/** A tool as the Anthropic Messages API takes it. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonSchema;
}

/** The marker the Vercel AI SDK's `asSchema()` looks for; the symbol comes from the global registry. */
export const VERCEL_AI_SCHEMA_SYMBOL: unique symbol = Symbol.for('vercel.ai.schema') as never;
/** The marker of the AI SDK's validator protocol. */
export const VERCEL_AI_VALIDATOR_SYMBOL: unique symbol = Symbol.for('vercel.ai.validator') as never;

/**
 * The object the AI SDK's `jsonSchema(schema)` returns: the JSON Schema branded with
 * `Symbol.for('vercel.ai.schema')`, plus a `validate` that accepts any object (the session checks
 * arguments itself and answers the model with a readable error).
 */
export interface VercelAISchema {
  readonly [VERCEL_AI_SCHEMA_SYMBOL]: true;
  readonly [VERCEL_AI_VALIDATOR_SYMBOL]: true;
  readonly _type: undefined;
  readonly jsonSchema: JsonSchema;
  readonly validate: (value: unknown) => { success: true; value: unknown };
}

/** A tool as the Vercel AI SDK's `generateText({ tools })` takes it (the shape `tool()` returns). */
export interface VercelAITool {
  readonly description: string;
  readonly inputSchema: VercelAISchema;
  readonly execute: (input: unknown) => Promise<string>;
}

/** Chat Completions shape: `{ type: 'function', function: { name, description, parameters } }`. */
export function toOpenAITools(declarations: readonly ToolDeclaration[]): OpenAITool[] {
  return declarations.map((declaration) => ({
    type: 'function',
    function: {
      name: declaration.name,
      description: declaration.description,
      parameters: declaration.inputSchema,
    },
  }));
}

/** Messages API shape: `{ name, description, input_schema }`. */
export function toAnthropicTools(declarations: readonly ToolDeclaration[]): AnthropicTool[] {
  return declarations.map((declaration) => ({
    name: declaration.name,
    description: declaration.description,
    input_schema: declaration.inputSchema,
  }));
}

/**
 * Vercel AI SDK shape, without importing the SDK: an object keyed by tool name holding
 * `{ description, inputSchema, execute }`, where `inputSchema` is what `jsonSchema()` would build.
 * `execute` returns the text the model sees.
 * @example generateText({ model, tools: session.toVercelAITools(), prompt })
 */
export function toVercelAITools(
  declarations: readonly ToolDeclaration[],
  execute: (name: string, input: unknown) => Promise<string>,
): Record<string, VercelAITool> {
  const tools: Record<string, VercelAITool> = {};
  for (const declaration of declarations) {
    tools[declaration.name] = {
      description: declaration.description,
      inputSchema: {
        [VERCEL_AI_SCHEMA_SYMBOL]: true,
        [VERCEL_AI_VALIDATOR_SYMBOL]: true,
        _type: undefined,
        jsonSchema: declaration.inputSchema,
        validate: (value: unknown) => ({ success: true, value }),
      },
      execute: (input: unknown) => execute(declaration.name, input),
    };
  }
  return tools;
}
