import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { auditLog } from '../db/schema.js';

/** One audit entry (SPEC Y14): who did what to which target. `details` never holds a secret. */
export interface AuditEntry {
  readonly actor: { readonly id: string; readonly username: string } | null;
  /** Dotted noun-then-verb, e.g. `user.created`, `token.revoked`, `skill.enabled`. */
  readonly action: string;
  readonly targetType: string;
  readonly targetId?: string | null;
  readonly details?: Record<string, unknown>;
  readonly requestId?: string | null;
}

/**
 * Appends an entry to the audit log, in the caller's transaction so the change and its record
 * commit together.
 * @example await recordAudit(tx, { actor, action: 'department.created', targetType: 'department', targetId: id });
 */
export async function recordAudit(
  db: SkilldockDatabase | SkilldockTransaction,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.username ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
    requestId: entry.requestId ?? null,
  });
}
