/**
 * The `pg_advisory_xact_lock` keys of start-up work, one per job, so that processes starting at
 * once run each job one after another and never interleave (SPEC Y10, Y16); and of the per-user
 * run claim (SPEC O2).
 */
export const AdvisoryLockKey = {
  /** Applying migrations. */
  migrations: 0x5d0c_0001,
  /** Builtin skill sync. */
  builtinSync: 0x5d0c_0002,
  /** Creating the first superadmin. */
  bootstrapAdmin: 0x5d0c_0003,
  /** Creating the built-in agents (the default `assistant`) at first initialisation. */
  builtinAgents: 0x5d0c_0004,
  /** Setting up the run queue's schema (pg-boss), held on one connection around its start. */
  runQueue: 0x5d0c_0005,
  /**
   * A user's turn at running (SPEC O2), with the user's id hashed as the second key
   * (`pg_advisory_xact_lock(key, hashtext(user_id))`): claims of one user's runs go one at a time.
   */
  runUserTurn: 0x5d0c_0006,
} as const;
