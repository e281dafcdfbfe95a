export {
  APPROVAL_MODES,
  type ApprovalDecision,
  type ApprovalKind,
  type ApprovalMode,
} from './approval-mode.js';
export { decideApproval, decideCombinedApproval, stricterDecision } from './decide-approval.js';
