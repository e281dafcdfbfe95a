/** Stable exit codes of every `skilldock` command (documented in the README). */
export const ExitCode = {
  /** Success. */
  ok: 0,
  /** The input is invalid (an invalid skill, a failed check). */
  invalid: 1,
  /** Usage error: unknown option, missing argument, a path that does not exist. */
  usage: 2,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];
