import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError } from '@skilldock/core/errors';
import { isSafeSkillId } from '@skilldock/core/fs';
import { eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../auth/principal.js';
import { packageDirectory } from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { accessGeneration, skills } from '../db/schema.js';
import type { Logger } from '../logging/logger.js';
import { listReadableSkills } from '../policy/list-readable-skills.js';
import type { SkillContentContext } from '../skill-content/skill-content-context.js';

/** One skill a projection should hold: where its files are and which revision they are. */
export interface ProjectionSource {
  readonly id: string;
  readonly kind: 'builtin' | 'shared';
  /** The content revision: a shared skill's `content_ref`, a builtin's `content_hash`. */
  readonly revision: string;
  /** Its package folder (shared) or shipped folder (builtin). */
  readonly directory: string;
}

/** The database's access generation now (see the `access_generation` table), as text. */
export async function readAccessGeneration(db: SkilldockDatabase): Promise<string> {
  const [row] = await db
    .select({ value: accessGeneration.value })
    .from(accessGeneration)
    .where(eq(accessGeneration.id, 1));
  return String(row?.value ?? 0);
}

/**
 * The enabled builtin and shared skills `viewer` may read (`listReadableSkills`, the policy's one
 * listing query), each with its revision and source folder. A shared skill whose package is not
 * stored (or is a link) is left out and logged, never half-projected.
 * @throws SecurityError `symlink_refused` when `<data>/packages` is a link.
 */
export async function projectionSources(
  db: SkilldockDatabase,
  content: SkillContentContext,
  viewer: Viewer,
  logger: Logger,
): Promise<ProjectionSource[]> {
  const ids = (await listReadableSkills(db, viewer))
    .filter((skill) => skill.enabled)
    .map((skill) => skill.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: skills.id,
      kind: skills.kind,
      contentRef: skills.contentRef,
      contentHash: skills.contentHash,
    })
    .from(skills)
    .where(inArray(skills.id, ids));
  if ((await lstat(content.layout.packagesDirectory).catch(() => undefined))?.isSymbolicLink())
    throw new SecurityError(
      'symlink_refused',
      `${content.layout.packagesDirectory} is a symbolic link; packages are never read through a link.`,
      { details: { path: content.layout.packagesDirectory } },
    );
  const sources: ProjectionSource[] = [];
  for (const row of rows) {
    // SEC1: an id becomes a path only through the one safe-segment check.
    if (!isSafeSkillId(row.id)) {
      logger.warn('projection.unsafe_skill_id', { skillId: row.id });
      continue;
    }
    if (row.kind === 'builtin' && row.contentHash !== null) {
      sources.push({
        id: row.id,
        kind: 'builtin',
        revision: row.contentHash,
        directory: path.join(content.builtinDirectory, row.id),
      });
      continue;
    }
    if (row.kind !== 'shared' || row.contentRef === null) continue;
    try {
      const directory = await packageDirectory(content.layout, row.contentRef);
      sources.push({ id: row.id, kind: 'shared', revision: row.contentRef, directory });
    } catch (error) {
      logger.warn('projection.package_missing', {
        skillId: row.id,
        errorCode: (error as { code?: string }).code,
      });
    }
  }
  return sources.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
