import type { JsonSchema, ToolDeclaration, ToolResult } from './types.js';

/** A tool as the OpenAI Chat Completions API takes it. */
export interface OpenAITool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description: string; readonly parameters: JsonSchema };
}

/** An object schema, as the Anthropic Messages API requires tool inputs to be. */
export type ObjectJsonSchema = JsonSchema & { readonly type: 'object' };

/** A tool as the Anthropic Messages API takes it. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: ObjectJsonSchema;
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

/** What the AI SDK sends the model for a tool's output: text, or error text for a failed call. */
export interface VercelAIToolModelOutput {
  readonly type: 'text' | 'error-text';
  readonly value: string;
}

/**
 * A tool as the Vercel AI SDK's `generateText({ tools })` takes it (the shape `tool()` returns, for
 * `ai` 5 and later). `execute` answers with the session's {@link ToolResult}; `toModelOutput` turns
 * it into what the model reads, an error result as `error-text`.
 */
export interface VercelAITool {
  readonly description: string;
  readonly inputSchema: VercelAISchema;
  readonly execute: (input: unknown) => Promise<ToolResult>;
  /** `ai` 6 passes `{ toolCallId, input, output }`, `ai` 5 the output itself: both are read. */
  readonly toModelOutput: (options: unknown) => VercelAIToolModelOutput;
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
    // The session declares object schemas only (tool-declarations.ts).
    input_schema: declaration.inputSchema as ObjectJsonSchema,
  }));
}

/**
 * Vercel AI SDK shape, without importing the SDK: an object keyed by tool name holding
 * `{ description, inputSchema, execute, toModelOutput }`, where `inputSchema` is what `jsonSchema()`
 * would build. `execute` returns the {@link ToolResult}; the model reads its content.
 * @example generateText({ model, tools: session.toVercelAITools(), prompt })
 */
export function toVercelAITools(
  declarations: readonly ToolDeclaration[],
  execute: (name: string, input: unknown) => Promise<ToolResult>,
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
      toModelOutput: vercelAIModelOutput,
    };
  }
  return tools;
}

function vercelAIModelOutput(options: unknown): VercelAIToolModelOutput {
  const output = isToModelOutputOptions(options) ? options.output : options;
  const result = output as Partial<ToolResult> | undefined;
  const value = typeof result?.content === 'string' ? result.content : String(output);
  return { type: result?.isError === true ? 'error-text' : 'text', value };
}

function isToModelOutputOptions(value: unknown): value is { output: unknown } {
  return typeof value === 'object' && value !== null && 'toolCallId' in value && 'output' in value;
}
