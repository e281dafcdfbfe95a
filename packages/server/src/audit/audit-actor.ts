import type { Viewer } from '../auth/principal.js';

/** Who makes a change and in which request, for the audit entry the change commits with (SPEC Y14). */
export interface AuditActor {
  readonly viewer: Viewer;
  readonly requestId: string;
}
