import { SkilldockError } from '@skilldock/core/errors';
import { computeDirectoryRevision } from '@skilldock/core/package';
import { and, desc, eq, isNull, notInArray, type SQL } from 'drizzle-orm';
import {
  type ContentLayout,
  type LeasedPackage,
  leaseStoredPackage,
  readSkillIndexEntry,
  type SkillIndexEntry,
} from '../content/index.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { skillRevisions, users } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';

/** How many revisions of one skill are kept; older rows go, and their packages with the next prune. */
export const SKILL_HISTORY_LIMIT = 50;

/** Whose history: a shared skill (by id) or one user's personal skill. */
export type SkillHistoryKey =
  | { readonly kind: 'shared'; readonly skillId: string }
  | { readonly kind: 'personal'; readonly userId: string; readonly skillId: string };

/** How a revision came to be. */
export type SkillRevisionAction = 'saved' | 'restored' | 'baseline';

/** One entry of a skill's history, newest first in a list. */
export interface SkillRevisionEntry {
  readonly revision: string;
  readonly action: SkillRevisionAction;
  readonly author: { readonly id: string; readonly displayName: string } | null;
  readonly createdAt: Date;
}

/** A revision to record. */
export interface NewSkillRevision {
  readonly revision: string;
  readonly action: SkillRevisionAction;
  readonly authorId: string | null;
  readonly createdAt?: Date;
}

type Queryable = SkilldockDatabase | SkilldockTransaction;

function ofSkill(key: SkillHistoryKey): SQL {
  return and(
    eq(skillRevisions.skillKind, key.kind),
    eq(skillRevisions.skillId, key.skillId),
    key.kind === 'personal' ? eq(skillRevisions.userId, key.userId) : isNull(skillRevisions.userId),
  ) as SQL;
}

/** Whether the skill has any recorded revision (a save records the content it replaced first). */
export async function hasSkillHistory(db: Queryable, key: SkillHistoryKey): Promise<boolean> {
  const [row] = await db.select({ id: skillRevisions.id }).from(skillRevisions).where(ofSkill(key)).limit(1);
  return row !== undefined;
}

/** The newest recorded revision of the skill, if any. */
export async function latestSkillRevision(db: Queryable, key: SkillHistoryKey): Promise<string | null> {
  const [row] = await db
    .select({ revision: skillRevisions.revision })
    .from(skillRevisions)
    .where(ofSkill(key))
    .orderBy(desc(skillRevisions.id))
    .limit(1);
  return row?.revision ?? null;
}

/**
 * Records one revision of a skill and drops the rows beyond the newest {@link SKILL_HISTORY_LIMIT}.
 * Run it in the transaction that commits the revision, so history and content never disagree.
 */
export async function recordSkillRevision(
  db: Queryable,
  key: SkillHistoryKey,
  entry: NewSkillRevision,
): Promise<void> {
  await db.insert(skillRevisions).values({
    skillKind: key.kind,
    skillId: key.skillId,
    userId: key.kind === 'personal' ? key.userId : null,
    revision: entry.revision,
    action: entry.action,
    authorId: entry.authorId,
    ...(entry.createdAt === undefined ? {} : { createdAt: entry.createdAt }),
  });
  // One statement: the newest rows are chosen inside the delete, not read back first.
  const kept = db
    .select({ id: skillRevisions.id })
    .from(skillRevisions)
    .where(ofSkill(key))
    .orderBy(desc(skillRevisions.id))
    .limit(SKILL_HISTORY_LIMIT);
  await db.delete(skillRevisions).where(and(ofSkill(key), notInArray(skillRevisions.id, kept)));
}

/** Forgets a skill's history (it was deleted); its packages go with the next prune. */
export async function forgetSkillHistory(db: Queryable, key: SkillHistoryKey): Promise<void> {
  await db.delete(skillRevisions).where(ofSkill(key));
}

/** The skill's history, newest first, with each author's display name (null once the author is gone). */
export async function listSkillHistory(db: Queryable, key: SkillHistoryKey): Promise<SkillRevisionEntry[]> {
  const rows = await db
    .select({
      revision: skillRevisions.revision,
      action: skillRevisions.action,
      authorId: users.id,
      authorName: users.displayName,
      createdAt: skillRevisions.createdAt,
    })
    .from(skillRevisions)
    .leftJoin(users, eq(users.id, skillRevisions.authorId))
    .where(ofSkill(key))
    .orderBy(desc(skillRevisions.id));
  return rows.map((row) => ({
    revision: row.revision,
    action: row.action,
    author:
      row.authorId === null || row.authorName === null
        ? null
        : { id: row.authorId, displayName: row.authorName },
    createdAt: row.createdAt,
  }));
}

/** 404 `revision_not_found` unless `revision` is in the skill's history: no other package is reachable. */
export async function assertInHistory(db: Queryable, key: SkillHistoryKey, revision: string): Promise<void> {
  const [row] = await db
    .select({ id: skillRevisions.id })
    .from(skillRevisions)
    .where(and(ofSkill(key), eq(skillRevisions.revision, revision)))
    .limit(1);
  if (row === undefined)
    throw new HttpError(404, 'revision_not_found', 'This skill has no such revision in its history', {
      details: { revision },
    });
}

/**
 * Leases the stored package of a history revision: 404 `revision_pruned` when its package is no
 * longer stored (the history says so instead of failing), 422 `revision_corrupt` when its files no
 * longer hash to the revision or its SKILL.md does not load.
 */
export async function leaseHistoryRevision(
  layout: ContentLayout,
  revision: string,
  verify: boolean,
): Promise<{ readonly leased: LeasedPackage; readonly index: SkillIndexEntry | null }> {
  const leased = await leaseStoredPackage(layout, revision).catch((error: unknown) => {
    if (SkilldockError.isInstance(error) && error.code === 'package_not_found')
      throw new HttpError(404, 'revision_pruned', 'The files of this revision are no longer stored', {
        details: { revision },
        cause: error,
      });
    throw error;
  });
  if (!verify) return { leased, index: null };
  try {
    if ((await computeDirectoryRevision(leased.directory)) !== revision)
      throw new SkilldockError('revision_corrupt', 'its files no longer hash to its revision');
    return { leased, index: await readSkillIndexEntry(leased.directory) };
  } catch (error) {
    await leased.lease.release();
    throw new HttpError(
      422,
      'revision_corrupt',
      `The revision cannot be restored: ${(error as Error).message}. The current content is unchanged.`,
      { details: { revision }, cause: error },
    );
  }
}
