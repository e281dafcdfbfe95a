export { AlwaysAllowRules, alwaysAllowable } from './always-allow-rules.js';
export {
  APPROVAL_MODES,
  type ApprovalDecision,
  type ApprovalKind,
  type ApprovalMode,
  USER_APPROVAL_MODES,
  type UserApprovalMode,
} from './approval-mode.js';
export { decideApproval, decideCombinedApproval, stricterDecision } from './decide-approval.js';
