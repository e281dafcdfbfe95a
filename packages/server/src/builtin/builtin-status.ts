import { asc, desc, eq } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { skills, systemEvents } from '../db/schema.js';

/** A built-in skill as the admins' status lists it (SPEC Y10, W5). */
export interface BuiltinSkillStatus {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly version: string;
  readonly enabled: boolean;
  readonly updatedAt: Date;
}

/** The last `builtin_sync` system event: when it ran and what it recorded (`added`, `updated`, `removed`). */
export interface BuiltinSyncEvent {
  readonly at: Date;
  readonly details: Record<string, unknown>;
}

/** The built-in skills, by id, and the last sync that changed them (undefined when none has). */
export async function builtinStatus(
  db: SkilldockDatabase,
): Promise<{ readonly skills: BuiltinSkillStatus[]; readonly lastSync: BuiltinSyncEvent | undefined }> {
  const [rows, [event]] = await Promise.all([
    db
      .select({
        id: skills.id,
        name: skills.name,
        description: skills.description,
        version: skills.version,
        enabled: skills.enabled,
        updatedAt: skills.updatedAt,
      })
      .from(skills)
      .where(eq(skills.kind, 'builtin'))
      .orderBy(asc(skills.id)),
    db
      .select({ at: systemEvents.at, details: systemEvents.details })
      .from(systemEvents)
      .where(eq(systemEvents.kind, 'builtin_sync'))
      .orderBy(desc(systemEvents.id))
      .limit(1),
  ]);
  return { skills: rows, lastSync: event };
}
