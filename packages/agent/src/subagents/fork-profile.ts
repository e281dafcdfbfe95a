/**
 * A named fork restriction (SPEC S7): the tools a fork started with `fork_profile` may execute,
 * and an optional hint added to its directive. Read from `.qwen/fork-profiles/<name>.md` by the
 * registry; plain data here.
 */
export interface ForkProfile {
  readonly name: string;
  /** Tool names and MCP patterns (no `*`). */
  readonly tools: readonly string[];
  /** At most 200 characters. */
  readonly promptHint?: string;
}
