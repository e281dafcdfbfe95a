import {
  ACTIVATE_SKILL_TOOL,
  activateSkillArgumentsSchema,
  MAX_TOOL_ARGUMENT_CHARACTERS,
  parseToolArguments,
  READ_SKILL_RESOURCE_TOOL,
  readSkillResourceArgumentsSchema,
} from './tool-declarations.js';
import type { SkillResourceRequest, ToolResult } from './types.js';

/** A call of one of the session's own tools, checked: what to run, or the error result to return. */
export type SessionToolCall =
  | { readonly tool: 'activate_skill'; readonly name: string }
  | { readonly tool: 'read_skill_resource'; readonly request: SkillResourceRequest }
  | { readonly tool: 'invalid'; readonly result: ToolResult };

/**
 * Checks a call of `name` with `args` (an object or its JSON text; bad JSON throws) against the
 * session's declarations. `read_skill_resource` exists only when the session declared it.
 */
export function parseSessionToolCall(
  name: string,
  args: unknown,
  { withResources }: { withResources: boolean },
): SessionToolCall {
  const input = typeof args === 'string' ? parseToolArguments(args) : args;
  const tooLong = overlongArgument(input);
  if (tooLong !== undefined && (name === ACTIVATE_SKILL_TOOL || name === READ_SKILL_RESOURCE_TOOL)) {
    // Never echoed back: a hostile model would get its megabyte path returned in the error.
    return invalid(
      `The ${tooLong} argument of ${name} is longer than ${MAX_TOOL_ARGUMENT_CHARACTERS} characters; no skill id or path is that long.`,
    );
  }
  if (name === ACTIVATE_SKILL_TOOL) {
    const parsed = activateSkillArgumentsSchema.safeParse(input);
    if (!parsed.success) return invalid(`${name} needs {"name": "<skill id>"}.`);
    return { tool: 'activate_skill', name: parsed.data.name };
  }
  if (name === READ_SKILL_RESOURCE_TOOL && withResources) {
    const parsed = readSkillResourceArgumentsSchema.safeParse(input);
    if (!parsed.success) {
      return invalid(
        `${name} needs {"path": "/.skills/<id>/<file>", "offset"?: 1, "limit"?: 2000, "byte_offset"?: 0}.`,
      );
    }
    const { path, id, offset, limit, byte_offset: byteOffset } = parsed.data;
    return {
      tool: 'read_skill_resource',
      request: {
        path,
        ...(id === undefined ? {} : { id }),
        ...(offset === undefined ? {} : { offset }),
        ...(limit === undefined ? {} : { limit }),
        ...(byteOffset === undefined ? {} : { byteOffset }),
      },
    };
  }
  return invalid(`The skill session has no tool named ${name}.`);
}

/** The first of `name`, `path`, `id` that is a string over the limit (SEC4). */
function overlongArgument(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const fields = input as Record<string, unknown>;
  return ['name', 'path', 'id'].find((key) => {
    const value = fields[key];
    return typeof value === 'string' && value.length > MAX_TOOL_ARGUMENT_CHARACTERS;
  });
}

function invalid(content: string): SessionToolCall {
  return { tool: 'invalid', result: { isError: true, content } };
}
