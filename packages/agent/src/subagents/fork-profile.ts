import type { ForkProfile as ParsedForkProfile } from '@skilldock/core/format';

/**
 * A named fork restriction (SPEC S7): the tools a fork started with `fork_profile` may execute
 * (tool names and MCP patterns, no `*`), and an optional hint (at most 200 characters) added to its
 * directive. The fields of core's parsed profile that a fork uses; the registry reads them from
 * `.qwen/fork-profiles/<name>.md`.
 */
export type ForkProfile = Pick<ParsedForkProfile, 'name' | 'tools' | 'promptHint'>;
