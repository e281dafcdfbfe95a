import type { ResolvedSource } from '../install-draft.js';

/**
 * `{ sourceUrl }` for a well-known source that `https://<lock source>` would not reach again — plain
 * http to loopback, a port, a base path or a `www.` host — so `update` and `check` fetch the same
 * index; `{}` for every other source (the lock then reads as the `skills` CLI writes it).
 */
export function wellKnownSourceUrl(source: ResolvedSource): { sourceUrl?: string } {
  if (source.type !== 'well-known' || source.url === undefined) return {};
  return source.url === `https://${source.lockSource}` ? {} : { sourceUrl: source.url };
}
