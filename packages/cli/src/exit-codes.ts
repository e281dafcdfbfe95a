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
 * The exit code of each error code that is worth naming (README "Exit codes"). Usage (2): the user
 * fixes what they typed or configured — a path or folder on the command line that does not exist or
 * is the wrong kind, a choice the command line must make, the agent's flags and configuration.
 * Unknown ids are invalid input (1), like every code not in the table ({@link DEFAULT_EXIT_CODE}).
 */
const EXIT_CODE_BY_ERROR_CODE = {
  path_not_found: ExitCode.usage,
  cwd_not_found: ExitCode.usage,
  source_not_found: ExitCode.usage,
  not_a_skill_path: ExitCode.usage,
  not_an_archive: ExitCode.usage,
  unsupported_source_file: ExitCode.usage,
  empty_source: ExitCode.usage,
  unrecognized_source: ExitCode.usage,
  unknown_agent: ExitCode.usage,
  skill_selection_required: ExitCode.usage,
  terminal_required: ExitCode.usage,
  model_not_configured: ExitCode.usage,
  invalid_max_turns: ExitCode.usage,
  prompt_missing: ExitCode.usage,
  prompt_too_large: ExitCode.usage,
  // Unknown ids: invalid input, whichever command names them.
  skill_not_found: ExitCode.invalid,
  skill_not_installed: ExitCode.invalid,
  skill_not_in_draft: ExitCode.invalid,
  preload_skill_missing: ExitCode.invalid,
  preload_dependency_missing: ExitCode.invalid,
  session_not_found: ExitCode.invalid,
  invalid_session_id: ExitCode.invalid,
} as const satisfies Readonly<Record<string, ExitCodeValue>>;

/** Every error code not in the table: invalid input or a failed command. */
const DEFAULT_EXIT_CODE: ExitCodeValue = ExitCode.invalid;

/**
 * The exit code for an error any command threw, looked up by its `code`: a commander parse error
 * is usage (2), a code in the table gets its entry, anything else exits 1.
 *
 * @example exitCodeFor(new UserInputError('path_not_found', '…')) // 2
 */
export function exitCodeFor(error: unknown): ExitCodeValue {
  const raw = (error as { code?: unknown } | undefined)?.code;
  // Every commander parse failure (unknown option or command, missing or bad argument) is usage.
  if (typeof raw === 'string' && raw.startsWith('commander.')) return ExitCode.usage;
  const code = errorCode(error);
  return Object.hasOwn(EXIT_CODE_BY_ERROR_CODE, code)
    ? EXIT_CODE_BY_ERROR_CODE[code as keyof typeof EXIT_CODE_BY_ERROR_CODE]
    : DEFAULT_EXIT_CODE;
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
