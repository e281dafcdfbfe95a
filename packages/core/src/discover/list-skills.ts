import { sortForListing } from '../catalog/sort-for-listing.js';
import type { CatalogSnapshot, SkillReference } from '../catalog/types.js';
import type { Skill } from '../format/types.js';
import type { DiscoveryResult } from './types.js';

/**
 * A skill's status in a listing: `active` (offered to the model), `hidden-from-model`
 * (`disable-model-invocation`), `disabled` (switched off in settings), `shadowed` (a skill with the
 * same id and higher precedence won, SPEC D1).
 */
export type ListingStatus = 'active' | 'shadowed' | 'disabled' | 'hidden-from-model';

/** One row of a listing. */
export interface SkillListingEntry {
  readonly skill: Skill;
  readonly status: ListingStatus;
  /** The lower-precedence skills an active or hidden skill overrides, nearest first. */
  readonly overrides: readonly SkillReference[];
  /** The winner that hides a `shadowed` skill. */
  readonly shadowedBy?: SkillReference;
}

/** Options of {@link listSkills}. */
export interface ListSkillsOptions {
  readonly catalog: CatalogSnapshot;
  /** The discovery the catalog came from: it still holds the disabled skills. */
  readonly discovery: DiscoveryResult;
  /** Also list disabled and shadowed skills (after the others). */
  readonly all?: boolean;
}

/**
 * The skills of a catalog in the order people read them (SPEC D5: priority, then name), each
 * with its status; with `all`, then the disabled skills and then the shadowed ones. The one
 * definition of a listing status, for the CLI, the chat panel and the server.
 * @example listSkills({ catalog, discovery, all: true }).map((entry) => `${entry.skill.id} ${entry.status}`)
 */
export function listSkills({ catalog, discovery, all = false }: ListSkillsOptions): SkillListingEntry[] {
  const entries: SkillListingEntry[] = sortForListing(catalog.skills).map((skill) => ({
    skill,
    status: skill.fields.disableModelInvocation ? 'hidden-from-model' : 'active',
    overrides: skill.overrides,
  }));
  if (!all) return entries;
  for (const id of catalog.disabled) {
    const skill = discovery.skills.find((candidate) => candidate.id === id);
    if (skill !== undefined) entries.push({ skill, status: 'disabled', overrides: [] });
  }
  for (const { skill, shadowedBy } of catalog.shadowed) {
    entries.push({ skill, status: 'shadowed', overrides: [], shadowedBy });
  }
  return entries;
}
