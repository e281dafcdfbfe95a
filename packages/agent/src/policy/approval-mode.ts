import { APPROVAL_MODES } from '@skilldock/core/format';
import type { ToolKind } from '../tools/agent-tool.js';

/**
 * Approval modes (SPEC G3).
 * - `plan`: read-only; edits and commands are denied.
 * - `default`: ask before edits and commands.
 * - `auto-edit`: edits are allowed, commands ask.
 * - `yolo`: nothing asks.
 * - `bubble`: a subagent forwards every approval to its parent's policy.
 */
// One list, core's: a subagent definition's `approvalMode` is checked against the same modes.
export { APPROVAL_MODES };
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/**
 * The modes a user picks for a session, in the order every list shows them; `bubble` is left out:
 * it forwards approvals to a parent agent, which a user's session has none of.
 */
export const USER_APPROVAL_MODES = [
  'default',
  'plan',
  'auto-edit',
  'yolo',
] as const satisfies readonly ApprovalMode[];
export type UserApprovalMode = (typeof USER_APPROVAL_MODES)[number];

/**
 * What a call does, as approvals see it: the tool's kind, or `configure` when the call writes a
 * file that configures the agent or another tool (SPEC SEC2, SEC6). `configure` asks in every mode
 * but `plan` (denied) and `yolo` (allowed: choosing yolo is the user's explicit approval of every
 * call, and yolo's shell could write the same file unasked, so asking for `write_file` alone would
 * protect nothing).
 */
export type ApprovalKind = ToolKind | 'configure';

/** What a policy says about one tool call. */
export type ApprovalDecision = 'allow' | 'ask' | 'deny';
