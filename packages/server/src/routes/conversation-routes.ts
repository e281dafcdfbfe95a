import { randomUUID } from 'node:crypto';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { loadAgentRecord } from '../agents/agent-records.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requirePrincipal } from '../http/require-viewer.js';
import { canOnAgent } from '../policy/agent-access.js';
import { ownConversation } from '../runs/authorize-run.js';
import {
  type ConversationRow,
  createConversation,
  forgetAlwaysAllowed,
  listConversations,
  renameConversation,
} from '../runs/conversation-records.js';
import { conversationRuns, runEventsOfTypes } from '../runs/conversation-runs.js';
import { deleteConversation } from '../runs/delete-conversation.js';
import { removeRunWorkFolders } from '../runs/remove-run-work-folders.js';
import { conversationMessagesWithRuns } from '../runs/run-records.js';
import type { ServerContext } from '../server-context.js';
import { runOf } from './run-routes.js';
import {
  alwaysAllowedToolParamSchema,
  conversationSchema,
  createConversationBodySchema,
  listConversationsQuerySchema,
  renameConversationBodySchema,
  runSchema,
  subagentEndEventSchema,
} from './run-schemas.js';
import { uuidParamSchema } from './schemas.js';

const notFound = errorResponseSpec('No such conversation of mine');

/** Most runs one conversation answer lists. */
const MAX_LISTED_RUNS = 200;

const approvalDecisionSchema = z
  .object({
    runId: z.string(),
    toolCallId: z.string(),
    decision: z.enum(['allow', 'deny']),
    decidedBy: z.string().openapi({ description: '`user`, `rule` ("always allow") or `policy`' }),
    always: z.boolean(),
    reason: z.string().optional(),
  })
  .openapi('ApprovalDecision');

/** A stored `approval-decision` event as the conversation answer lists it (none when malformed). */
function decisionOf(runId: string, data: unknown): z.infer<typeof approvalDecisionSchema>[] {
  const event = data as {
    toolCallId?: unknown;
    decision?: unknown;
    decidedBy?: unknown;
    always?: unknown;
    reason?: unknown;
  };
  if (typeof event.toolCallId !== 'string' || (event.decision !== 'allow' && event.decision !== 'deny'))
    return [];
  return [
    {
      runId,
      toolCallId: event.toolCallId,
      decision: event.decision,
      decidedBy: typeof event.decidedBy === 'string' ? event.decidedBy : 'user',
      always: event.always === true,
      ...(typeof event.reason === 'string' ? { reason: event.reason } : {}),
    },
  ];
}

/** A stored `subagent-end` as the conversation lists it: without its stats (parsing drops them). */
const listedSubagentEndSchema = subagentEndEventSchema.omit({ stats: true });

const subagentCallSchema = listedSubagentEndSchema.extend({ runId: z.string() }).openapi('SubagentCall', {
  description:
    'A delegation of the run `runId` (its tool call `toolCallId`): the sub-agent, how it ended and its transcript',
});

/** A stored `subagent-end` event as the conversation answer lists it (none when malformed or older). */
function subagentCallOf(runId: string, data: unknown): z.infer<typeof subagentCallSchema>[] {
  const parsed = listedSubagentEndSchema.safeParse(data);
  return parsed.success ? [{ runId, ...parsed.data }] : [];
}

/** A conversation row as the API shows it. */
export function conversationOf(row: ConversationRow) {
  return {
    id: row.id,
    agentId: row.agentId,
    title: row.title,
    alwaysAllowedTools: row.alwaysAllowedTools,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const listRoute = createRoute({
  method: 'get',
  path: '/api/conversations',
  operationId: 'listConversations',
  tags: ['runs'],
  summary: 'My conversations, most recently active first; `agentId` keeps one agent’s (SPEC Y8, W4)',
  request: { query: listConversationsQuerySchema },
  responses: {
    200: {
      description: 'My conversations',
      content: { 'application/json': { schema: z.object({ conversations: z.array(conversationSchema) }) } },
    },
    400: errorResponseSpec('An agentId that is not a UUID'),
    401: errorResponseSpec('Not logged in'),
  },
});

const createConversationRoute = createRoute({
  method: 'post',
  path: '/api/conversations',
  operationId: 'createConversation',
  tags: ['runs'],
  summary: 'Start a conversation with an agent I may read',
  request: {
    body: { required: true, content: { 'application/json': { schema: createConversationBodySchema } } },
  },
  responses: {
    201: {
      description: 'The conversation',
      content: { 'application/json': { schema: z.object({ conversation: conversationSchema }) } },
    },
    400: errorResponseSpec('Invalid body'),
    403: errorResponseSpec('CSRF or a read-only token'),
    404: errorResponseSpec('No such agent, or not readable'),
  },
});

const getConversationRoute = createRoute({
  method: 'get',
  path: '/api/conversations/{id}',
  operationId: 'getConversation',
  tags: ['runs'],
  summary: 'One of my conversations with its stored messages (another user’s is a 404)',
  request: { params: uuidParamSchema },
  responses: {
    200: {
      description:
        'The conversation, its messages in order, the run that stored each message, and its runs oldest first',
      content: {
        'application/json': {
          schema: z.object({
            conversation: conversationSchema,
            messages: z.array(z.unknown()),
            messageRunIds: z
              .array(z.string().nullable())
              .openapi({ description: 'The run that stored `messages[i]` (null when that run was deleted)' }),
            runs: z.array(runSchema).openapi({ description: 'The most recent 200 runs, oldest first' }),
            approvalDecisions: z
              .array(approvalDecisionSchema)
              .openapi({ description: 'How the listed runs’ approvals were answered, in order' }),
            subagentCalls: z.array(subagentCallSchema).openapi({
              description: 'The sub-agents the listed runs delegated to, with their transcripts, in order',
            }),
          }),
        },
      },
    },
    404: notFound,
  },
});

const renameConversationRoute = createRoute({
  method: 'patch',
  path: '/api/conversations/{id}',
  operationId: 'renameConversation',
  tags: ['runs'],
  summary: 'Rename one of my conversations (SPEC W4)',
  request: {
    params: uuidParamSchema,
    body: { required: true, content: { 'application/json': { schema: renameConversationBodySchema } } },
  },
  responses: {
    200: {
      description: 'The renamed conversation',
      content: { 'application/json': { schema: z.object({ conversation: conversationSchema }) } },
    },
    400: errorResponseSpec('Invalid body'),
    403: errorResponseSpec('CSRF or a read-only token'),
    404: notFound,
  },
});

const forgetAlwaysAllowedRoute = createRoute({
  method: 'delete',
  path: '/api/conversations/{id}/always-allowed-tools/{toolName}',
  operationId: 'forgetAlwaysAllowedTool',
  tags: ['runs'],
  summary: 'Ask again before a tool I chose "always allow" for in one of my conversations (SPEC W4, G3)',
  request: { params: alwaysAllowedToolParamSchema },
  responses: {
    200: {
      description: 'The conversation without the rule (also when it had none for the tool)',
      content: { 'application/json': { schema: z.object({ conversation: conversationSchema }) } },
    },
    400: errorResponseSpec('Not a tool name'),
    403: errorResponseSpec('CSRF or a read-only token'),
    404: notFound,
  },
});

const deleteConversationRoute = createRoute({
  method: 'delete',
  path: '/api/conversations/{id}',
  operationId: 'deleteConversation',
  tags: ['runs'],
  summary:
    'Delete one of my conversations with its messages, runs and the runs’ files (not while a run is active)',
  request: { params: uuidParamSchema },
  responses: {
    204: { description: 'Deleted' },
    403: errorResponseSpec('CSRF or a read-only token'),
    404: notFound,
    409: errorResponseSpec('A run of it is still active (run_active)'),
  },
});

/**
 * The conversation routes (SPEC Y8): a user's own conversations with agents it may read, with
 * their stored messages. They are private: another user — whatever its role — gets a 404. Deleting
 * one also removes its runs' work folders under `dataDir` (the files the user deletes go too).
 */
export function registerConversationRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  { dataDir }: { readonly dataDir: string },
): void {
  const { db } = context.database;

  app.openapi(listRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { agentId } = c.req.valid('query');
    const rows = await listConversations(db, viewer.id, agentId);
    return c.json({ conversations: rows.map(conversationOf) }, 200);
  });

  app.openapi(createConversationRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { agentId, title } = c.req.valid('json');
    const agent = await loadAgentRecord(db, agentId);
    if (agent === null || !canOnAgent(viewer, 'read', agent.access))
      throw new HttpError(404, 'not_found', 'No such agent');
    const row = await createConversation(db, {
      id: randomUUID(),
      userId: viewer.id,
      agentId,
      title: title ?? '',
    });
    return c.json({ conversation: conversationOf(row) }, 201);
  });

  app.openapi(getConversationRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const row = await ownConversation(db, viewer, c.req.valid('param').id);
    if (row === undefined) throw new HttpError(404, 'not_found', 'No such conversation');
    const [stored, runRows] = await Promise.all([
      conversationMessagesWithRuns(db, row.id),
      conversationRuns(db, row.id, MAX_LISTED_RUNS),
    ]);
    const kept = await runEventsOfTypes(
      db,
      runRows.map((run) => run.id),
      ['approval-decision', 'subagent-end'],
    );
    const order = new Map(runRows.map((run, index) => [run.id, index]));
    // Runs in the order listed (the query sorted by run id), each run's in stream order.
    const inRunOrder = (a: { runId: string }, b: { runId: string }) =>
      (order.get(a.runId) ?? 0) - (order.get(b.runId) ?? 0);
    const ofType = (type: string) => kept.filter((event) => event.type === type);
    return c.json(
      {
        conversation: conversationOf(row),
        messages: stored.map((entry) => entry.message),
        messageRunIds: stored.map((entry) => entry.runId),
        runs: runRows.map((row) => runOf(row)),
        approvalDecisions: ofType('approval-decision')
          .flatMap(({ runId, data }) => decisionOf(runId, data))
          .sort(inRunOrder),
        subagentCalls: ofType('subagent-end')
          .flatMap(({ runId, data }) => subagentCallOf(runId, data))
          .sort(inRunOrder),
      },
      200,
    );
  });

  app.openapi(renameConversationRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id } = c.req.valid('param');
    const { title } = c.req.valid('json');
    // The owner check is in the statement itself: another user's id updates nothing and is a 404.
    const row = await renameConversation(db, viewer.id, id, title);
    if (row === undefined) throw new HttpError(404, 'not_found', 'No such conversation');
    return c.json({ conversation: conversationOf(row) }, 200);
  });

  app.openapi(forgetAlwaysAllowedRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id, toolName } = c.req.valid('param');
    const row = await forgetAlwaysAllowed(db, viewer.id, id, toolName);
    if (row === undefined) throw new HttpError(404, 'not_found', 'No such conversation');
    return c.json({ conversation: conversationOf(row) }, 200);
  });

  app.openapi(deleteConversationRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const row = await ownConversation(db, viewer, c.req.valid('param').id);
    if (row === undefined) throw new HttpError(404, 'not_found', 'No such conversation');
    const deletedRunIds = await deleteConversation(db, row.id);
    // After the rows: a folder that cannot go now is an orphan the hourly sweep removes.
    await removeRunWorkFolders(dataDir, deletedRunIds, context.logger);
    return c.body(null, 204);
  });
}
