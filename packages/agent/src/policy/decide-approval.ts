import type { ApprovalDecision, ApprovalKind, ApprovalMode } from './approval-mode.js';

// Rows are modes, columns kinds of call. `bubble` answers `ask`: the parent's policy decides.
const DECISIONS: Record<ApprovalMode, Record<ApprovalKind, ApprovalDecision>> = {
  plan: { read: 'allow', interact: 'allow', edit: 'deny', execute: 'deny', configure: 'deny' },
  default: { read: 'allow', interact: 'allow', edit: 'ask', execute: 'ask', configure: 'ask' },
  'auto-edit': { read: 'allow', interact: 'allow', edit: 'allow', execute: 'ask', configure: 'ask' },
  yolo: { read: 'allow', interact: 'allow', edit: 'allow', execute: 'allow', configure: 'allow' },
  bubble: { read: 'allow', interact: 'allow', edit: 'ask', execute: 'ask', configure: 'ask' },
};

/**
 * What an approval mode says about a call of one kind (SPEC G3, SEC2).
 * @example decideApproval('auto-edit', 'execute') // 'ask'
 * @example decideApproval('auto-edit', 'configure') // 'ask'
 */
export function decideApproval(mode: ApprovalMode, kind: ApprovalKind): ApprovalDecision {
  return DECISIONS[mode][kind];
}

const STRICTNESS: Record<ApprovalDecision, number> = { allow: 0, ask: 1, deny: 2 };

/** The stricter of two decisions: `deny` beats `ask`, `ask` beats `allow` (SPEC G3). */
export function stricterDecision(first: ApprovalDecision, second: ApprovalDecision): ApprovalDecision {
  return STRICTNESS[first] >= STRICTNESS[second] ? first : second;
}

/**
 * Combine two modes into the decision for one tool kind: always the stricter of the two, so a
 * subagent can never do more than its parent allows (SPEC G3).
 */
export function decideCombinedApproval(modes: readonly ApprovalMode[], kind: ApprovalKind): ApprovalDecision {
  return modes.reduce<ApprovalDecision>(
    (decision, mode) => stricterDecision(decision, decideApproval(mode, kind)),
    'allow',
  );
}
