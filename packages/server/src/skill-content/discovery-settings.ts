import { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { settings } from '../db/schema.js';

/** The `settings` key of the discovery endpoints' configuration. */
export const DISCOVERY_SETTINGS_KEY = 'discovery';

/**
 * What the discovery endpoints (SPEC Y13) show a caller with no token or session: `none` (the
 * default: an empty index, nothing leaves the platform unauthenticated) or `global` (the enabled
 * builtin and shared skills whose read scope is global — what every account may read anyway).
 */
export const discoverySettingsSchema = z
  .object({ anonymous: z.enum(['none', 'global']) })
  .strict()
  .openapi('DiscoverySettings');

export type DiscoverySettings = z.infer<typeof discoverySettingsSchema>;

/** The stored discovery settings, or the default (`anonymous: 'none'`). */
export async function readDiscoverySettings(
  db: SkilldockDatabase | SkilldockTransaction,
): Promise<DiscoverySettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, DISCOVERY_SETTINGS_KEY));
  const parsed = discoverySettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : { anonymous: 'none' };
}

/** Stores the discovery settings (one row, replaced). */
export async function writeDiscoverySettings(
  tx: SkilldockTransaction,
  value: DiscoverySettings,
): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: DISCOVERY_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/**
 * Replaces the discovery settings and records `discovery.settings_changed` (before and after), in
 * one transaction (SPEC Y13, Y14).
 */
export async function changeDiscoverySettings(
  db: SkilldockDatabase,
  actor: AuditActor,
  value: DiscoverySettings,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readDiscoverySettings(tx);
    await writeDiscoverySettings(tx, value);
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'discovery.settings_changed',
      targetType: 'settings',
      targetId: 'discovery',
      requestId: actor.requestId,
      details: { before, after: value },
    });
  });
}
