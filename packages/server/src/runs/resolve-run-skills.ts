import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { buildCatalog, type CatalogSnapshot } from '@skilldock/core/catalog';
import { UserInputError } from '@skilldock/core/errors';
import { loadSkill, type Skill, type SourceType } from '@skilldock/core/format';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../auth/principal.js';
import { personalSkillsDirectory } from '../content/index.js';
import { packageDirectory } from '../content/package-directory.js';
import type { SkilldockDatabase } from '../db/database.js';
import { type agents, skills } from '../db/schema.js';
import { resolveAgentSkills } from '../policy/resolve-agent-skills.js';
import { ensureUserProjection, type ProjectionContext, type UserProjection } from '../projections/index.js';

/**
 * What a run resolved at its start (SPEC Y8), stored on its row so a resumed run (another process,
 * after an approval) uses the same selection: the platform skill ids (selected ∪ dependency
 * closure, all readable by the caller), the preloads, and the bound skill pinned to the revision it
 * had, so its root text is fixed for the run.
 */
export interface ResolvedRunSkills {
  readonly platformSkillIds: readonly string[];
  readonly preload: readonly string[];
  readonly bound: { readonly id: string; readonly revision: string } | null;
}

/** The catalog a run works from, and the folders its tools may read. */
export interface RunCatalog {
  readonly catalog: CatalogSnapshot;
  readonly preload: readonly string[];
  readonly projectionDirectory: string;
  readonly personalDirectory: string;
  /** Skill folders the tools read and never write. */
  readonly readOnlyRoots: readonly string[];
  /** The platform part of the catalog, as a refresh may keep it (`liveRunCatalog`). */
  readonly projected: ProjectedRunSkills;
}

type AgentRow = typeof agents.$inferSelect;

async function loadPlatformSkill(directory: string, sourceType: SourceType): Promise<Skill | undefined> {
  const loaded = await loadSkill(directory, {
    origin: { sourceType, sourceDir: path.dirname(directory) },
  });
  return loaded.ok ? loaded.skill : undefined;
}

/**
 * Resolves a run for the calling user at its start (SPEC Y8, Y3): the agent's selection
 * intersected with what `viewer` may read (`resolveAgentSkills`), then the dependency closure among
 * the skills of the user's projection — a dependency the user may not read is never added — and the
 * preloads the user may read (`preloadSkills: "all"`: every selected skill the user may read; their
 * dependencies come in through the closure and are loaded on activation, as seed 002 describes). The bound skill is pinned to its current revision.
 */
export async function resolveRunSkills(
  projection: ProjectionContext,
  viewer: Viewer,
  agent: AgentRow,
): Promise<ResolvedRunSkills> {
  const { db } = projection;
  const view = await ensureUserProjection(projection, viewer);
  const entries = new Map(view.entries.map((entry) => [entry.id, entry]));
  const { skillIds } = await resolveAgentSkills(db, viewer, agent.skills);
  const preloads = agent.preloadSkills === 'all' ? skillIds : agent.preloadSkills;
  const wanted = [...new Set([...skillIds, ...preloads.filter((id) => entries.has(id))])];
  const closure = new Set<string>();
  const unloadable = new Set<string>();
  const pending = wanted.filter((id) => entries.has(id));
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (closure.has(id)) continue;
    closure.add(id);
    const entry = entries.get(id)!;
    const skill = await loadPlatformSkill(entry.directory, entry.kind);
    if (skill === undefined) unloadable.add(id);
    for (const dependency of skill?.fields.skillDependencies ?? []) {
      if (entries.has(dependency) && !closure.has(dependency)) pending.push(dependency);
    }
  }
  return {
    platformSkillIds: [...closure].sort(),
    // A named preload that does not load fails the run loudly (SPEC R8); "all" names none of them,
    // so one broken skill among everything readable is left out instead of failing every run.
    preload: preloads.filter(
      (id) => closure.has(id) && (agent.preloadSkills !== 'all' || !unloadable.has(id)),
    ),
    bound: await boundRevision(db, agent),
  };
}

async function boundRevision(db: SkilldockDatabase, agent: AgentRow): Promise<ResolvedRunSkills['bound']> {
  if (agent.boundSkillId === null) return null;
  const [row] = await db
    .select({ id: skills.id, contentRef: skills.contentRef })
    .from(skills)
    .where(and(eq(skills.id, agent.boundSkillId), eq(skills.kind, 'agent-bound')));
  if (row?.contentRef === null || row?.contentRef === undefined) return null;
  return { id: row.id, revision: row.contentRef };
}

/** The skills of a resolved run that stay the same while the access generation does (see {@link loadRunCatalog}). */
export interface ProjectedRunSkills {
  /** The platform skills still in the user's projection, in `platformSkillIds` order. */
  readonly platform: readonly Skill[];
  /** The bound skill from its pinned package, under its id; undefined when the agent has none. */
  readonly bound: Skill | undefined;
  readonly projectionDirectory: string;
  /** The bound skill's package folder, when it has one. */
  readonly boundDirectory: string | undefined;
}

/**
 * The platform part of a run's catalog: the user's projection brought up to date
 * (`ensureUserProjection`), the resolved platform skills loaded from it (only ids still in it:
 * access revoked since the start is not used) and the bound skill from its pinned package (a
 * preload: when it does not load the run fails loudly, SPEC R8). All of it is a function of the
 * access generation and the resolution (packages are immutable), so a refresh may keep it while the
 * generation stays (`liveRunCatalog`).
 */
export async function loadProjectedRunSkills(
  projection: ProjectionContext,
  viewer: Viewer,
  resolved: ResolvedRunSkills,
): Promise<ProjectedRunSkills> {
  const view: UserProjection = await ensureUserProjection(projection, viewer);
  const entries = new Map(view.entries.map((entry) => [entry.id, entry]));
  const platform: Skill[] = [];
  for (const id of resolved.platformSkillIds) {
    const entry = entries.get(id);
    if (entry === undefined) continue;
    const skill = await loadPlatformSkill(entry.directory, entry.kind);
    if (skill !== undefined) platform.push(skill);
  }
  if (resolved.bound === null)
    return { platform, bound: undefined, projectionDirectory: view.directory, boundDirectory: undefined };
  const directory = await packageDirectory(projection.content.layout, resolved.bound.revision);
  const bound = await loadPlatformSkill(directory, 'session');
  if (bound === undefined) {
    throw new UserInputError(
      'preload_skill_unreadable',
      `The agent's bound skill ${resolved.bound.id} could not be read from its revision.`,
      { details: { skillId: resolved.bound.id } },
    );
  }
  return {
    platform,
    bound: { ...bound, id: resolved.bound.id },
    projectionDirectory: view.directory,
    boundDirectory: directory,
  };
}

/**
 * Every personal skill of the user's workspace (`<data>/workspaces/<user>/agents/skills`), read
 * again at every call: the user edits them outside any run, and no generation tracks them.
 */
export async function loadPersonalRunSkills(
  projection: ProjectionContext,
  viewer: Viewer,
): Promise<{ readonly directory: string; readonly skills: readonly Skill[] }> {
  const directory = await personalSkillsDirectory(projection.content.layout, viewer.id);
  const loaded: Skill[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    // Links are never followed (SPEC Y15); a folder whose SKILL.md is invalid is left out.
    if (!entry.isDirectory()) continue;
    const skill = await loadPlatformSkill(path.join(directory, entry.name), 'personal');
    if (skill !== undefined) loaded.push(skill);
  }
  return { directory, skills: loaded };
}

/** The skills of a run's catalog in the order it has always been built from: platform, personal, bound. */
export function runCatalogSkills(projected: ProjectedRunSkills, personal: readonly Skill[]): Skill[] {
  return [...projected.platform, ...personal, ...(projected.bound === undefined ? [] : [projected.bound])];
}

/**
 * Loads the catalog of a resolved run (SPEC Y8, D1): the platform skills from the user's projection
 * (only ids still in it: access revoked since the start is not used), every personal skill from the
 * user's workspace (personal overrides shared and builtin), and the bound skill from its pinned
 * package. Preloads are the resolved ones plus the bound skill; a preload that does not load fails
 * the run loudly (SPEC R8, in `createSkillSession`).
 */
export async function loadRunCatalog(
  projection: ProjectionContext,
  viewer: Viewer,
  resolved: ResolvedRunSkills,
  /** The snapshot's version: a refresh during the run passes a higher one (SPEC R7). */
  version = 1,
): Promise<RunCatalog> {
  const projected = await loadProjectedRunSkills(projection, viewer, resolved);
  const personal = await loadPersonalRunSkills(projection, viewer);
  const preload = [...resolved.preload];
  const roots = [projected.projectionDirectory, personal.directory];
  if (resolved.bound !== null && projected.boundDirectory !== undefined) {
    preload.push(resolved.bound.id);
    roots.push(projected.boundDirectory);
  }
  return {
    catalog: buildCatalog(runCatalogSkills(projected, personal.skills), { version }),
    preload,
    projectionDirectory: projected.projectionDirectory,
    personalDirectory: personal.directory,
    readOnlyRoots: roots,
    projected,
  };
}
