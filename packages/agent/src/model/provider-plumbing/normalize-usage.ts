import type { ModelUsage } from '../model-provider.js';

/** Input token counts as a protocol reports them: in one total, or split by cache use. */
export type ReportedUsage =
  | {
      /** Every input token, cached ones included (OpenAI's `prompt_tokens`). */
      readonly inputTokens: number;
      readonly cachedInputTokens?: number | undefined;
      readonly outputTokens: number;
    }
  | {
      /** Input tokens neither read from nor written to the cache (Anthropic's `input_tokens`). */
      readonly uncachedInputTokens: number;
      readonly cacheWriteInputTokens: number;
      readonly cacheReadInputTokens: number;
      readonly outputTokens: number;
    };

/**
 * One {@link ModelUsage} whatever the protocol: `inputTokens` counts every input token,
 * `cachedInputTokens` those read from the prompt cache (0 when not reported).
 * @example normalizeUsage({ uncachedInputTokens: 5, cacheWriteInputTokens: 0, cacheReadInputTokens: 95, outputTokens: 3 }) // { inputTokens: 100, outputTokens: 3, cachedInputTokens: 95 }
 */
export function normalizeUsage(reported: ReportedUsage): ModelUsage {
  if ('inputTokens' in reported) {
    return {
      inputTokens: reported.inputTokens,
      outputTokens: reported.outputTokens,
      cachedInputTokens: reported.cachedInputTokens ?? 0,
    };
  }
  return {
    inputTokens:
      reported.uncachedInputTokens + reported.cacheWriteInputTokens + reported.cacheReadInputTokens,
    outputTokens: reported.outputTokens,
    cachedInputTokens: reported.cacheReadInputTokens,
  };
}
