import { randomUUID } from 'node:crypto';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { agentFor } from '../agents/agent-for.js';
import { type AgentRecord, listReadableAgentRecords, loadAgentRecord } from '../agents/agent-records.js';
import { changeAgentShare } from '../agents/change-agent-share.js';
import { agentToolChoices } from '../agents/check-agent-config.js';
import { createAgent } from '../agents/create-agent.js';
import { deleteAgent } from '../agents/delete-agent.js';
import { updateAgent } from '../agents/update-agent.js';
import type { Viewer } from '../auth/principal.js';
import { type ContentLayout, prunePackages } from '../content/index.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requirePrincipal } from '../http/require-viewer.js';
import { canOnAgent } from '../policy/agent-access.js';
import { plainShareConfig, type ShareConfig, shareConfigSchema } from '../policy/share-config.js';
import type { ServerContext } from '../server-context.js';
import { referencedRevisions } from '../skill-content/referenced-revisions.js';
import {
  agentSchema,
  agentSummarySchema,
  createAgentBodySchema,
  updateAgentBodySchema,
} from './agent-schemas.js';
import { uuidParamSchema } from './schemas.js';

const agentAnswer = { 'application/json': { schema: z.object({ agent: agentSchema }) } };
const shareAnswer = { 'application/json': { schema: z.object({ share: shareConfigSchema }) } };
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const notFound = errorResponseSpec('No such agent, or not readable');

const listRoute = createRoute({
  method: 'get',
  path: '/api/agents',
  operationId: 'listAgents',
  tags: ['agents'],
  summary: 'The agents I may read (SPEC Y3, Y8)',
  responses: {
    200: {
      description: 'Readable agents, built-in first, then by name',
      content: { 'application/json': { schema: z.object({ agents: z.array(agentSummarySchema) }) } },
    },
    401: errorResponseSpec('Not logged in'),
  },
});

const agentToolSchema = z
  .object({
    name: z.string().openapi({ example: 'read_file' }),
    adminOnly: z.boolean().openapi({ description: 'Only admins may add it to an agent' }),
    mayAdd: z.boolean().openapi({ description: 'Whether the caller may add it to an agent that lacks it' }),
    standard: z.boolean().openapi({
      description:
        'One of the tools a new agent starts with (the built-in Assistant’s: files, search, questions, to-dos)',
    }),
  })
  .openapi('AgentTool');

const listToolsRoute = createRoute({
  method: 'get',
  path: '/api/agent-tools',
  operationId: 'listAgentTools',
  tags: ['agents'],
  summary:
    "The tools an agent's configuration may name (besides its MCP servers' mcp__ tools), and which the caller may add",
  responses: {
    200: {
      description: 'Every tool, in the order the agent form lists them',
      content: { 'application/json': { schema: z.object({ tools: z.array(agentToolSchema) }) } },
    },
    401: errorResponseSpec('Not logged in'),
  },
});

const createAgentRoute = createRoute({
  method: 'post',
  path: '/api/agents',
  operationId: 'createAgent',
  tags: ['agents'],
  summary:
    'Create an agent (private unless an admin gives scopes); every skill it names must be one I may read; audited',
  request: { body: jsonBody(createAgentBodySchema) },
  responses: {
    201: { description: 'The agent', content: agentAnswer },
    400: errorResponseSpec('Invalid body'),
    403: errorResponseSpec('A user sharing its agent or enabling shell, or CSRF'),
    413: errorResponseSpec('Body over 1 MiB'),
    422: errorResponseSpec('agent_invalid, agent_skill_refused or invalid_share_scope'),
  },
});

const getAgentRoute = createRoute({
  method: 'get',
  path: '/api/agents/{id}',
  operationId: 'getAgent',
  tags: ['agents'],
  summary: 'One agent I may read, with its configuration (404 for one I may not)',
  request: { params: uuidParamSchema },
  responses: { 200: { description: 'The agent', content: agentAnswer }, 404: notFound },
});

const updateAgentRoute = createRoute({
  method: 'patch',
  path: '/api/agents/{id}',
  operationId: 'updateAgent',
  tags: ['agents'],
  summary: "Change an agent's configuration (its managers; built-in agents: the superadmin); audited",
  request: { params: uuidParamSchema, body: jsonBody(updateAgentBodySchema) },
  responses: {
    200: { description: 'The agent', content: agentAnswer },
    400: errorResponseSpec('Invalid body'),
    403: errorResponseSpec('Readable but not yours to edit, or CSRF'),
    404: notFound,
    422: errorResponseSpec('agent_invalid or agent_skill_refused'),
  },
});

const deleteAgentRoute = createRoute({
  method: 'delete',
  path: '/api/agents/{id}',
  operationId: 'deleteAgent',
  tags: ['agents'],
  summary: 'Delete an agent (its managers); built-in agents are never deleted; audited',
  request: { params: uuidParamSchema },
  responses: {
    204: { description: 'Deleted' },
    403: errorResponseSpec('Readable but not yours to delete, or CSRF'),
    404: notFound,
    409: errorResponseSpec('A built-in agent (agent_builtin)'),
  },
});

const getShareRoute = createRoute({
  method: 'get',
  path: '/api/agents/{id}/share',
  operationId: 'getAgentShare',
  tags: ['agents'],
  summary: "An agent's read and manage scopes (those who may share it)",
  request: { params: uuidParamSchema },
  responses: {
    200: { description: 'The share config', content: shareAnswer },
    403: errorResponseSpec('Readable but not yours to share'),
    404: notFound,
  },
});

const putShareRoute = createRoute({
  method: 'put',
  path: '/api/agents/{id}/share',
  operationId: 'setAgentShare',
  tags: ['agents'],
  summary: "Replace an agent's read and manage scopes (manage ⊆ read; admins and the superadmin); audited",
  request: { params: uuidParamSchema, body: jsonBody(shareConfigSchema) },
  responses: {
    200: { description: 'The saved share config', content: shareAnswer },
    400: errorResponseSpec('Invalid body'),
    403: errorResponseSpec('Readable but not yours to share, or CSRF'),
    404: notFound,
    422: errorResponseSpec('manage ⊄ read, or an unknown department or user'),
  },
});

const PRIVATE: ShareConfig = {
  readScope: { kind: 'users', userIds: [] },
  manageScope: { kind: 'users', userIds: [] },
};

function summaryOf(viewer: Viewer, { row, access }: AgentRecord): z.infer<typeof agentSummarySchema> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    model: row.model,
    builtin: access.builtin,
    ownerId: row.ownerId,
    permissions: {
      edit: canOnAgent(viewer, 'edit', access),
      share: canOnAgent(viewer, 'share', access),
      delete: canOnAgent(viewer, 'delete', access),
    },
  };
}

function agentOf(viewer: Viewer, record: AgentRecord): z.infer<typeof agentSchema> {
  const { row } = record;
  return {
    ...summaryOf(viewer, record),
    systemPrompt: row.systemPrompt,
    skills: row.skills === 'all' ? 'all' : [...row.skills],
    preloadSkills: row.preloadSkills,
    tools: row.tools,
    mcpServers: row.mcpServers,
    subagents: row.subagents,
    shellNetwork: row.shellNetwork,
    runLimits: row.runLimits,
    boundSkillId: row.boundSkillId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The agent routes (SPEC Y3, Y8, Y14): list, create, read, change, delete and share agents, every
 * decision through `canOnAgent`, every change audited (`agent.created`, `agent.updated`,
 * `agent.deleted`, `agent.share_changed`). Changes run in one transaction holding the agent's row
 * lock and re-check the permission there; `checkAgentConfig` refuses what an editor may not save.
 * Deleting an agent removes its bound skill and every released version with it (SPEC Y6), then
 * prunes their packages.
 */
export function registerAgentRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  layout: ContentLayout,
): void {
  const { db } = context.database;

  /** The deleted agent's packages go once nothing references them; a failure is logged, the delete stands. */
  async function pruneRemoved(revisions: readonly string[]): Promise<void> {
    try {
      await prunePackages(layout, referencedRevisions(db), { only: revisions });
    } catch (error) {
      context.logger.warn('agent.prune_failed', { errorCode: (error as { code?: string }).code });
    }
  }

  app.openapi(listRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const readable = await listReadableAgentRecords(db, viewer);
    return c.json({ agents: readable.map((record) => summaryOf(viewer, record)) }, 200);
  });

  app.openapi(listToolsRoute, (c) => {
    const { viewer } = requirePrincipal(c);
    return c.json({ tools: agentToolChoices(viewer) }, 200);
  });

  app.openapi(createAgentRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { readScope, manageScope, ...config } = c.req.valid('json');
    if (viewer.role === 'user' && (readScope !== undefined || manageScope !== undefined))
      throw new HttpError(403, 'forbidden', "A user's agents are private: only admins share agents");
    const share: ShareConfig = {
      readScope: readScope ?? PRIVATE.readScope,
      manageScope: manageScope ?? PRIVATE.manageScope,
    };
    const id = randomUUID();
    await createAgent(db, { viewer, requestId: c.get('requestId') }, id, config, share);
    return c.json({ agent: agentOf(viewer, (await loadAgentRecord(db, id))!) }, 201);
  });

  app.openapi(getAgentRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    return c.json(
      { agent: agentOf(viewer, await agentFor(db, viewer, c.req.valid('param').id, 'read')) },
      200,
    );
  });

  app.openapi(updateAgentRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id } = c.req.valid('param');
    await updateAgent(db, { viewer, requestId: c.get('requestId') }, id, c.req.valid('json'));
    return c.json({ agent: agentOf(viewer, (await loadAgentRecord(db, id))!) }, 200);
  });

  app.openapi(deleteAgentRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id } = c.req.valid('param');
    const removed = await deleteAgent(db, { viewer, requestId: c.get('requestId') }, id);
    if (removed !== null) await pruneRemoved(removed.revisions);
    return c.body(null, 204);
  });

  app.openapi(getShareRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { access } = await agentFor(db, viewer, c.req.valid('param').id, 'share');
    return c.json({ share: plainShareConfig(access) }, 200);
  });

  app.openapi(putShareRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id } = c.req.valid('param');
    await changeAgentShare(db, { viewer, requestId: c.get('requestId') }, id, c.req.valid('json'));
    return c.json({ share: plainShareConfig((await loadAgentRecord(db, id))!.access) }, 200);
  });
}
