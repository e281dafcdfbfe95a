/**
 * The environment variable in which the operator lists the variables a model provider's key may be
 * read from (SPEC SEC9): names, separated by commas or spaces; a name ending in `*` allows every
 * variable with that prefix (`LLM_KEY_*`). Unset: none — keys are stored sealed instead.
 */
export const PROVIDER_KEY_ENV_VARIABLE = 'SKILLDOCK_PROVIDER_KEY_ENV';

// The server's own secrets: never a provider key, whatever the allowlist says.
const RESERVED_ENV = /^(SKILLDOCK_|PG|DATABASE_URL$|AWS_SECRET|GOOGLE_APPLICATION_CREDENTIALS$)/;

const ENTRY = /^[A-Za-z_][A-Za-z0-9_]{0,127}\*?$/;

/**
 * The allowlist in `text` (the value of {@link PROVIDER_KEY_ENV_VARIABLE}): its entries, in order.
 * Entries that are not variable names (or prefixes ending in `*`) are left out.
 */
export function parseProviderKeyEnvAllowlist(text: string | undefined): readonly string[] {
  return (text ?? '').split(/[\s,]+/).filter((entry) => ENTRY.test(entry));
}

/**
 * Why the variable `name` may not hold a provider key, or undefined when it may (SPEC SEC9): it
 * must be on the operator's `allowlist` (a listed name, or a listed prefix ending in `*`) and may
 * never be one of the server's own secrets (`SKILLDOCK_*`, `DATABASE_URL`, `PG*`, …). The one check
 * of both configuring a provider and sending its key.
 */
export function providerKeyEnvRefusal(name: string, allowlist: readonly string[]): string | undefined {
  if (RESERVED_ENV.test(name)) return `${name} holds the server's own secrets and cannot be a provider key`;
  const listed = allowlist.some((entry) =>
    entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : name === entry,
  );
  if (!listed)
    return `${name} is not among the variables the operator allows for provider keys (${PROVIDER_KEY_ENV_VARIABLE})`;
  return undefined;
}
