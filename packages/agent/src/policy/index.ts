// The agent's error codes (core's registry, augmented) travel with this entry's declarations.
import '../error-codes.js';

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
