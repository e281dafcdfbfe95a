// The agent's error codes (core's registry, augmented) travel with this entry's declarations.
import '../error-codes.js';

export type { AgentEvent, ApprovalDecider, ToolCallOutcome } from './agent-event.js';
export { answerApproval } from './answer-approval.js';
export { callsWithoutResult } from './calls-without-result.js';
export { type AgentConfigWrite, findAgentConfigWrites } from './find-agent-config-writes.js';
export { parseRunState } from './parse-run-state.js';
export { redactSecrets } from './redact-secrets.js';
export { type RunAgentInput, type RunAgentOptions, runAgent } from './run-agent.js';
export {
  type ApprovalCallback,
  type ApprovalRequest,
  type CallGate,
  type CatalogRefresh,
  createRunContext,
  DEFAULT_MAX_TURNS,
  type GatedToolCall,
  READ_FILE_TOOL_NAME,
  type RequestPrefix,
  type RunContext,
  type RunContextOptions,
  type RunLimits,
  type SubagentApproval,
} from './run-context.js';
export { MaxTurnsExceededError, TimeLimitExceededError } from './run-limit-errors.js';
export type { RunResult, RunStats, RunStatus } from './run-result.js';
export {
  type ApprovalAnswer,
  approveToolCall,
  denyToolCall,
  type RunState,
} from './run-state.js';
export { type RunToCompletionOptions, runToCompletion } from './run-to-completion.js';
export { isRunAwareTool, type RunAwareTool, type ToolRunView } from './tool-run-view.js';
