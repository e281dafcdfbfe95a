import type { ModelProvider } from '@skilldock/agent';

/**
 * Wraps a provider so that every finished model response is followed by `refresh` (a catalog
 * re-discovery). The loop drains the skill session's change signals before each request, so a
 * skill edited while the model was answering is announced in the very next request (SPEC R7),
 * deterministically — no file-watcher timing involved. A failed refresh keeps the old catalog.
 */
export function refreshAfterResponse(provider: ModelProvider, refresh: () => Promise<void>): ModelProvider {
  return {
    name: provider.name,
    protocol: provider.protocol,
    async *stream(request) {
      yield* provider.stream(request);
      if (request.signal?.aborted) return;
      await refresh().catch(() => undefined);
    },
  };
}
