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
export {
  type AgentToolOptions,
  createAgentTool,
  DEFAULT_SUBAGENT_TYPE,
  MAX_AGENT_PROMPT_BYTES,
} from './create-agent-tool.js';
export { createSubagentTools } from './create-subagent-tools.js';
export { cutAnswerFront, DEFAULT_ANSWER_BUDGET } from './cut-answer-front.js';
export { AGENT_LINE_CHARACTERS, AGENT_LIST_CHARACTERS, describeAgents } from './describe-agents.js';
export { createExternalTaskRuntime, type StartExternalTask } from './external-task-runtime.js';
export { fillPromptVariables } from './fill-prompt-variables.js';
export { FORK_AGENT_REFUSAL, FORK_QUESTION_REFUSAL, forkContext, forkToolGate } from './fork-context.js';
export type { ForkProfile } from './fork-profile.js';
export { createListAgentsTool } from './list-agents-tool.js';
export {
  createLoopTaskRuntime,
  createTaskInbox,
  type LoopTaskRuntimeOptions,
  type TaskInbox,
} from './loop-task-runtime.js';
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
} from './notification-queue.js';
export {
  FORK_PLACEHOLDER_RESULT,
  type ForkTurns,
  forkDirective,
  selectForkHistory,
} from './select-fork-history.js';
export { createSendMessageTool, MAX_TASK_MESSAGE_BYTES } from './send-message-tool.js';
export { createSessionSubagentRegistry } from './session-subagent-registry.js';
export {
  AGENT_CONTROL_TOOLS,
  AGENT_TOOL_NAME,
  ASK_USER_TOOL_NAME,
  LIST_AGENTS_TOOL_NAME,
  SEND_MESSAGE_TOOL_NAME,
} from './subagent-tool-names.js';
export {
  type ExternalTaskProgress,
  type ExternalTaskRequest,
  type ExternalTaskSession,
  type ResolvedSubagent,
  SUBAGENT_LEVELS,
  type SubagentExecutorSpec,
  type SubagentLevel,
  type SubagentRegistry,
} from './subagent-types.js';
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
