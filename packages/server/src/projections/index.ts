/** Per-user read-only projections of the skills a user may read (SPEC Y7, Y15). */
export {
  ensureUserProjection,
  type ProjectionContext,
  type ProjectionEntry,
  removeUserProjection,
  type UserProjection,
} from './ensure-user-projection.js';
export type { ProjectionFaults, ProjectionStep } from './projection-faults.js';
export { type UserProjectionPaths, userProjectionPaths } from './projection-layout.js';
