import { createRequire } from 'node:module';

type CountTokens = (text: string) => number;
let countTokensFunction: CountTokens | undefined;

/**
 * Counts tokens with the `o200k_base` encoding (the encoding of current OpenAI models; a fair
 * estimate for others). The encoder's tables take a few hundred milliseconds to load, so only
 * this encoding's module is loaded, and only on first use.
 */
export function countTokens(text: string): number {
  countTokensFunction ??= (
    createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as { countTokens: CountTokens }
  ).countTokens;
  return countTokensFunction(text);
}
