import type { ToolResult } from '@skilldock/core/runtime';
import type { ModelToolCall } from '../model/conversation.js';
import type { FinishReason, ModelUsage } from '../model/model-provider.js';
import type { ApprovalRequest } from './run-context.js';
import type { RunResult } from './run-result.js';

/** How a tool call ended. */
export type ToolCallOutcome = 'done' | 'failed' | 'refused' | 'denied' | 'cancelled';

/** Who decided an approval: the modes alone, the user, or nobody (a headless run denies). */
export type ApprovalDecider = 'policy' | 'user' | 'headless';

/**
 * What a run reports while it works (SPEC G2), named noun-then-verb. `run-end` or `run-error` is
 * always last.
 */
export type AgentEvent =
  | { readonly type: 'turn-start'; readonly turn: number }
  | { readonly type: 'text-delta'; readonly turn: number; readonly text: string }
  | { readonly type: 'tool-call-start'; readonly turn: number; readonly toolCall: ModelToolCall }
  | {
      readonly type: 'tool-call-end';
      readonly turn: number;
      readonly toolCall: ModelToolCall;
      readonly outcome: ToolCallOutcome;
      readonly result: ToolResult;
    }
  | { readonly type: 'approval-request'; readonly request: ApprovalRequest }
  | {
      readonly type: 'approval-decision';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly decision: 'allow' | 'deny';
      readonly decidedBy: ApprovalDecider;
      readonly reason?: string;
    }
  | { readonly type: 'skill-activate'; readonly skillId: string; readonly trigger: 'model' | 'file-read' }
  | { readonly type: 'signal-append'; readonly signals: readonly string[] }
  /** A message sent to this run while it worked (`send_message`) was appended before the next request. */
  | { readonly type: 'message-deliver'; readonly text: string }
  /** `refreshCatalog` failed before a request; the old catalog stays and the run goes on. */
  | { readonly type: 'catalog-refresh-error'; readonly error: Error }
  | { readonly type: 'usage'; readonly turn: number; readonly usage: ModelUsage; readonly total: ModelUsage }
  | {
      readonly type: 'turn-end';
      readonly turn: number;
      readonly finishReason: FinishReason | 'cancelled';
      readonly toolCalls: number;
    }
  | { readonly type: 'run-end'; readonly result: RunResult }
  | { readonly type: 'run-error'; readonly error: Error; readonly result: RunResult };
