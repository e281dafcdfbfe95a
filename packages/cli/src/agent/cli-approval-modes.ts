/**
 * Approval modes a user can pick on the command line (SPEC G3). `bubble` is left out: it forwards
 * approvals to a parent agent, and a terminal session has none.
 */
export const CLI_APPROVAL_MODES = ['default', 'plan', 'auto-edit', 'yolo'] as const;

/** One of {@link CLI_APPROVAL_MODES}. */
export type CliApprovalMode = (typeof CLI_APPROVAL_MODES)[number];
