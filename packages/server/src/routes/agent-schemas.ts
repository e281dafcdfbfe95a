import { z } from '@hono/zod-openapi';
import { SKILL_ID_PATTERN } from '@skilldock/core/format';
import { shareScopeSchema } from '../policy/share-config.js';
import { agentRunLimitsSchema } from '../runs/effective-run-limits.js';
import { labelSchema } from './schemas.js';

const noControl = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** A skill id an agent names (SPEC S4 shape): never a path, never SQL. */
const skillIdSchema = z.string().max(64).regex(SKILL_ID_PATTERN, 'a skill id');

/** The shape of a model selector an agent names (a client may check it before it sends one). */
export const MODEL_SELECTOR_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/;

/** Longest model selector an agent may name. */
export const MAX_MODEL_SELECTOR_LENGTH = 200;

/** A model selector (SPEC G1): `inherit`, `fast`, `<model>` or `<provider>:<model>`. */
export const modelSelectorSchema = z
  .string()
  .min(1)
  .max(MAX_MODEL_SELECTOR_LENGTH)
  .regex(MODEL_SELECTOR_PATTERN, 'inherit, fast, <model> or <provider>:<model>');

const toolNameSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_*-]+$/, 'a tool name');

/** An MCP server name (the `mcp__<server>` of its tools). */
const mcpServerNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'lowercase letters, digits, "_" and "-"');

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** `skills`: every skill the user may read (`"all"`, the default), a list of ids, or `[]` (SPEC Y8). */
const skillSelectionSchema = z.union([z.literal('all'), z.array(skillIdSchema).max(500).transform(unique)]);

const configFields = {
  name: labelSchema,
  description: z.string().max(2000).regex(noControl, 'no control characters'),
  // Length is checked after parsing, so an oversized prompt is a 422 naming the limit.
  systemPrompt: z.string(),
  model: modelSelectorSchema,
  skills: skillSelectionSchema,
  preloadSkills: z.union([z.literal('all'), z.array(skillIdSchema).max(50).transform(unique)]),
  tools: z.array(toolNameSchema).max(100).transform(unique),
  mcpServers: z.array(mcpServerNameSchema).max(50).transform(unique),
  subagents: z.array(z.string().uuid()).max(50).transform(unique),
  shellNetwork: z.boolean(),
  runLimits: agentRunLimitsSchema,
};

/** The body of `POST /api/agents`: a name and any configuration; scopes default to private. */
export const createAgentBodySchema = z
  .object({
    name: configFields.name,
    description: configFields.description.default(''),
    systemPrompt: configFields.systemPrompt.default(''),
    model: configFields.model.default('inherit'),
    // Issue 26 (seed 002): a new agent sees every skill its user may read unless it names a list.
    skills: configFields.skills.default('all'),
    preloadSkills: configFields.preloadSkills.default([]),
    tools: configFields.tools.default([]),
    mcpServers: configFields.mcpServers.default([]),
    subagents: configFields.subagents.default([]),
    shellNetwork: configFields.shellNetwork.default(false),
    runLimits: configFields.runLimits.default({}),
    readScope: shareScopeSchema.optional(),
    manageScope: shareScopeSchema.optional(),
  })
  .strict()
  .openapi('CreateAgent');

/** The body of `PATCH /api/agents/{id}`: the configuration fields to replace. */
export const updateAgentBodySchema = z
  .object({
    name: configFields.name.optional(),
    description: configFields.description.optional(),
    systemPrompt: configFields.systemPrompt.optional(),
    model: configFields.model.optional(),
    skills: configFields.skills.optional(),
    preloadSkills: configFields.preloadSkills.optional(),
    tools: configFields.tools.optional(),
    mcpServers: configFields.mcpServers.optional(),
    subagents: configFields.subagents.optional(),
    shellNetwork: configFields.shellNetwork.optional(),
    runLimits: configFields.runLimits.optional(),
  })
  .strict()
  .openapi('UpdateAgent');

const permissionsSchema = z.object({ edit: z.boolean(), share: z.boolean(), delete: z.boolean() });

/** An agent in a listing. */
export const agentSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    model: z.string(),
    builtin: z.boolean(),
    ownerId: z.string().nullable(),
    permissions: permissionsSchema,
  })
  .openapi('AgentSummary');

/** One agent with its whole configuration. */
export const agentSchema = agentSummarySchema
  .extend({
    systemPrompt: z.string(),
    skills: z.union([z.literal('all'), z.array(z.string())]),
    preloadSkills: z.union([z.literal('all'), z.array(z.string())]),
    tools: z.array(z.string()),
    mcpServers: z.array(z.string()),
    subagents: z.array(z.string()),
    shellNetwork: z.boolean(),
    runLimits: agentRunLimitsSchema,
    boundSkillId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Agent');
