/**
 * The renderer's own check of a widget URL, behind the schema's https rule: an Image or a source
 * link only ever gets an `https:` URL, so a schema mistake can never hand the page a `javascript:`
 * or `data:` URL.
 */
export function safeHttpsUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
