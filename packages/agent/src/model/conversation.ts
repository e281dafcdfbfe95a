import type { ToolDeclaration } from '@skilldock/core/runtime';

/** A tool call the model asked for. `arguments` is the JSON text exactly as the model wrote it. */
export interface ModelToolCall {
  /** The provider's id for the call; its result must carry the same id. */
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/**
 * A user message. `origin` tells a real prompt from text the host appended (skill change signals,
 * reminders), which do not count as user turns.
 */
export interface UserMessage {
  readonly role: 'user';
  readonly content: string;
  readonly origin?: 'prompt' | 'signal';
  /**
   * Media sent after the text (a video to learn from, SPEC L1). Only OpenAI-compatible providers
   * carry them, as `video_url` content parts; the Anthropic provider refuses such a message.
   */
  readonly attachments?: readonly MessageAttachment[];
}

/** A video sent inline as a data URL (`data:video/mp4;base64,…`). */
export interface MessageAttachment {
  readonly type: 'video';
  /** `video/mp4`, `video/webm` or `video/quicktime`. */
  readonly mediaType: string;
  readonly dataUrl: string;
}

/** What the model said: text and the tool calls it made, in order. */
export interface AssistantMessage {
  readonly role: 'assistant';
  readonly content: string;
  readonly toolCalls?: readonly ModelToolCall[];
}

/** The result of one tool call, answering the call with the same `toolCallId`. */
export interface ToolResultMessage {
  readonly role: 'tool';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly content: string;
  readonly isError: boolean;
}

/**
 * One message of a provider-neutral conversation (SPEC G1). The system prompt travels apart, in
 * {@link ModelRequest.system}, so it can stay byte-identical for a whole session (R1).
 */
export type ConversationMessage = UserMessage | AssistantMessage | ToolResultMessage;

/** One request to a model. */
export interface ModelRequest {
  readonly model: string;
  readonly system: string;
  readonly messages: readonly ConversationMessage[];
  readonly tools: readonly ToolDeclaration[];
  /** Aborting it stops the request and the stream promptly. */
  readonly signal?: AbortSignal;
  /** Most output tokens; each provider has its default. */
  readonly maxTokens?: number;
}
