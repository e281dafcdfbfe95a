import { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { settings } from '../db/schema.js';
import { allowedHostsSchema } from '../install/install-settings.js';

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
