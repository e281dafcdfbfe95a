import type { ErrorCode, SkilldockError } from '@skilldock/core/errors';
import { UsageError } from './usage-error.js';

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
 * The exit code of every error code that does not exit by its class ({@link exitCodeFor}): usage
 * (2) — the user fixes what they typed or configured: a path or folder on the command line that
 * does not exist or is the wrong kind, a choice the command line must make, the agent's flags,
 * model and token configuration. Keyed by `ErrorCode`, so a code no package registers does not
 * compile; every other code exits by its class.
 */
export const EXIT_CODE_BY_ERROR_CODE: Readonly<Partial<Record<ErrorCode, ExitCodeValue>>> = {
  agent_render_invalid: ExitCode.usage,
  empty_source: ExitCode.usage,
  executor_command_not_found: ExitCode.usage,
  executor_platform_unsupported: ExitCode.usage,
  hook_outside_render: ExitCode.usage,
  invalid_max_turns: ExitCode.usage,
  invalid_token: ExitCode.usage,
  learn_video_unsupported: ExitCode.usage,
  mcp_host_not_loopback: ExitCode.usage,
  metrics_token_weak: ExitCode.usage,
  model_input_unsupported: ExitCode.usage,
  model_not_available: ExitCode.usage,
  model_not_configured: ExitCode.usage,
  not_a_skill_path: ExitCode.usage,
  not_an_archive: ExitCode.usage,
  path_not_found: ExitCode.usage,
  prompt_missing: ExitCode.usage,
  prompt_too_large: ExitCode.usage,
  removal_needs_confirmation: ExitCode.usage,
  secret_key_missing: ExitCode.usage,
  secret_key_weak: ExitCode.usage,
  skill_selection_required: ExitCode.usage,
  source_not_found: ExitCode.usage,
  token_env_missing: ExitCode.usage,
  token_not_supported: ExitCode.usage,
  token_required: ExitCode.usage,
  unknown_agent: ExitCode.usage,
  unrecognized_modelscope_url: ExitCode.usage,
  unrecognized_source: ExitCode.usage,
  unsupported_source_file: ExitCode.usage,
};

/**
 * The exit code of each error class, checked in order with `isInstance` (subclasses and other
 * copies of the package included): the CLI's own usage failures ({@link UsageError}) exit 2.
 */
const EXIT_CODE_BY_CLASS: readonly (readonly [typeof SkilldockError, ExitCodeValue])[] = [
  [UsageError, ExitCode.usage],
];

/** Any other error — invalid input, a failed command, an error from elsewhere — exits 1. */
const DEFAULT_EXIT_CODE: ExitCodeValue = ExitCode.invalid;

/**
 * The exit code for an error any command threw: a commander parse error is usage (2), a code in
 * {@link EXIT_CODE_BY_ERROR_CODE} gets its entry, else its class decides (a `UsageError` 2),
 * anything else exits 1.
 *
 * @example exitCodeFor(new UserInputError('path_not_found', '…')) // 2
 */
export function exitCodeFor(error: unknown): ExitCodeValue {
  const raw = (error as { code?: unknown } | undefined)?.code;
  // Every commander parse failure (unknown option or command, missing or bad argument) is usage.
  if (typeof raw === 'string' && raw.startsWith('commander.')) return ExitCode.usage;
  const code = errorCode(error);
  const byCode = Object.hasOwn(EXIT_CODE_BY_ERROR_CODE, code)
    ? EXIT_CODE_BY_ERROR_CODE[code as keyof typeof EXIT_CODE_BY_ERROR_CODE]
    : undefined;
  return byCode ?? EXIT_CODE_BY_CLASS.find(([type]) => type.isInstance(error))?.[1] ?? DEFAULT_EXIT_CODE;
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
