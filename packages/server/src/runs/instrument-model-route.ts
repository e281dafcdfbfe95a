import type { ModelRoute } from '@skilldock/agent/model';
import type { RunMetrics } from '../metrics/run-metrics.js';

/**
 * The same model route, measured (SPEC O3): each request's duration until its stream ended or
 * failed, and the tokens its `usage` event reported, by the provider's configured name. Without
 * `metrics` the route is returned as it is.
 */
export function instrumentModelRoute(route: ModelRoute, metrics: RunMetrics | undefined): ModelRoute {
  if (metrics === undefined) return route;
  const { provider } = route;
  return {
    ...route,
    provider: {
      name: provider.name,
      protocol: provider.protocol,
      async *stream(request) {
        const started = performance.now();
        let outcome: 'ok' | 'error' = 'error';
        try {
          for await (const event of provider.stream(request)) {
            if (event.type === 'usage') metrics.addModelTokens(provider.name, event.usage);
            yield event;
          }
          outcome = 'ok';
        } finally {
          metrics.observeModelRequest(provider.name, (performance.now() - started) / 1000, outcome);
        }
      },
    },
  };
}
