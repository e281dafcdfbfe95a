import type { Viewer } from '../auth/principal.js';

/** Who changes a bound skill or its history, for the permission re-check and the audit entry (SPEC Y14). */
export interface BoundSkillActor {
  readonly viewer: Viewer;
  readonly requestId: string;
}
