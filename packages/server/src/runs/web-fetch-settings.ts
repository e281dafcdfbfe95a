import { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { settings } from '../db/schema.js';
import { allowedHostsSchema, writeSetting } from '../install/install-settings.js';

/** The `settings` row of the runs' `web_fetch` tool: `{ allowedHosts: string[] }` (issue 26). */
export const WEB_FETCH_SETTING_KEY = 'run.web_fetch';

/** The admins' `web_fetch` settings: the exact hosts a run may fetch; empty turns the tool off. */
export interface WebFetchSettings {
  readonly allowedHosts: readonly string[];
}

/** The request body of `PUT /api/admin/settings/web-fetch`. */
export const webFetchSettingsBodySchema = z.object({ allowedHosts: allowedHostsSchema }).strict();

/** Reads the `web_fetch` settings; nothing set yet is an empty list (the tool is off by default). */
export async function readWebFetchSettings(
  db: SkilldockDatabase | SkilldockTransaction,
): Promise<WebFetchSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, WEB_FETCH_SETTING_KEY));
  const hosts = allowedHostsSchema.safeParse(
    (row?.value as Record<string, unknown> | undefined)?.allowedHosts,
  );
  return { allowedHosts: hosts.success ? hosts.data : [] };
}

/**
 * Replaces the hosts the `web_fetch` tool may fetch (already normalized) and records
 * `settings.changed` (before and after), in one transaction (issue 26, SPEC Y14).
 */
export async function changeWebFetchSettings(
  db: SkilldockDatabase,
  actor: AuditActor,
  allowedHosts: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readWebFetchSettings(tx);
    await writeSetting(tx, WEB_FETCH_SETTING_KEY, { allowedHosts });
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'settings.changed',
      targetType: 'setting',
      targetId: WEB_FETCH_SETTING_KEY,
      details: { before: before.allowedHosts, after: allowedHosts },
      requestId: actor.requestId,
    });
  });
}
