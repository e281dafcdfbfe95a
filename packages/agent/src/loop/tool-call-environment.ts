import type { ToolDeclaration } from '@skilldock/core/runtime';
import type { ConversationMessage, ToolResultMessage } from '../model/conversation.js';
import type { AgentTool } from '../tools/agent-tool.js';
import type { ApprovalRequest, RunContext } from './run-context.js';
import type { ApprovalAnswer } from './run-state.js';

/** What the loop hands each tool call of one turn. */
export interface ToolCallEnvironment {
  readonly context: RunContext;
  readonly toolsByName: ReadonlyMap<string, AgentTool>;
  /** The skill session's own tools (`activate_skill`, `read_skill_resource`). */
  readonly sessionToolNames: ReadonlySet<string>;
  /** Aborts on cancellation and on the time limit. */
  readonly signal: AbortSignal;
  readonly turn: number;
  /**
   * True when a call that needs an approval stops the run (`interrupted`, resumable) instead of
   * being denied: `interruptForApproval`, or an `askApproval` callback that answers and resumes.
   */
  readonly interrupts: boolean;
  /**
   * Ids of the calls whose `tool-call-start` this run's events already carried (a call resumed
   * after the approval callback answered it is not started twice).
   */
  readonly announced: Set<string>;
  /** Answers to approvals a resumed run already has, by tool call id. */
  readonly answers?: ReadonlyMap<string, ApprovalAnswer>;
  /** The requests a resumed run stopped at, by tool call id (a run-aware tool's `resume`). */
  readonly interrupted?: ReadonlyMap<string, ApprovalRequest>;
  /** The run's live conversation and its request prefix, for tools that start other runs (forks). */
  readonly run: {
    readonly messages: readonly ConversationMessage[];
    readonly system: string;
    readonly declarations: () => readonly ToolDeclaration[];
  };
  /** Takes each result into the conversation as soon as its call ends, in call order. */
  appendResult(message: ToolResultMessage): Promise<void>;
  /** The result text of a call cut short, e.g. `Cancelled by the user before it ran.` */
  cancelMessage(when: 'before it ran' | 'while it ran'): string;
}
