/**
 * Subagents (SPEC S6, S7, A1–A11): definitions, the registry, fork profiles, built-ins, the `agent`
 * tool, forks, background tasks and messaging, worktrees and external executors.
 */
// The agent's error codes (core's registry, augmented) travel with this entry's declarations.
import '../error-codes.js';

export type {
  BackgroundTaskHost,
  MessageDelivery,
  StartedTask,
  TaskControl,
  TaskKind,
  TaskMessaging,
  TaskOutcome,
  TaskProgress,
  TaskRuntime,
  TaskSpec,
  TaskStatus,
  TaskSummary,
} from './background-task-host.js';
export {
  BackgroundTasks,
  type BackgroundTasksOptions,
  DEFAULT_MAX_BACKGROUND_AGENTS,
  maxBackgroundAgentsFrom,
  type RestoredTask,
  type TaskEvent,
} from './background-tasks.js';
export { builtinSubagents, DEFAULT_SUBAGENT_TYPE, EXPLORE_TOOLS } from './builtin-subagents.js';
export { checkSubagentName } from './check-subagent-name.js';
export {
  type AgentToolOptions,
  createAgentTool,
  MAX_AGENT_PROMPT_BYTES,
} from './create-agent-tool.js';
export { createSubagentFile } from './create-subagent-file.js';
export { createSubagentTools } from './create-subagent-tools.js';
export { cutAnswerFront, DEFAULT_ANSWER_BUDGET } from './cut-answer-front.js';
export { AGENT_LINE_CHARACTERS, AGENT_LIST_CHARACTERS, describeAgents } from './describe-agents.js';
export * from './executors/index.js';
export { createExternalTaskRuntime, type StartExternalTask } from './external-task-runtime.js';
export { fillPromptVariables } from './fill-prompt-variables.js';
export { FORK_AGENT_REFUSAL, FORK_QUESTION_REFUSAL, forkContext, forkToolGate } from './fork-context.js';
export type { ForkProfile } from './fork-profile.js';
export { createListAgentsTool } from './list-agents-tool.js';
export {
  type ForkProfiles,
  type LoadedForkProfile,
  type LoadForkProfilesOptions,
  loadForkProfiles,
} from './load-fork-profiles.js';
export {
  createLoopTaskRuntime,
  createTaskInbox,
  type LoopTaskRuntimeOptions,
  type TaskInbox,
} from './loop-task-runtime.js';
export {
  FOREIGN_TOOL_NAMES,
  type MapSubagentToolNamesOptions,
  mapSubagentToolNames,
  SKILLDOCK_TOOL_NAMES,
} from './map-subagent-tool-names.js';
export {
  type NamedSubagentRun,
  namedSubagentContext,
  type SubagentModelResolver,
  type SubagentTools,
  selectSubagentTools,
  subagentApprovalModes,
} from './named-subagent-context.js';
export {
  describeDrops,
  drainNotifications,
  EMPTY_NOTIFICATION_QUEUE,
  type EnqueueOptions,
  enqueueNotification,
  MAX_QUEUED_NOTIFICATIONS,
  type NotificationQueue,
  type TaskNotification,
  type TaskNotificationKind,
} from './notification-queue.js';
export {
  type OpenedSubagentRegistry,
  type OpenSubagentRegistryOptions,
  openSubagentRegistry,
  type SessionSubagentDefinition,
  type SubagentEntry,
} from './open-subagent-registry.js';
export {
  openSubagentSession,
  type SubagentSession,
  type SubagentSessionConversation,
  type SubagentSessionOptions,
  type SubagentSessionWorkspace,
} from './open-subagent-session.js';
export { MAX_FOLDER_FILES, type MarkdownFolderFile, readMarkdownFolder } from './read-markdown-folder.js';
export { type ResolveSubagentOptions, resolveSubagent } from './resolve-subagent.js';
export { DEFAULT_MODEL_ALIASES, resolveSubagentModel } from './resolve-subagent-model.js';
export {
  FORK_PLACEHOLDER_RESULT,
  type ForkTurns,
  forkDirective,
  selectForkHistory,
} from './select-fork-history.js';
export { createSendMessageTool, MAX_TASK_MESSAGE_BYTES } from './send-message-tool.js';
export { createSessionSubagentRegistry } from './session-subagent-registry.js';
export {
  FORK_PROFILE_FOLDER_NAMES,
  hasProjectSubagentFiles,
  SUBAGENT_FOLDER_NAMES,
  type SubagentFolder,
  subagentFolders,
} from './subagent-folders.js';
export {
  AGENT_CONTROL_TOOLS,
  AGENT_TOOL_NAME,
  ASK_USER_TOOL_NAME,
  LIST_AGENTS_TOOL_NAME,
  SEND_MESSAGE_TOOL_NAME,
} from './subagent-tool-names.js';
export * from './subagent-types.js';
export { TASK_ID_PATTERN } from './task-id.js';
export {
  AGENT_TASK_END_EVENT,
  AGENT_TASK_EVENT,
  recordTasks,
  restoreTasks,
  type TaskRevivalOptions,
} from './task-records.js';
export type { TaskTranscript, TaskTranscriptFolder } from './task-transcripts.js';
export {
  matchesAnyToolPattern,
  matchesToolPattern,
  type ParsedToolPatterns,
  parseToolPatterns,
  type ToolPattern,
} from './tool-patterns.js';
export { validateWorkingDir, type WorkingDirCheck } from './validate-working-dir.js';
