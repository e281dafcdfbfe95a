import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { auditLog } from '../db/schema.js';

/** A stored audit entry (SPEC Y14). */
export type AuditLogRow = typeof auditLog.$inferSelect;

/** Which entries to list: every given field must match; `before` pages by entry id. */
export interface AuditFilter {
  readonly actorId?: string | undefined;
  readonly action?: string | undefined;
  readonly targetType?: string | undefined;
  readonly targetId?: string | undefined;
  /** From this time on (inclusive). */
  readonly since?: Date | undefined;
  /** Up to this time (inclusive). */
  readonly until?: Date | undefined;
  /** Only entries with a smaller id (the previous page's last). */
  readonly before?: number | undefined;
  readonly limit: number;
}

/** The audit entries matching `filter`, newest first, at most `filter.limit`. */
export function listAuditEntries(db: SkilldockDatabase, filter: AuditFilter): Promise<AuditLogRow[]> {
  const conditions: SQL[] = [];
  if (filter.actorId !== undefined) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.action !== undefined) conditions.push(eq(auditLog.action, filter.action));
  if (filter.targetType !== undefined) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId !== undefined) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.since !== undefined) conditions.push(gte(auditLog.at, filter.since));
  if (filter.until !== undefined) conditions.push(lte(auditLog.at, filter.until));
  if (filter.before !== undefined) conditions.push(lt(auditLog.id, filter.before));
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
}
