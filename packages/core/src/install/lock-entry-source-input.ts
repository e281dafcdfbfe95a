/**
 * The source string that fetches a lock entry again, in the form `resolveSource` reads: a local
 * path as recorded, `https://github.com/owner/repo#ref`, the git URL with `#ref`, or
 * `https://<host>` (or the recorded `sourceUrl`) for a well-known index.
 */
export function lockEntrySourceInput(entry: Readonly<Record<string, unknown>>): string {
  const source = String(entry.source);
  const ref = typeof entry.ref === 'string' && entry.ref !== '' ? `#${entry.ref}` : '';
  switch (entry.sourceType) {
    case 'github':
      return /^https?:\/\//.test(source) ? `${source}${ref}` : `https://github.com/${source}${ref}`;
    case 'git':
    case 'gitlab':
      return `${typeof entry.sourceUrl === 'string' ? entry.sourceUrl : source}${ref}`;
    case 'well-known':
      if (typeof entry.sourceUrl === 'string' && /^https?:\/\//.test(entry.sourceUrl)) return entry.sourceUrl;
      return /^https?:\/\//.test(source) ? source : `https://${source}`;
    default:
      return source;
  }
}
