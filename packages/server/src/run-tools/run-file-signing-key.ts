import { randomBytes } from 'node:crypto';
import { SkilldockError } from '@skilldock/core/errors';
import { eq } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { settings } from '../db/schema.js';

/** The settings row holding the key that signs run file links. */
export const RUN_FILE_SIGNING_KEY_SETTING = 'run_files.signing_key';

/**
 * The key that signs run file download links, shared by every server process on the database
 * (SPEC Y16: a link listed by one process downloads from any other): made at random by whichever
 * process needs it first, then read. No route lists settings by prefix, so it never leaves the server.
 */
export async function ensureRunFileSigningKey(db: SkilldockDatabase): Promise<Buffer> {
  await db
    .insert(settings)
    .values({ key: RUN_FILE_SIGNING_KEY_SETTING, value: { key: randomBytes(32).toString('base64') } })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, RUN_FILE_SIGNING_KEY_SETTING));
  const stored = (row?.value as { key?: unknown } | undefined)?.key;
  const key = typeof stored === 'string' ? Buffer.from(stored, 'base64') : Buffer.alloc(0);
  if (key.length !== 32)
    throw new SkilldockError(
      'run_file_signing_key_invalid',
      `The setting ${RUN_FILE_SIGNING_KEY_SETTING} does not hold a 32-byte key.`,
    );
  return key;
}
