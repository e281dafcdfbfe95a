/** What a run cost (SPEC G2). Token counts add up every request. */
export interface RunStats {
  /** Model requests made. */
  readonly turns: number;
  /** Input tokens, cached ones included. */
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cachedInputTokens: number;
  /** Tool calls the model made (run, refused or denied). */
  readonly toolCalls: number;
  readonly wallTimeMs: number;
}
