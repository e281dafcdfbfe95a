/**
 * @skilldock/agent — model providers, the agent loop, approvals, built-in and MCP tools, and the
 * workspace and conversation every front end (CLI, server, programmatic) opens the same way.
 *
 * The root holds what an agent builder starts with (issue 22 §5: at most 40 values): open a
 * workspace and a conversation, run the loop and answer its approvals, make a model provider,
 * define tools, delegate to subagents, serve skills over MCP. Every stage has its own entry with
 * all it makes public — `@skilldock/agent/model`, `/loop`, `/tools`, `/subagents`, `/workspace`,
 * `/conversation`, `/mcp-server`, `/learn`, `/learn/auto-skill`, `/curator`, `/policy`, `/sandbox`,
 * `/session`, plus `/harness`, `/ai-sdk` and `/testing`. Types of every stage stay importable here:
 * they cost nothing at run time.
 */
// The agent's error codes extend core's SkilldockErrorCodes by module augmentation; this import keeps
// that augmentation in the entry's declarations, or a consumer's tsc rejects the codes it names.
import './error-codes.js';

export type * from './conversation/index.js';
export { openConversation } from './conversation/index.js';
export type * from './curator/index.js';
export { runCurator } from './curator/index.js';
export type * from './error-codes.js';
export type * from './learn/auto-skill/index.js';
export type * from './learn/index.js';
export { learnSkill } from './learn/index.js';
export type * from './loop/index.js';
export {
  answerApproval,
  approveToolCall,
  createRunContext,
  denyToolCall,
  MaxTurnsExceededError,
  parseRunState,
  runAgent,
  runToCompletion,
  TimeLimitExceededError,
} from './loop/index.js';
export type * from './mcp-server/index.js';
export { createSkillsMcpServer, serveSkillsOverHttp, serveSkillsOverStdio } from './mcp-server/index.js';
export type * from './model/index.js';
export {
  createAnthropicProvider,
  createModelProvider,
  createOpenAIProvider,
  ModelError,
  resolveModelConfig,
} from './model/index.js';
export type * from './policy/index.js';
export { APPROVAL_MODES, decideApproval } from './policy/index.js';
export type * from './sandbox/index.js';
export type * from './session/index.js';
export { listSessions, loadSession } from './session/index.js';
export type * from './subagents/index.js';
export {
  BackgroundTasks,
  builtinSubagents,
  createSubagentTools,
  resolveSubagent,
  startExternalTask,
} from './subagents/index.js';
export type * from './tools/index.js';
export {
  connectMcpServers,
  createBuiltinTools,
  defineAgentTool,
  defineRunAwareTool,
  errorResult,
  textResult,
} from './tools/index.js';
export type * from './workspace/index.js';
export { openWorkspace } from './workspace/index.js';
