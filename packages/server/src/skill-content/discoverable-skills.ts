import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Viewer } from '../auth/principal.js';
import { type DiscoverableSkill, packageDirectory, personalSkillsDirectory } from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { skills } from '../db/schema.js';
import type { Logger } from '../logging/logger.js';
import { listReadableSkills, type ReadableSkill } from '../policy/list-readable-skills.js';
import { readDiscoverySettings } from './discovery-settings.js';
import { listPersonalSkills } from './list-personal-skills.js';
import type { SkillContentContext } from './skill-content-context.js';

/**
 * The skills the discovery endpoints list for a caller (SPEC Y13), never more than it may read:
 * for an account, the enabled skills of `listReadableSkills` (the policy's one listing query) and
 * its own personal skills — a personal skill takes the place of a shared or builtin one with the
 * same id, as in a run (SPEC Y8), and a personal folder that is not a usable skill (a link, an
 * invalid SKILL.md) is left out; for an anonymous caller, nothing — or, when the superadmin set
 * `anonymous: 'global'`, the enabled builtin and shared skills whose read scope is global. A shared
 * row without a stored package is left out (and logged), never half-listed.
 */
export async function discoverableSkills(
  db: SkilldockDatabase,
  content: SkillContentContext,
  viewer: Viewer | null,
  logger: Logger,
): Promise<DiscoverableSkill[]> {
  let ids: string[];
  let readable: ReadableSkill[] = [];
  if (viewer !== null) {
    readable = await listReadableSkills(db, viewer);
    ids = readable.filter((skill) => skill.enabled).map((skill) => skill.id);
  } else {
    if ((await readDiscoverySettings(db)).anonymous !== 'global') return [];
    const rows = await db
      .select({ id: skills.id })
      .from(skills)
      .where(
        and(
          sql`${skills.kind} in ('builtin', 'shared')`,
          eq(skills.enabled, true),
          eq(skills.readScope, 'global'),
        ),
      );
    ids = rows.map((row) => row.id);
  }
  const found = await platformSkills(db, content, ids, logger);
  if (viewer === null) return found;
  const personal = await personalSkills(db, content, viewer, readable);
  const personalIds = new Set(personal.map((skill) => skill.id));
  return [...found.filter((skill) => !personalIds.has(skill.id)), ...personal];
}

/** The caller's usable personal skills, each read from its folder in the caller's workspace. */
async function personalSkills(
  db: SkilldockDatabase,
  content: SkillContentContext,
  viewer: Viewer,
  readable: readonly ReadableSkill[],
): Promise<DiscoverableSkill[]> {
  const { skills } = await listPersonalSkills(db, content.layout.dataDirectory, viewer, readable);
  const root = await personalSkillsDirectory(content.layout, viewer.id);
  return skills.flatMap((skill) =>
    skill.problem === null
      ? [{ id: skill.id, description: skill.description, directory: path.join(root, skill.id) }]
      : [],
  );
}

/** The builtin and shared skills among `ids`, each with its content folder. */
async function platformSkills(
  db: SkilldockDatabase,
  content: SkillContentContext,
  ids: readonly string[],
  logger: Logger,
): Promise<DiscoverableSkill[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: skills.id,
      kind: skills.kind,
      description: skills.description,
      contentRef: skills.contentRef,
    })
    .from(skills)
    .where(inArray(skills.id, [...ids]));
  const found: DiscoverableSkill[] = [];
  for (const row of rows) {
    if (row.kind === 'builtin') {
      found.push({
        id: row.id,
        description: row.description,
        directory: path.join(content.builtinDirectory, row.id),
      });
      continue;
    }
    if (row.kind !== 'shared' || row.contentRef === null) continue;
    try {
      const directory = await packageDirectory(content.layout, row.contentRef);
      found.push({ id: row.id, description: row.description, directory, revision: row.contentRef });
    } catch (error) {
      logger.warn('discovery.package_missing', {
        skillId: row.id,
        errorCode: (error as { code?: string }).code,
      });
    }
  }
  return found;
}
