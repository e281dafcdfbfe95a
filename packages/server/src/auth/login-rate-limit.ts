import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { loginAttempts } from '../db/schema.js';

/** Login rate limits: failures allowed per account and per client address within a window. */
export interface LoginRateLimit {
  /** Failed (or still pending) attempts allowed per account in the window (default 5). */
  readonly perAccount: number;
  /** Failed (or still pending) attempts allowed per address in the window (default 20). */
  readonly perAddress: number;
  /** The window in seconds (default 900, 15 minutes); also the `Retry-After` of a refusal. */
  readonly windowSeconds: number;
}

/** The defaults of {@link LoginRateLimit}. */
export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { perAccount: 5, perAddress: 20, windowSeconds: 900 };

/**
 * Registers a login attempt and says whether it may go on (SPEC Y1, Y16: counted in the database,
 * so the limit holds across processes). The attempt is inserted *before* counting: of N
 * concurrent attempts the k-th to commit counts at least k, so no more than the limit get through
 * however they race. Successful attempts stop counting (see {@link settleLoginAttempt}).
 */
export async function beginLoginAttempt(
  db: SkilldockDatabase,
  input: { readonly account: string; readonly address: string },
  limit: LoginRateLimit,
): Promise<{ readonly allowed: true; readonly attemptId: number } | { readonly allowed: false }> {
  const since = new Date(Date.now() - limit.windowSeconds * 1000);
  // Old attempts are never read again; sweep them so the table stays small.
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, since));
  const [attempt] = await db
    .insert(loginAttempts)
    .values({ account: input.account, address: input.address })
    .returning({ id: loginAttempts.id });
  const notSucceeded = or(isNull(loginAttempts.succeeded), eq(loginAttempts.succeeded, false));
  const [counts] = await db
    .select({
      account: count(sql`case when ${loginAttempts.account} = ${input.account} then 1 end`),
      address: count(sql`case when ${loginAttempts.address} = ${input.address} then 1 end`),
    })
    .from(loginAttempts)
    .where(
      and(
        gt(loginAttempts.attemptedAt, since),
        notSucceeded,
        or(eq(loginAttempts.account, input.account), eq(loginAttempts.address, input.address)),
      ),
    );
  if ((counts?.account ?? 0) > limit.perAccount || (counts?.address ?? 0) > limit.perAddress) {
    await settleLoginAttempt(db, attempt!.id, false);
    return { allowed: false };
  }
  return { allowed: true, attemptId: attempt!.id };
}

/** Records how an attempt from {@link beginLoginAttempt} ended. */
export async function settleLoginAttempt(
  db: SkilldockDatabase,
  attemptId: number,
  succeeded: boolean,
): Promise<void> {
  await db.update(loginAttempts).set({ succeeded }).where(eq(loginAttempts.id, attemptId));
}
