/**
 * `@skilldock/core/runtime` — one model conversation's view of the skills: `createSkillSession`
 * (the system prompt section, the fixed `activate_skill` / `read_skill_resource` declarations, tool
 * gating, change signals, usage events), the virtual `/.skills/` paths, `/<id> [arguments]`
 * substitution, bounded text pages, and ready tools with their handlers for OpenAI Chat Completions,
 * the OpenAI Responses API, Anthropic Messages and the Vercel AI SDK (SPEC I4).
 */

export {
  type AnsweredToolCall,
  answerToolCalls,
  type HostToolHandler,
  type NeutralToolCall,
  type ToolAdapterOptions,
} from './answer-tool-calls.js';
export {
  type AnthropicAdapter,
  type AnthropicContentBlock,
  type AnthropicSignalMessage,
  type AnthropicTextBlock,
  type AnthropicToolResultBlock,
  type AnthropicToolResultMessage,
  createAnthropicAdapter,
} from './create-anthropic-adapter.js';
export {
  createOpenAIChatAdapter,
  type OpenAIChatAdapter,
  type OpenAIChatToolCall,
  type OpenAIChatToolMessage,
  type OpenAIChatUserMessage,
} from './create-openai-chat-adapter.js';
export {
  createOpenAIResponsesAdapter,
  type OpenAIResponsesAdapter,
  type OpenAIResponsesFunctionCallOutput,
  type OpenAIResponsesOutputItem,
  type OpenAIResponsesTool,
  type OpenAIResponsesUserMessage,
} from './create-openai-responses-adapter.js';
export { createSkillSession } from './create-skill-session.js';
export { describeByteRange, describeCutLines } from './describe-cut-text.js';
export {
  type AnthropicTool,
  type ObjectJsonSchema,
  type OpenAITool,
  toAnthropicTools,
  toOpenAITools,
  toVercelAITools,
  type VercelAISchema,
  type VercelAITool,
  type VercelAIToolModelOutput,
} from './provider-tool-shapes.js';
export {
  type ByteRange,
  type ReadBytesAt,
  readByteRange,
  readBytesFromHandle,
  readBytesFromMemory,
} from './read-byte-range.js';
export { type CutLine, type PageLimits, readTextPage, type TextPage } from './read-text-page.js';
export { SkillSession } from './skill-session.js';
export {
  isSkillVirtualPath,
  type ParsedSkillPath,
  parseSkillVirtualPath,
  SKILLS_VIRTUAL_ROOT,
  skillVirtualPath,
} from './skill-virtual-path.js';
export { parseSlashCommand, splitArguments, substituteArguments } from './substitute-arguments.js';
export {
  ACTIVATE_SKILL_TOOL,
  MAX_RESOURCE_BYTES,
  MAX_RESOURCE_LINE_BYTES,
  MAX_RESOURCE_LINES,
  MAX_TOOL_ARGUMENT_CHARACTERS,
  READ_SKILL_RESOURCE_TOOL,
} from './tool-declarations.js';
export type {
  ActivationTrigger,
  FileReadActivation,
  InvokeResult,
  JsonSchema,
  ResolvedSkillResourcePath,
  SessionMode,
  SkillResourceProblem,
  SkillResourceRequest,
  SkillSessionOptions,
  ToolDeclaration,
  ToolPermission,
  ToolResult,
  UsageEvent,
  UsageOutcome,
} from './types.js';
