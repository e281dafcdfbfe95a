import type { UserApprovalMode } from '@skilldock/agent/policy';

/**
 * Approval modes a user can pick on the command line (SPEC G3): the agent's `USER_APPROVAL_MODES`,
 * spelled out here so that parsing `--approval-mode` does not load the agent package (a test keeps
 * the two lists equal); `bubble` forwards approvals to a parent agent, and a terminal session has none.
 */
export const CLI_APPROVAL_MODES = [
  'default',
  'plan',
  'auto-edit',
  'yolo',
] as const satisfies readonly UserApprovalMode[];

/** One of {@link CLI_APPROVAL_MODES}. */
export type CliApprovalMode = (typeof CLI_APPROVAL_MODES)[number];
