import type { SkillSession } from '@skilldock/core/runtime';
import { type JSONSchema7, jsonSchema, type ToolSet, tool } from 'ai';

/**
 * The skill session's tools for the Vercel AI SDK (`ai` 5 and later, SPEC I4), built with the SDK's
 * own `tool()` and `jsonSchema()` so they type-check as a `ToolSet`. Each `execute` answers through
 * the session with its `{ content, isError }` result: the model reads the content, a refusal as a
 * tool error, and the change signals a call produced follow its text (SPEC R7). The session checks
 * the arguments itself, so a wrong type gets a readable answer instead of the SDK's schema error.
 * @example
 * const result = await generateText({
 *   model,
 *   system: session.systemPromptSection,
 *   prompt,
 *   tools: { ...myTools, ...createAISDKTools(session) },
 *   stopWhen: stepCountIs(10),
 * });
 */
export function createAISDKTools(session: SkillSession): ToolSet {
  const tools: ToolSet = {};
  for (const [name, shape] of Object.entries(session.toVercelAITools())) {
    tools[name] = tool({
      description: shape.description,
      inputSchema: jsonSchema<unknown>(shape.inputSchema.jsonSchema as JSONSchema7),
      execute: (input: unknown) => shape.execute(input),
      toModelOutput: shape.toModelOutput,
    });
  }
  return tools;
}
