import { z } from '@hono/zod-openapi';
import { MAX_PROMPT_LENGTH } from '../runs/max-prompt-length.js';
import { RUN_STATUSES } from '../runs/run-records.js';

/** A conversation as the API shows it. */
export const conversationSchema = z
  .object({
    id: z.string(),
    agentId: z.string(),
    title: z.string(),
    alwaysAllowedTools: z
      .array(z.string())
      .openapi({ description: 'Tools allowed without asking in this conversation ("always allow")' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Conversation');

/** Most characters of a conversation's title. */
export const MAX_TITLE_LENGTH = 200;

/** A conversation title: trimmed, at most 200 characters, no control characters (may be empty). */
export const conversationTitleSchema = z
  .string()
  .trim()
  .max(MAX_TITLE_LENGTH)
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'no control characters');

/** A run as the API shows it: its status, why it failed, what waits for approval. */
export const runSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    agentId: z.string(),
    prompt: z.string(),
    status: z.enum(RUN_STATUSES),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    finalText: z.string().nullable(),
    pendingApprovals: z.array(
      z.object({
        toolCallId: z.string(),
        toolName: z.string(),
        input: z.unknown(),
        canAlwaysAllow: z.boolean().openapi({
          description:
            'Whether `always` may answer it (not for a call that writes the agent’s configuration, nor a sub-agent’s)',
        }),
      }),
    ),
    queue: z
      .object({
        reason: z.literal('user_run_limit'),
        runsAhead: z.number().int(),
        limit: z.number().int(),
        message: z.string(),
      })
      .nullable()
      .openapi({
        description:
          'Why a queued run waits (SPEC O2): as many of my runs are ahead as may run at once; null otherwise',
      }),
    partial: z
      .object({
        reason: z.enum(['failed', 'cancelled']),
        text: z.string().nullable().openapi({
          description:
            'What the run streamed after its last stored message — the answer it was writing when it stopped; null when all it said is in the messages',
        }),
      })
      .nullable()
      .openapi({
        description:
          'Set when the run failed or was stopped: its answer (the last stored text and `text`) is partial (issue 25); null otherwise',
      }),
    resumable: z.boolean().openapi({
      description:
        'A failed run that kept its last checkpoint (its worker was lost): a retry goes on from there instead of starting again',
    }),
    retryOf: z
      .string()
      .nullable()
      .openapi({ description: 'The run this one retries (`POST /api/runs/{id}/retry`), else null' }),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
  })
  .openapi('Run');

export const createConversationBodySchema = z
  .object({ agentId: z.string().uuid(), title: conversationTitleSchema.optional() })
  .strict();

export const renameConversationBodySchema = z.object({ title: conversationTitleSchema }).strict();

export const listConversationsQuerySchema = z.object({
  agentId: z
    .string()
    .uuid()
    .optional()
    .openapi({ param: { name: 'agentId', in: 'query' }, description: 'Only conversations with this agent' }),
});

export const alwaysAllowedToolParamSchema = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: 'id', in: 'path' } }),
  toolName: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'a tool name')
    .openapi({ param: { name: 'toolName', in: 'path' } }),
});

export const startRunBodySchema = z.object({ prompt: z.string().min(1).max(MAX_PROMPT_LENGTH) }).strict();

export const approvalBodySchema = z
  .object({
    decision: z.enum(['allow', 'deny']),
    reason: z.string().max(2000).optional(),
    always: z.boolean().optional().openapi({
      description:
        'With `allow`: also allow this tool without asking for the rest of the conversation (the tool is the stored pending call’s)',
    }),
  })
  .strict()
  .refine((body) => body.always !== true || body.decision === 'allow', {
    message: '`always` goes only with `decision: allow`',
    path: ['always'],
  });

export const approvalParamSchema = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: 'id', in: 'path' } }),
  toolCallId: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'toolCallId', in: 'path' } }),
});

export const eventsQuerySchema = z.object({
  after: z
    .string()
    .regex(/^\d{1,9}$/)
    .optional()
    .openapi({
      param: { name: 'after', in: 'query' },
      description: 'Replay events after this id (as Last-Event-ID)',
    }),
});

/**
 * The shape every event of a run's stream has (SPEC Y8): the SSE `event:` line is `type`, the
 * `data:` line is `data` as JSON; the same pair is what a `subagent-event` nests.
 */
export const storedRunEventSchema = z
  .object({ type: z.string(), data: z.record(z.string(), z.unknown()) })
  .openapi('RunEvent', {
    description:
      'One stored run event: `type` (text-delta, tool-call-start, tool-call-end, skill-activate, usage, approval-request, approval-decision, run-notice, run-status, run-end, subagent-start, subagent-event, subagent-end, …) and its JSON `data`.',
  });

/** `data` of `subagent-start`: a delegation tool call (`toolCallId`, the parent's) began running `agentId`. */
export const subagentStartEventSchema = z
  .object({ toolCallId: z.string(), agentId: z.string(), name: z.string() })
  .openapi('SubagentStartEventData', {
    description:
      'The parent run called the delegation tool `toolCallId`; the sub-agent `agentId` named `name` starts.',
  });

/**
 * `data` of `subagent-event`: one event of the sub-agent's own run in the top-level stored shape
 * (consecutive text deltas of one turn may arrive merged); its `run-end`/`run-error` are left out
 * (`subagent-end` says how it ended).
 */
export const subagentNestedEventSchema = z
  .object({ toolCallId: z.string(), event: storedRunEventSchema })
  .openapi('SubagentEventData', {
    description:
      'An event of the sub-agent working for the tool call `toolCallId`, in the same `{ type, data }` shape as top-level events (text-delta, tool-call-start, tool-call-end, skill-activate, usage, approval-decision, run-notice, …); nested text deltas of one turn may arrive merged.',
  });

/**
 * `data` of `subagent-end`: how the call ended; `finalText` is the tool's result when completed;
 * `messages` the sub-agent's transcript in the stored message shape.
 */
export const subagentEndEventSchema = z
  .object({
    toolCallId: z.string(),
    agentId: z.string(),
    name: z.string(),
    status: z.enum(['completed', 'cancelled', 'failed']),
    finalText: z.string(),
    messages: z.array(z.unknown()),
    stats: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  })
  .openapi('SubagentEndEventData', {
    description:
      'The sub-agent `agentId` named `name` of the tool call `toolCallId` ended: `completed` (`finalText` is what the parent got), `cancelled` (the parent run was cancelled or its worker stopped) or `failed` (`error`). `messages` is its transcript (its task first, then its answers and tool results, in the shape of a conversation’s messages); `stats` are its turns, tokens, tool calls and wall time. Kept when the run’s other events are pruned.',
  });

/** The run stream's documented event shapes, registered as OpenAPI components for clients. */
export const RUN_EVENT_SCHEMAS = {
  RunEvent: storedRunEventSchema,
  SubagentStartEventData: subagentStartEventSchema,
  SubagentEventData: subagentNestedEventSchema,
  SubagentEndEventData: subagentEndEventSchema,
} as const;
