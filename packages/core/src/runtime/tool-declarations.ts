import { z } from 'zod';
import type { ToolDeclaration } from './types.js';

/** Name of the tool that loads a skill's instructions (SPEC R1, R2). */
export const ACTIVATE_SKILL_TOOL = 'activate_skill';

/** Name of the tool that reads a skill's supporting files (SPEC R1, R4). */
export const READ_SKILL_RESOURCE_TOOL = 'read_skill_resource';

/** Most lines one `read_skill_resource` call returns (SPEC R4). */
export const MAX_RESOURCE_LINES = 2000;

/** Most bytes of text one `read_skill_resource` call returns (SPEC R4). */
export const MAX_RESOURCE_BYTES = 50 * 1024;

/**
 * Longer lines of a resource are cut to this many bytes (SEC4), so one long line never hides the
 * lines after it; `byte_offset` reads the rest.
 */
export const MAX_RESOURCE_LINE_BYTES = 4 * 1024;

/**
 * Longest skill id or virtual path a session tool reads (SEC4); a longer one is refused without
 * being echoed back to the model.
 */
export const MAX_TOOL_ARGUMENT_CHARACTERS = 4096;

const ACTIVATE_SKILL: ToolDeclaration = {
  name: ACTIVATE_SKILL_TOOL,
  description:
    'Load the full instructions of a skill. Call it with the id of a skill from the available skills ' +
    'list as soon as a task matches its description, before doing the task. Returns the instructions, ' +
    "the skill's base directory and the exact path of every supporting file.",
  inputSchema: {
    type: 'object',
    properties: {
      name: {
        type: 'string',
        description: 'The id of the skill, exactly as listed in the available skills.',
      },
    },
    required: ['name'],
    additionalProperties: false,
  },
};

const READ_SKILL_RESOURCE: ToolDeclaration = {
  name: READ_SKILL_RESOURCE_TOOL,
  description:
    'Read a supporting file of a skill (read-only). Pass the exact path listed when the skill was ' +
    'activated, such as /.skills/<id>/references/guide.md. A long file comes in pages of at most ' +
    `${MAX_RESOURCE_LINES} lines or ${MAX_RESOURCE_BYTES / 1024} KB; the reply says which offset reads the next page. ` +
    `Lines over ${MAX_RESOURCE_LINE_BYTES / 1024} KB are cut; the reply says which byte_offset reads the rest.`,
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Virtual path of the file: /.skills/<id>/<file>.' },
      offset: { type: 'integer', minimum: 1, description: '1-based line to start reading at. Default 1.' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_RESOURCE_LINES,
        description: `Most lines to return. Default and maximum ${MAX_RESOURCE_LINES}.`,
      },
      byte_offset: {
        type: 'integer',
        minimum: 0,
        description: `Read raw text from this byte of the file instead of by lines (at most ${MAX_RESOURCE_BYTES / 1024} KB), e.g. the rest of a cut line.`,
      },
    },
    required: ['path'],
    additionalProperties: false,
  },
};

/** Arguments of `activate_skill`, checked before use. Unknown keys are ignored. */
export const activateSkillArgumentsSchema = z.looseObject({ name: z.string().trim().min(1) });

/**
 * Arguments of `read_skill_resource`. Besides the declared ones, a host may pass `id` with a path
 * relative to that skill's folder. Numbers sent as strings are accepted; offset 0 reads from line 1.
 */
export const readSkillResourceArgumentsSchema = z.looseObject({
  path: z.string().min(1),
  id: z.string().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).optional(),
  byte_offset: z.coerce.number().int().min(0).optional(),
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The session's tool declarations (SPEC R1): `activate_skill` always, `read_skill_resource` only when
 * some skill has supporting files. Frozen, so they stay byte-identical for the whole session.
 */
export function createToolDeclarations({
  withResources,
}: {
  withResources: boolean;
}): readonly ToolDeclaration[] {
  const declarations = withResources ? [ACTIVATE_SKILL, READ_SKILL_RESOURCE] : [ACTIVATE_SKILL];
  return deepFreeze(structuredClone(declarations));
}

/** Tool arguments sent as JSON text (the OpenAI wire form) as an object; invalid JSON gives undefined. */
export function parseToolArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
