import { KNOWN_MODEL_PROVIDERS, type ModelSelector, parseModelSelector } from '@skilldock/core/format';

/**
 * What Claude Code's `model: sonnet|opus|haiku` means when `agents.modelAliases` says nothing: the
 * session's model for the big ones, the fast model for `haiku` (README "Settings").
 */
export const DEFAULT_MODEL_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  sonnet: 'inherit',
  opus: 'inherit',
  haiku: 'fast',
});

/**
 * A definition's model selector (SPEC S6, G1): `inherit`, `fast`, `<model>`, `<provider>:<model>`,
 * or an alias from `agents.modelAliases` (defaults {@link DEFAULT_MODEL_ALIASES}) that names one
 * of those. An alias is looked up once: an alias of an alias is read as a model id.
 * @example resolveSubagentModel('haiku') // { kind: 'fast' }
 */
export function resolveSubagentModel(
  value: string | undefined,
  aliases: Readonly<Record<string, string>> = {},
): ModelSelector {
  if (value === undefined) return { kind: 'inherit' };
  const table = { ...DEFAULT_MODEL_ALIASES, ...aliases };
  const target = Object.hasOwn(table, value) ? table[value] : undefined;
  return parseModelSelector(target ?? value, KNOWN_MODEL_PROVIDERS);
}
