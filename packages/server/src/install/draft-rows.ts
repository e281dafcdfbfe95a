import { and, desc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import {
  type ContentDraft,
  cancelContentDraft,
  contentLayout,
  sweepContentDrafts,
} from '../content/index.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { drafts } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';

/** A draft row as the routes read it: its owner and the stored `ContentDraft`. */
export interface DraftRow {
  readonly id: string;
  readonly userId: string;
  readonly draft: ContentDraft;
  readonly expiresAt: Date;
}

/** Stores a prepared draft for its user (SPEC P6, Y16: every process sees it). */
export async function insertDraftRow(
  db: SkilldockDatabase | SkilldockTransaction,
  userId: string,
  draft: ContentDraft,
): Promise<void> {
  await db.insert(drafts).values({
    id: draft.id,
    userId,
    payload: draft,
    createdAt: new Date(draft.createdAt),
    expiresAt: new Date(draft.expiresAt),
  });
}

/**
 * The caller's draft `id`, or a 404: another user's draft, an unknown id and a confirmed or
 * cancelled one all look the same. A draft past its hour is removed here and answers 404
 * `draft_expired`.
 */
export async function findDraftRow(
  db: SkilldockDatabase,
  dataDir: string,
  { id, userId, now }: { readonly id: string; readonly userId: string; readonly now: Date },
): Promise<DraftRow> {
  const [row] = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.id, id), eq(drafts.userId, userId)));
  if (row === undefined) throw new HttpError(404, 'draft_not_found', 'No such install draft');
  if (row.expiresAt.getTime() <= now.getTime()) {
    await cancelContentDraft(contentLayout(dataDir), id);
    await db.delete(drafts).where(eq(drafts.id, id));
    throw new HttpError(404, 'draft_expired', 'The install draft expired; prepare the install again', {
      details: { draftId: id, expiresAt: row.expiresAt.toISOString() },
    });
  }
  return { id: row.id, userId: row.userId, draft: row.payload as ContentDraft, expiresAt: row.expiresAt };
}

/** Removes the draft row `id`; its staged content is the caller's to remove (`cancelContentDraft`). */
export async function deleteDraftRow(db: SkilldockDatabase, id: string): Promise<void> {
  await db.delete(drafts).where(eq(drafts.id, id));
}

/**
 * Removes the caller's draft `row` (already found as the actor's) with its `draft.cancelled` audit
 * entry, in one transaction; its staged content is the caller's to remove first.
 */
export async function cancelDraftRow(db: SkilldockDatabase, actor: AuditActor, row: DraftRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(drafts).where(eq(drafts.id, row.id));
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'draft.cancelled',
      targetType: 'draft',
      targetId: row.id,
      details: { source: row.draft.source.lockSource },
      requestId: actor.requestId,
    });
  });
}

/**
 * The caller's drafts that have not expired at `now`, newest first: an expired draft never shows,
 * whether or not a sweep has removed it yet.
 */
export async function listDraftRows(
  db: SkilldockDatabase,
  userId: string,
  now: Date,
): Promise<ContentDraft[]> {
  const rows = await db
    .select({ payload: drafts.payload })
    .from(drafts)
    .where(and(eq(drafts.userId, userId), gt(drafts.expiresAt, now)))
    .orderBy(desc(drafts.createdAt));
  return rows.map((row) => row.payload as ContentDraft);
}

/**
 * Removes expired and abandoned drafts (SPEC P6: one hour): their staging folders under the data
 * folder (core's sweep) and their rows, including rows whose folder another process already swept.
 * Run at start-up and, at most once a minute per process, when drafts are listed (see
 * {@link createDraftSweeper}). Returns the ids removed.
 * @example await sweepInstallDrafts(database.db, dataDir, () => new Date());
 */
export async function sweepInstallDrafts(
  db: SkilldockDatabase,
  dataDir: string,
  now: () => Date = () => new Date(),
): Promise<string[]> {
  const swept = await sweepContentDrafts(contentLayout(dataDir), now);
  const expired = lte(drafts.expiresAt, now());
  const removed = await db
    .delete(drafts)
    .where(swept.length === 0 ? expired : or(expired, inArray(drafts.id, swept)))
    .returning({ id: drafts.id });
  // A row past its hour whose folder outlived the sweep (another clock) goes with it.
  const layout = contentLayout(dataDir);
  for (const { id } of removed) if (!swept.includes(id)) await cancelContentDraft(layout, id);
  return [...new Set([...swept, ...removed.map((row) => row.id)])].sort();
}

/** How often listing drafts sweeps them at most, per process (SPEC P6: drafts live an hour). */
export const DRAFT_SWEEP_INTERVAL_MILLISECONDS = 60_000;

/**
 * A sweep of {@link sweepInstallDrafts} that runs at most once per interval of `now`'s clock and
 * never twice at once: listing drafts costs one sweep a minute, not one sweep of every stored draft
 * per request. Expired drafts stay invisible meanwhile (`listDraftRows` filters them).
 */
export function createDraftSweeper(
  db: SkilldockDatabase,
  dataDir: string,
  now: () => Date,
  intervalMilliseconds = DRAFT_SWEEP_INTERVAL_MILLISECONDS,
): () => Promise<void> {
  let last: number | undefined;
  let running: Promise<void> | undefined;
  return () => {
    const at = now().getTime();
    if (running !== undefined) return running;
    if (last !== undefined && Math.abs(at - last) < intervalMilliseconds) return Promise.resolve();
    last = at;
    running = sweepInstallDrafts(db, dataDir, now)
      .then(() => undefined)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}
