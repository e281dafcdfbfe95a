import { z } from '@hono/zod-openapi';
import { RUN_STATUSES } from '../db/schema.js';

/** Most characters of one prompt. */
export const MAX_PROMPT_LENGTH = 100_000;

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
