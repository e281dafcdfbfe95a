/**
 * Wraps an async factory so it runs on the first call only; every later call gets the same
 * promise. Used to import the provider SDKs and the MCP client when they are first needed, not
 * when `@skilldock/agent` is imported (they cost ~250 ms of a process that may never use them).
 * A failed load is not retried: the error reaches every caller.
 * @example const loadClient = loadOnce(async () => new (await import('openai')).default({ apiKey }));
 */
export function loadOnce<T>(factory: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= factory();
    return loaded;
  };
}
