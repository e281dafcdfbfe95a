/** Stable exit codes of every `skilldock` command (documented in the README). */
export const ExitCode = {
  /** Success. */
  ok: 0,
  /** The input is invalid (an invalid skill, a failed check). */
  invalid: 1,
  /** Usage error: unknown option, missing argument, a path that does not exist. */
  usage: 2,
  /** `skills check --exit-code`: updates are available. */
  updatesAvailable: 3,
  /** `run` was cancelled with Ctrl-C (128 + SIGINT, as shells report it). */
  cancelled: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];
