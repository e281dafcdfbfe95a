import type { Viewer } from '../auth/principal.js';
import type { ShareScope } from './share-config.js';

/** What the policy needs to know about a skill (one index row and its scope members). */
export interface SkillAccessFacts {
  readonly kind: 'builtin' | 'shared' | 'agent-bound';
  readonly enabled: boolean;
  readonly ownerId: string | null;
  readonly readScope: ShareScope;
  readonly manageScope: ShareScope;
}

/**
 * Things one can do to a skill: `read` (see, use, export), `edit` (files and dependencies),
 * `share` (change its scopes), `toggle` (enable/disable), `delete`.
 */
export type SkillAction = 'read' | 'edit' | 'share' | 'toggle' | 'delete';

/** Every {@link SkillAction}, for tables that must cover them all. */
export const SKILL_ACTIONS: readonly SkillAction[] = ['read', 'edit', 'share', 'toggle', 'delete'];

/** True when `scope` includes the viewer (by user id or by one of its departments). */
export function scopeIncludes(scope: ShareScope, viewer: Viewer): boolean {
  if (scope.kind === 'global') return true;
  if (scope.kind === 'users') return scope.userIds.includes(viewer.id);
  return scope.departmentIds.some((id) => viewer.departmentIds.includes(id));
}

/** Y3: an admin manages a shared skill it owns, or one whose read *and* manage scopes include it. */
function adminManages(viewer: Viewer, skill: SkillAccessFacts): boolean {
  return (
    viewer.role === 'admin' &&
    skill.kind === 'shared' &&
    (skill.ownerId === viewer.id ||
      (scopeIncludes(skill.readScope, viewer) && scopeIncludes(skill.manageScope, viewer)))
  );
}

/**
 * The one permission decision of the platform (SPEC Y3); every route asks it, and the listing
 * query (`listReadableSkills`) is its SQL twin.
 * - superadmin: reads every shared and builtin skill, enabled or not; manages every shared skill;
 *   maintains builtins (enable/disable only — never edit, share or delete).
 * - admin: reads enabled skills in its read scope; manages (and so also reads) its own shared
 *   skills and those whose read and manage scopes both include it.
 * - user: reads enabled skills in its read scope; manages no shared skill (only personal ones,
 *   which live in its workspace and have no row).
 * - agent-bound skills follow their agent: the bound-skill routes decide with `canOnAgent` on it
 *   (`src/routes/bound-skill-routes.ts`); without the agent at hand, its owner (the row's owner)
 *   and the superadmin read and edit them here; nobody shares, toggles or deletes one alone.
 * @example canOnSkill(viewer, 'edit', facts) // false for a user on any shared skill
 */
export function canOnSkill(viewer: Viewer, action: SkillAction, skill: SkillAccessFacts): boolean {
  if (skill.kind === 'agent-bound') {
    if (action !== 'read' && action !== 'edit') return false;
    return viewer.role === 'superadmin' || skill.ownerId === viewer.id;
  }
  if (skill.kind === 'builtin') {
    if (action === 'toggle') return viewer.role === 'superadmin';
    if (action !== 'read') return false;
  }
  if (viewer.role === 'superadmin') return true;
  if (action === 'read') {
    return (skill.enabled && scopeIncludes(skill.readScope, viewer)) || adminManages(viewer, skill);
  }
  return adminManages(viewer, skill);
}
