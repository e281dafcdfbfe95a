/**
 * A skill the caller may read, as the discovery endpoints list it (SPEC Y13): the route passes the
 * skills the token's user may read (shared and builtin after the permission policy, and the bound
 * skills of agents it may use, and its own personal skills), never more.
 */
export interface DiscoverableSkill {
  /** The skill id: the listed name (it must be an Agent Skills name to be listed). */
  readonly id: string;
  readonly description: string;
  /** The content folder: a package (`packageDirectory`), a builtin skill's or a personal skill's folder. */
  readonly directory: string;
  /** The folder's revision when known (a package's); computed otherwise. */
  readonly revision?: string;
}

/** A skill left out of an index, and why. */
export interface SkippedSkill {
  readonly id: string;
  readonly reason: string;
}
