/** The writes of a projection rebuild, in order (SPEC Y7); a fault hook may fail any of them. */
export type ProjectionStep =
  /** Copy one readable skill into the rebuild's private work folder. */
  | 'stage'
  /** Write the manifest: once before anything visible changes (no generation), once at the end. */
  | 'manifest'
  /** Move one entry that is no longer readable, or is about to be replaced, out of the projection. */
  | 'revoke'
  /** Rename one staged entry into the projection. */
  | 'rename';

/** Test hook: `before` runs before each write and may throw to simulate a failure there. */
export interface ProjectionFaults {
  before(step: ProjectionStep, detail: { readonly path: string }): void | Promise<void>;
}
