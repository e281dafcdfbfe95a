/** What one sandboxed command may take (SPEC SEC4, Y17). */
export interface SandboxLimits {
  /** Timeout of a call that gives none. Default 120 s. */
  readonly defaultTimeoutMs: number;
  /** Largest timeout a call may ask for. Default 600 s. */
  readonly maxTimeoutMs: number;
  /** Characters of output the model gets (head and tail kept). Default 30,000. */
  readonly maxOutputCharacters: number;
  /** Processes the sandbox's user may run at once (`RLIMIT_NPROC`): a fork bomb hits it. Default 256. */
  readonly maxProcesses: number;
  /** Address space of each process (`RLIMIT_AS`). Default 4 GiB. */
  readonly maxMemoryBytes: number;
  /** Largest file a command may write (`RLIMIT_FSIZE`). Default 512 MiB. */
  readonly maxFileBytes: number;
  /** Size of the sandbox's private `/tmp` and `/dev/shm` (each, in memory). Default 256 MiB. */
  readonly tmpBytes: number;
}

/** The limits a run's shell has unless told otherwise. */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = Object.freeze({
  defaultTimeoutMs: 120_000,
  maxTimeoutMs: 600_000,
  maxOutputCharacters: 30_000,
  maxProcesses: 256,
  maxMemoryBytes: 4 * 1024 ** 3,
  maxFileBytes: 512 * 1024 ** 2,
  tmpBytes: 256 * 1024 ** 2,
});
