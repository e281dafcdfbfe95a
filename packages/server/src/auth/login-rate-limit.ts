import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { SkilldockDatabase } from '../db/database.js';
import { loginAttempts } from '../db/schema.js';

/**
 * Sign-in limits (SPEC Y1). Failures are counted per (account, source address): past `perSource`
 * a source waits `backoffSeconds`, doubling with every further attempt, up to `windowSeconds`.
 * Past `perAccount` failures of one account from all sources together, every source that has
 * failed for it gets one try per backoff; a source with no failure for the account always gets its
 * try, so no one elsewhere can lock the right password out. Past `perAddress` failures from one
 * source across accounts, that source is refused.
 */
export interface LoginRateLimit {
  /** Failed (or still pending) attempts allowed per account from one source before backoff (default 5). */
  readonly perSource: number;
  /** Failed attempts of one account, from all sources, after which each failing source gets one try (default 100). */
  readonly perAccount: number;
  /** Failed (or still pending) attempts allowed per address, across accounts, in the window (default 20). */
  readonly perAddress: number;
  /** The window in seconds (default 900, 15 minutes): older attempts are forgotten; the longest wait. */
  readonly windowSeconds: number;
  /** The first wait of a source past its tries (default 30 s), doubling per further attempt. */
  readonly backoffSeconds: number;
}

/** The defaults of {@link LoginRateLimit}. */
export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = {
  perSource: 5,
  perAccount: 100,
  perAddress: 20,
  windowSeconds: 900,
  backoffSeconds: 30,
};

/** What the attempts before this one say, as the database counted them. */
interface PriorAttempts {
  /** Failed or pending attempts of this account from this source. */
  readonly pair: number;
  /** … of this account from any source. */
  readonly account: number;
  /** … from this source for any account. */
  readonly address: number;
  /** Seconds since this source's last attempt at this account (null: none). */
  readonly sincePair: number | null;
}

/** The wait after `attempts` attempts of a source that had `allowance` tries: doubling, at most the window. */
function backoff(attempts: number, allowance: number, limit: LoginRateLimit): number {
  const doublings = Math.min(Math.max(attempts - allowance, 0), 30);
  return Math.min(limit.backoffSeconds * 2 ** doublings, limit.windowSeconds);
}

/**
 * Whether an attempt after `prior` may go on, and if not how long its source should wait (this
 * refused attempt counts too, so the wait is the next attempt's).
 */
export function loginAttemptVerdict(
  prior: PriorAttempts,
  limit: LoginRateLimit,
): { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number } {
  if (prior.address >= limit.perAddress) return { allowed: false, retryAfterSeconds: limit.windowSeconds };
  const allowance = prior.account >= limit.perAccount ? 1 : limit.perSource;
  if (prior.pair < allowance) return { allowed: true };
  if (prior.sincePair !== null && prior.sincePair >= backoff(prior.pair, allowance, limit))
    return { allowed: true };
  return { allowed: false, retryAfterSeconds: backoff(prior.pair + 1, allowance, limit) };
}

/**
 * Registers a login attempt and says whether it may go on (SPEC Y1, Y16: counted in the database,
 * on the database's clock, so the limits hold across processes). The attempt is inserted *before*
 * counting: of N concurrent attempts the k-th to commit sees at least k − 1 others, so no more than
 * the limit get through however they race. A refused attempt stays recorded as a failure: a source
 * that keeps trying waits longer. See {@link loginAttemptVerdict} and {@link settleLoginAttempt}.
 */
export async function beginLoginAttempt(
  db: SkilldockDatabase,
  input: { readonly account: string; readonly address: string },
  limit: LoginRateLimit,
): Promise<
  | { readonly allowed: true; readonly attemptId: number }
  | { readonly allowed: false; readonly retryAfterSeconds: number }
> {
  const window = sql`now() - make_interval(secs => ${limit.windowSeconds})`;
  // Old attempts are never read again; sweep them so the table stays small.
  await db.delete(loginAttempts).where(sql`${loginAttempts.attemptedAt} < ${window}`);
  const [attempt] = await db
    .insert(loginAttempts)
    .values({ account: input.account, address: input.address })
    .returning({ id: loginAttempts.id });
  const pair = sql`${loginAttempts.account} = ${input.account} and ${loginAttempts.address} = ${input.address}`;
  const [prior] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${pair})`.mapWith(Number),
      account: sql<number>`count(*) filter (where ${loginAttempts.account} = ${input.account})`.mapWith(
        Number,
      ),
      address: sql<number>`count(*) filter (where ${loginAttempts.address} = ${input.address})`.mapWith(
        Number,
      ),
      sincePair: sql<
        number | null
      >`extract(epoch from now() - max(${loginAttempts.attemptedAt}) filter (where ${pair}))`.mapWith(
        (value) => (value === null ? null : Number(value)),
      ),
    })
    .from(loginAttempts)
    .where(
      and(
        sql`${loginAttempts.attemptedAt} > ${window}`,
        sql`${loginAttempts.id} <> ${attempt!.id}`,
        or(isNull(loginAttempts.succeeded), eq(loginAttempts.succeeded, false)),
        or(eq(loginAttempts.account, input.account), eq(loginAttempts.address, input.address)),
      ),
    );
  const verdict = loginAttemptVerdict(prior ?? { pair: 0, account: 0, address: 0, sincePair: null }, limit);
  if (!verdict.allowed) {
    await settleLoginAttempt(db, attempt!.id, false);
    return verdict;
  }
  return { allowed: true, attemptId: attempt!.id };
}

/**
 * Records how an attempt from {@link beginLoginAttempt} ended. A success forgets the failures of
 * its (account, source) pair: a user who mistyped a few times starts afresh.
 */
export async function settleLoginAttempt(
  db: SkilldockDatabase,
  attemptId: number,
  succeeded: boolean,
): Promise<void> {
  const [settled] = await db
    .update(loginAttempts)
    .set({ succeeded })
    .where(eq(loginAttempts.id, attemptId))
    .returning({ account: loginAttempts.account, address: loginAttempts.address });
  if (succeeded && settled !== undefined)
    await db
      .delete(loginAttempts)
      .where(
        and(
          eq(loginAttempts.account, settled.account),
          eq(loginAttempts.address, settled.address),
          or(isNull(loginAttempts.succeeded), eq(loginAttempts.succeeded, false)),
        ),
      );
}
