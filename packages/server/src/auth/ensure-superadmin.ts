import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AdvisoryLockKey } from '../db/advisory-lock-keys.js';
import type { Database } from '../db/database.js';
import { systemEvents, users } from '../db/schema.js';
import { DEFAULT_SCRYPT_COST, hashPassword, type ScryptCost } from './hash-password.js';

/** The username of the superadmin the first start creates. */
export const FIRST_SUPERADMIN_USERNAME = 'admin';

/** What {@link ensureSuperadmin} did. */
export type EnsureSuperadminResult =
  | { readonly created: false }
  | {
      readonly created: true;
      readonly username: string;
      /** The generated one-time password, to print once; absent when it came from the caller. */
      readonly generatedPassword?: string;
    };

/**
 * Creates the first superadmin `admin` when the database has none (SPEC Y1), under an advisory
 * lock so that processes starting together create exactly one. The password is `password` (from
 * `SKILLDOCK_ADMIN_PASSWORD`) or a generated one returned once for printing — it is stored only
 * as an scrypt hash (of `cost`, the production {@link DEFAULT_SCRYPT_COST} unless a test lowers it).
 */
export async function ensureSuperadmin(
  database: Database,
  password?: string,
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
): Promise<EnsureSuperadminResult> {
  const generatedPassword = password === undefined ? randomBytes(18).toString('base64url') : undefined;
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AdvisoryLockKey.bootstrapAdmin})`);
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'superadmin'))
      .limit(1);
    if (existing !== undefined) return { created: false as const };
    const passwordHash = await hashPassword(password ?? generatedPassword!, cost);
    const id = randomUUID();
    await tx.insert(users).values({
      id,
      username: FIRST_SUPERADMIN_USERNAME,
      displayName: 'Administrator',
      role: 'superadmin',
      passwordHash,
    });
    // `oneTimePassword` marks a generated password, which the web app asks to change at first sign-in.
    await tx.insert(systemEvents).values({
      kind: 'superadmin_created',
      details: { userId: id, oneTimePassword: generatedPassword !== undefined },
    });
    return {
      created: true as const,
      username: FIRST_SUPERADMIN_USERNAME,
      ...(generatedPassword === undefined ? {} : { generatedPassword }),
    };
  });
}
