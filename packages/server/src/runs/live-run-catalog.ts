import type { CatalogRefresh } from '@skilldock/agent/loop';
import { buildCatalog, type CatalogSkill, type CatalogSnapshot } from '@skilldock/core/catalog';
import { loadViewerAtGeneration } from '../auth/load-viewer.js';
import type { Viewer } from '../auth/principal.js';
import type { agents } from '../db/schema.js';
import type { ProjectionContext } from '../projections/index.js';
import {
  loadPersonalRunSkills,
  loadProjectedRunSkills,
  type ProjectedRunSkills,
  type ResolvedRunSkills,
  resolveRunSkills,
  runCatalogSkills,
} from './resolve-run-skills.js';

// A skill object of a kept snapshot is compared at every turn: its fingerprint is computed once.
const skillKeys = new WeakMap<CatalogSkill, string>();

/** What makes two loads of one skill the same for the model (the skill session's own fingerprint). */
function skillKey(skill: CatalogSkill): string {
  let key = skillKeys.get(skill);
  if (key === undefined) {
    key = JSON.stringify([
      skill.id,
      skill.name,
      skill.description,
      skill.body,
      skill.fields,
      skill.files,
      skill.directory ?? null,
    ]);
    skillKeys.set(skill, key);
  }
  return key;
}

/** Both snapshots hold the same skills with the same content. */
function sameSkills(left: CatalogSnapshot, right: CatalogSnapshot): boolean {
  if (left.skills.length !== right.skills.length) return false;
  return left.skills.every((skill, index) => {
    const other = right.skills[index]!;
    return skill === other || skillKey(skill) === skillKey(other);
  });
}

/** What {@link liveRunCatalog} re-resolves with. */
export interface LiveRunCatalogInput {
  readonly projection: ProjectionContext;
  /** The run's user as of the start; re-read from the database at every refresh. */
  readonly viewer: Viewer;
  readonly agent: typeof agents.$inferSelect;
  /** What the run resolved at its start: the bound skill stays pinned to its revision. */
  readonly resolved: ResolvedRunSkills;
  /** The catalog the run's skill session currently holds. */
  readonly current: () => CatalogSnapshot;
  /**
   * The platform skills the run's setup loaded from a resolution made for the user at `generation`
   * (read before resolving): kept by the first refreshes while the generation stays.
   */
  readonly loaded?: { readonly generation: string; readonly projected: ProjectedRunSkills };
}

/**
 * The catalog refresh of a platform run (issue 26, seed 002: "运行期间，授权边界也会刷新可见资源、普通
 * Skill 的预加载说明和用户投影" — during a run the permission boundary refreshes the visible skills
 * and the user's projection). Before every model turn the agent loop calls it: the run's user is
 * read again, the agent's selection is resolved against what that user may read *now*
 * (`resolveRunSkills`, which also rebuilds the user's projection: a revoked share's files leave it
 * before the next tool call), and personal skills are read from the workspace again. A skill whose
 * share was revoked disappears from the catalog (the skill session announces it as removed and
 * refuses its activation); a new grant appears. The agent-bound skill keeps the revision the run
 * started with (seed 002: "Agent 专属 Skill 的根说明在本 Run 内保留准备时内容").
 *
 * A user disabled mid-run gets an empty catalog, never the old one. When nothing changed the current
 * snapshot is returned, so path-gate activation (D3) is not reset on every turn.
 *
 * The platform part (the resolution, the projection and the skills loaded from it, the bound skill)
 * depends only on the tables behind the access generation and on immutable packages, so it is kept
 * under the generation read with the user, before resolving, and redone only when the generation
 * moved (every change of skills, scopes, users, departments or memberships moves it at commit, in
 * every process). A change committed while resolving moves it again, so the next turn redoes it.
 * Personal skills are read again at every turn.
 */
export function liveRunCatalog(input: LiveRunCatalogInput): CatalogRefresh {
  let kept = input.loaded;
  return async () => {
    const current = input.current();
    const found = await loadViewerAtGeneration(input.projection.db, input.viewer.id);
    if (found === null) {
      kept = undefined;
      const empty = buildCatalog([], { version: current.version + 1 });
      return sameSkills(current, empty) ? current : empty;
    }
    if (kept?.generation !== found.generation) {
      const fresh = await resolveRunSkills(input.projection, found.viewer, input.agent);
      const projected = await loadProjectedRunSkills(input.projection, found.viewer, {
        ...fresh,
        bound: input.resolved.bound,
      });
      kept = { generation: found.generation, projected };
    }
    const personal = await loadPersonalRunSkills(input.projection, found.viewer);
    const next = buildCatalog(runCatalogSkills(kept.projected, personal.skills), {
      version: current.version + 1,
    });
    return sameSkills(current, next) ? current : next;
  };
}
