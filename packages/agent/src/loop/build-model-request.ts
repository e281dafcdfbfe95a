import type { ToolDeclaration } from '@skilldock/core/runtime';
import type { ModelRequest } from '../model/conversation.js';
import type { RunContext } from './run-context.js';

/** Builds each model request of a run from the conversation so far. */
export interface ModelRequestBuilder {
  (messages: ModelRequest['messages'], signal: AbortSignal): ModelRequest;
  /** The system prompt every request sends. */
  readonly system: string;
  /** The declarations the next request sends. */
  declarations(): readonly ToolDeclaration[];
}

/**
 * The request builder of one run (SPEC R1): the system prompt (the host's, then the skill
 * session's catalog section) and the tool declarations are fixed once, so every request sends
 * them byte-identical; a progressive session filters the host's tools by its gates each time.
 */
export function createModelRequestBuilder(context: RunContext): ModelRequestBuilder {
  const session = context.skillSession;
  // A fork sends its parent's exact prefix, so the provider's prompt cache is shared (SPEC A4).
  const system =
    context.requestPrefix?.system ??
    [context.systemPrompt, session?.systemPromptSection ?? ''].filter((part) => part !== '').join('\n\n');
  const hostDeclarations: ToolDeclaration[] = context.tools.map(({ name, description, inputSchema }) => ({
    name,
    description,
    inputSchema,
  }));
  const stableDeclarations = [...hostDeclarations, ...(session?.tools ?? [])];
  const prefixTools = context.requestPrefix?.tools;
  const declarations = (): readonly ToolDeclaration[] =>
    prefixTools !== undefined
      ? prefixTools
      : session?.mode === 'progressive'
        ? [...session.filterTools(hostDeclarations, (tool) => tool.name), ...session.tools]
        : stableDeclarations;
  const build = (messages: ModelRequest['messages'], signal: AbortSignal): ModelRequest => ({
    model: context.model.model,
    system,
    messages,
    tools: declarations(),
    signal,
    ...(context.maxOutputTokens === undefined ? {} : { maxTokens: context.maxOutputTokens }),
  });
  return Object.assign(build, { system, declarations });
}
