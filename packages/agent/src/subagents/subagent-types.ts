import type { Diagnostic, ModelSelector } from '@skilldock/core/format';
import type { ApprovalMode } from '../policy/approval-mode.js';

/**
 * Where a subagent definition comes from, highest precedence first (SPEC A1): `session` (given in
 * code), `project` (`.qwen/agents`, `.agents/agents`, `.claude/agents`), `user` (the same under
 * `~`), `extension`, `builtin`. One order for listing, loading and the `agent` tool's description.
 */
export const SUBAGENT_LEVELS = ['session', 'project', 'user', 'extension', 'builtin'] as const;
export type SubagentLevel = (typeof SUBAGENT_LEVELS)[number];

/** An external executor a definition delegates to instead of our loop (SPEC S6, A7). */
export interface SubagentExecutorSpec {
  readonly kind: 'codex' | 'acp';
  readonly command: string;
  /** Replace the executor's default arguments when given. */
  readonly args?: readonly string[];
}

/**
 * A subagent definition as the runtime uses it: parsed by core's `parseSubagent`, Claude Code and
 * Qwen Code fields mapped to ours, and its level and file recorded. Plain, frozen data.
 */
export interface ResolvedSubagent {
  /** The name as authored; lookups compare case-insensitively. */
  readonly name: string;
  readonly description: string;
  /** The body; `${var}` placeholders are filled in when a run starts. */
  readonly systemPrompt: string;
  readonly level: SubagentLevel;
  /** The file it was read from; absent for session and builtin definitions. */
  readonly file?: string;
  readonly model: ModelSelector;
  /** Combined with the parent's modes when it runs; the stricter decision wins (SPEC G3). */
  readonly approvalMode?: ApprovalMode;
  /** Our tool names (Claude names already mapped), `'*'` for every tool, absent for the default set. */
  readonly tools?: readonly string[] | '*';
  /** Applied after `tools`; entries may be MCP patterns such as `mcp__github` or `mcp__github__read_*`. */
  readonly disallowedTools: readonly string[];
  /** Run in the background unless the call says otherwise (SPEC A5). */
  readonly background: boolean;
  readonly maxTurns?: number;
  readonly maxTimeMs?: number;
  readonly executor?: SubagentExecutorSpec;
  /** Warnings from reading it (unknown fields kept, unmapped tool names …). */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The subagents a session can start (SPEC A1). `get` matches names case-insensitively and re-reads
 * the definition folders once on a miss, so a file created while the session runs is usable at the
 * next call.
 */
export interface SubagentRegistry {
  /** Every winning definition, in the one listing order (level, then name). */
  list(): readonly ResolvedSubagent[];
  get(name: string): Promise<ResolvedSubagent | undefined>;
  /** Invalid files and shadowed definitions, each with file, line and field. */
  diagnostics(): readonly Diagnostic[];
}

/** One task handed to an external executor (SPEC A7). */
export interface ExternalTaskRequest {
  readonly definition: ResolvedSubagent;
  readonly prompt: string;
  /** The folder it works in: the project root or a validated worktree (SPEC A6). */
  readonly cwd: string;
  /** False unless the session or the definition chose edits (`auto-edit`/`yolo`): read-only sandbox. */
  readonly allowEdits: boolean;
  readonly signal: AbortSignal;
  /** Environment for the child process, already scrubbed of secrets (SPEC SEC3). */
  readonly env: Readonly<Record<string, string>>;
  readonly onProgress?: (progress: ExternalTaskProgress) => void;
  /**
   * Whether the workspace is trusted (SPEC D2). An external executor runs a program with the
   * user's rights, so anything but `true` refuses to start it (`executor_workspace_untrusted`).
   */
  readonly trusted?: boolean;
  /** Safe mode (`--safe-mode`, SPEC A11) starts no external executors (`executor_safe_mode`). */
  readonly safeMode?: boolean;
}

export type ExternalTaskProgress =
  | { readonly type: 'text-delta'; readonly text: string }
  | { readonly type: 'tool-start'; readonly name: string }
  | { readonly type: 'tool-end'; readonly name: string }
  /**
   * The tokens the executor's own model used so far in this task, as totals (codex
   * `thread/tokenUsage/updated`; an ACP agent's `session/prompt` answer `usage`, added up by turn).
   */
  | { readonly type: 'usage'; readonly inputTokens: number; readonly outputTokens: number };

/** A live external session; `send` is present only when the executor accepts further input (ACP). */
export interface ExternalTaskSession {
  /** Resolves with the final answer of the current turn. */
  readonly result: Promise<{ readonly text: string }>;
  send?(message: string): Promise<{ readonly text: string }>;
  close(): Promise<void>;
}
