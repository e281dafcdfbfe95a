import { z } from 'zod';

/** The transcript format written by this version; readers refuse newer ones. */
export const TRANSCRIPT_VERSION = 1;

/** A tool call in a transcript: `arguments` is the JSON text exactly as the model wrote it. */
export interface TranscriptToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/**
 * One conversation message, provider-neutral (SPEC G5). `user` messages carry `origin`
 * (`signal` for text the host appended, which is not a user turn); `assistant` messages carry
 * their `toolCalls`; `tool` messages answer one call by `toolCallId`.
 */
export interface TranscriptMessage {
  readonly role: 'user' | 'assistant' | 'tool';
  readonly text: string;
  readonly origin?: 'prompt' | 'signal';
  readonly toolCalls?: readonly TranscriptToolCall[];
  readonly toolCallId?: string;
  readonly toolName?: string;
  readonly isError?: boolean;
}

/** The first line of every transcript. */
export interface TranscriptHeader {
  readonly type: 'session';
  readonly id: string;
  /** The project's real path. */
  readonly projectRoot: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** The model the session started with (`provider:model` or a selector). */
  readonly model: string;
  readonly version: number;
}

/** A message line. */
export interface TranscriptMessageRecord {
  readonly type: 'message';
  readonly at: string;
  readonly message: TranscriptMessage;
}

/** Tokens of one model request (same fields as the loop's usage). */
export interface TranscriptUsageRecord {
  readonly type: 'usage';
  readonly at: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cachedInputTokens?: number;
}

/** Anything else worth keeping (a skill activated, a run cancelled), by name. */
export interface TranscriptEventRecord {
  readonly type: 'event';
  readonly at: string;
  readonly name: string;
  readonly data?: unknown;
}

/** A line after the header. */
export type TranscriptEntry = TranscriptMessageRecord | TranscriptUsageRecord | TranscriptEventRecord;

/** Any line of a transcript. */
export type TranscriptRecord = TranscriptHeader | TranscriptEntry;

/**
 * The schemas of a transcript's lines, built on first use: a run that resumes nothing only writes
 * its transcript, and zod schemas built at import were start-up work every command paid (issue 28).
 * `header` keeps the extra fields later minor versions write; `entry` validates a line after it.
 */
export function transcriptSchemas(): ReturnType<typeof buildTranscriptSchemas> {
  schemas ??= buildTranscriptSchemas();
  return schemas;
}

let schemas: ReturnType<typeof buildTranscriptSchemas> | undefined;

function buildTranscriptSchemas() {
  const toolCallSchema = z.object({ id: z.string(), name: z.string(), arguments: z.string() });
  const messageSchema = z.object({
    role: z.enum(['user', 'assistant', 'tool']),
    text: z.string(),
    origin: z.enum(['prompt', 'signal']).optional(),
    toolCalls: z.array(toolCallSchema).optional(),
    toolCallId: z.string().optional(),
    toolName: z.string().optional(),
    isError: z.boolean().optional(),
  });
  const header = z.looseObject({
    type: z.literal('session'),
    id: z.string().min(1),
    projectRoot: z.string(),
    createdAt: z.string(),
    model: z.string(),
    version: z.number().int().positive(),
  });
  const entry = z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('message'), at: z.string(), message: messageSchema }),
    z.looseObject({
      type: z.literal('usage'),
      at: z.string(),
      inputTokens: z.number().nonnegative(),
      outputTokens: z.number().nonnegative(),
      cachedInputTokens: z.number().nonnegative().optional(),
    }),
    z.looseObject({
      type: z.literal('event'),
      at: z.string(),
      name: z.string().min(1),
      data: z.unknown().optional(),
    }),
  ]);
  return { header, entry };
}
