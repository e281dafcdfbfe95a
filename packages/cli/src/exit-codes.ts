/** Stable exit codes of every `skilldock` command (documented in the README, "Exit codes"). */
export const ExitCode = {
  /** Success. */
  ok: 0,
  /** The input is invalid or the command failed: an invalid skill, an unknown id, a name that exists, a refused source. */
  invalid: 1,
  /** Usage error: unknown option, missing argument, a path that does not exist, an unknown agent, no model configured. */
  usage: 2,
  /** `skills check --exit-code`: updates are available. */
  updatesAvailable: 3,
  /** `run` was cancelled with Ctrl-C (128 + SIGINT, as shells report it). */
  cancelled: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * Error codes that mean "the command was called wrong" (exit 2): the user fixes them by changing
 * what they typed or configured. Unknown ids (a skill, a session, an installed skill) are not here:
 * they are invalid input (exit 1), as is every other error code.
 */
const USAGE_ERROR_CODES = [
  // a path or folder named on the command line that does not exist or is the wrong kind
  'path_not_found',
  'cwd_not_found',
  'source_not_found',
  'not_a_skill_path',
  'not_an_archive',
  'unsupported_source_file',
  'empty_source',
  'unrecognized_source',
  // a choice the command line must make
  'unknown_agent',
  'skill_selection_required',
  'terminal_required',
  // the agent: flags and configuration
  'model_not_configured',
  'invalid_max_turns',
  'prompt_missing',
  'prompt_too_large',
] as const;

/** Error codes with an exit code other than {@link ExitCode.invalid}; every other code exits 1. */
const EXIT_CODE_BY_ERROR_CODE: Readonly<Record<string, ExitCodeValue>> = Object.fromEntries(
  USAGE_ERROR_CODES.map((code) => [code, ExitCode.usage] as const),
);

/** The error codes that exit 2, for the README table and its test. */
export const USAGE_ERROR_CODE_LIST: readonly string[] = USAGE_ERROR_CODES;

/**
 * The exit code for an error any command threw, looked up by its `code`: a commander parse error
 * is usage (2), a code in the usage list is 2, anything else exits 1.
 *
 * @example exitCodeFor(new UserInputError('path_not_found', '…')) // 2
 */
export function exitCodeFor(error: unknown): ExitCodeValue {
  const raw = (error as { code?: unknown } | undefined)?.code;
  // Every commander parse failure (unknown option or command, missing or bad argument) is usage.
  if (typeof raw === 'string' && raw.startsWith('commander.')) return ExitCode.usage;
  return EXIT_CODE_BY_ERROR_CODE[errorCode(error)] ?? ExitCode.invalid;
}

/** The snake_case `code` of an error (commander's `commander.unknownOption` → `unknown_option`), else `internal_error`. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return 'internal_error';
  // Node's own codes (ENOENT, …) mean an unexpected failure, not a Skilldock error.
  if (!/^(commander\.)?[a-z][A-Za-z0-9_]*$/.test(code)) return 'internal_error';
  if (code.startsWith('commander.'))
    return code.slice('commander.'.length).replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return code;
}
