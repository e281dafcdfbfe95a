import { z } from '@hono/zod-openapi';
import { DEFAULT_MAX_TURNS } from '@skilldock/agent/loop';
import { eq } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { settings } from '../db/schema.js';
import { writeSetting } from '../install/install-settings.js';

/** The `settings` row the run limits are stored in (one JSON value). */
export const RUN_LIMITS_SETTING_KEY = 'runs.limits';

/** The longest time limit a run may have, default or an agent's own: one day, in seconds. */
export const MAX_RUN_TIME_LIMIT_SECONDS = 86_400;
/** The most model requests a run may be allowed, default or an agent's own. */
export const MAX_RUN_TURNS = 1000;
/** The most runs of one user the admins may let run at once. */
export const MAX_CONCURRENT_RUNS_PER_USER = 100;

/**
 * A run's wall-clock limit in seconds: more than 0 (decimals allowed, 0.1 at least) and at most
 * {@link MAX_RUN_TIME_LIMIT_SECONDS}.
 */
export const runTimeLimitSecondsSchema = z
  .number()
  .min(0.1)
  .max(MAX_RUN_TIME_LIMIT_SECONDS)
  .openapi({ description: 'Wall-clock seconds a run may take on a worker (0.1 to 86400)' });

/** A run's turn limit: model requests at most, a whole number from 1 to {@link MAX_RUN_TURNS}. */
export const runMaxTurnsSchema = z
  .number()
  .int()
  .min(1)
  .max(MAX_RUN_TURNS)
  .openapi({ description: 'Model requests a run may make (1 to 1000)' });

/** The admins' run limits (SPEC O2), as the API shows and takes them. */
export const runLimitSettingsSchema = z
  .object({
    timeLimitSeconds: runTimeLimitSecondsSchema,
    maxTurns: runMaxTurnsSchema,
    maxConcurrentRunsPerUser: z
      .number()
      .int()
      .min(1)
      .max(MAX_CONCURRENT_RUNS_PER_USER)
      .openapi({ description: 'Runs of one user that run at once; the others wait their turn (1 to 100)' }),
  })
  .strict()
  .openapi('RunLimitSettings');

/** The admins' run limits: defaults of every run, and how many runs of a user run at once. */
export type RunLimitSettings = z.infer<typeof runLimitSettingsSchema>;

/** The run limits when no admin set them: 30 minutes, the agent loop's turns, 2 runs per user. */
export const DEFAULT_RUN_LIMIT_SETTINGS: RunLimitSettings = Object.freeze({
  timeLimitSeconds: 1800,
  maxTurns: DEFAULT_MAX_TURNS,
  maxConcurrentRunsPerUser: 2,
});

/**
 * Reads the admins' run limits (one query); the defaults when none were set, or when the stored
 * value no longer validates.
 */
export async function readRunLimitSettings(
  db: SkilldockDatabase | SkilldockTransaction,
): Promise<RunLimitSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, RUN_LIMITS_SETTING_KEY));
  const parsed = runLimitSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_RUN_LIMIT_SETTINGS;
}

/** Stores the admins' run limits in the caller's transaction. */
export function writeRunLimitSettings(tx: SkilldockTransaction, value: RunLimitSettings): Promise<void> {
  return writeSetting(tx, RUN_LIMITS_SETTING_KEY, value);
}

/**
 * Replaces the admins' run limits with `after` and records `settings.changed` (before and after),
 * in one transaction (SPEC O2, Y14); returns the stored limits as read back.
 */
export async function changeRunLimitSettings(
  db: SkilldockDatabase,
  actor: AuditActor,
  after: RunLimitSettings,
): Promise<RunLimitSettings> {
  return db.transaction(async (tx) => {
    const before = await readRunLimitSettings(tx);
    await writeRunLimitSettings(tx, after);
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'settings.changed',
      targetType: 'setting',
      targetId: RUN_LIMITS_SETTING_KEY,
      details: { before, after },
      requestId: actor.requestId,
    });
    return readRunLimitSettings(tx);
  });
}
