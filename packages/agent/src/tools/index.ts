// The agent's error codes (core's registry, augmented) travel with this entry's declarations.
import '../error-codes.js';

export {
  type ConfiguredSecrets,
  type ConfiguredSecretsOptions,
  configuredSecrets,
  MIN_SECRET_LENGTH,
} from '../loop/configured-secrets.js';
export { isSecretName, type ShellEnvironmentOptions, shellEnvironment } from '../loop/shell-environment.js';
export { describeAgentConfigPath } from '../policy/agent-config-path.js';
export { type ConfinedPath, confinePath, type PathAccess } from '../policy/confine-path.js';
export type { AgentTool, ToolContext, ToolKind, UserAnswer, UserQuestion } from './agent-tool.js';
export { createAskUserQuestionTool, NO_USER_ANSWER } from './ask-user-question-tool.js';
export { type BuiltinToolsOptions, createBuiltinTools } from './create-builtin-tools.js';
export { type AgentToolDefinition, defineAgentTool } from './define-agent-tool.js';
export {
  defineRunAwareTool,
  outsideRunResult,
  type RunAwareToolDefinition,
} from './define-run-aware-tool.js';
export { createEditTool } from './edit-tool.js';
export { findRipgrep } from './find-ripgrep.js';
export { createGlobTool, type GlobToolOptions } from './glob-tool.js';
export type { GrepOutputMode } from './grep-search.js';
export { createGrepTool, type GrepToolOptions } from './grep-tool.js';
export { createLsTool, type LsToolOptions } from './ls-tool.js';
export {
  type ConnectMcpServersOptions,
  connectMcpServers,
  type McpConnection,
  type McpServerConfig,
  type McpServerFacts,
  type McpServerStatus,
} from './mcp/connect-mcp-servers.js';
export { createMcpTool, type ListedMcpTool, type McpToolSource } from './mcp/create-mcp-tool.js';
export { describeMcpContent, type McpCallResult, type McpContentPart } from './mcp/describe-mcp-content.js';
export { mcpToolName, PROVIDER_TOOL_NAME } from './mcp/mcp-tool-name.js';
export { createReadFileTool, type ReadFileToolOptions } from './read-file-tool.js';
export type { ShellLauncher } from './run-shell-command.js';
export {
  createShellTaskRuntime,
  MAX_BACKGROUND_OUTPUT_BYTES,
  type ShellTaskOptions,
} from './shell-task-runtime.js';
export { createShellTool, type ShellToolOptions } from './shell-tool.js';
export { type TodoItem, type TodoStatus, TodoStore } from './todo-store.js';
export { createTodoWriteTool, renderTodos, type TodoWriteToolOptions } from './todo-write-tool.js';
export { errorResult, textResult } from './tool-results.js';
export { createWriteFileTool } from './write-file-tool.js';
