import type { Context } from 'hono';
import { HttpError } from '../http/http-error.js';

/**
 * The file path a route's URL carries after its first `skip` segments (`/api/skills/pdf/files/a/b.md`
 * with `skip` 4 is `a/b.md`), decoded exactly once, segment by segment, from the raw URL (SPEC Y15,
 * SEC1). A segment whose decoding holds a separator (`%2F`, `%5C`) or is not valid percent-encoding
 * is refused here (400 `unsafe_file_path`); everything else a path can do wrong (`..`, NUL,
 * backslashes, a still-encoded `%2E` from double encoding, links) is refused by the content layer.
 */
export function contentPathFromUrl(c: Context, skip: number): string {
  const segments = new URL(c.req.url).pathname.split('/').slice(skip + 1);
  const decoded = segments.map((segment) => {
    let plain: string;
    try {
      plain = decodeURIComponent(segment);
    } catch {
      throw refused(segments.join('/'), 'is not valid percent-encoding');
    }
    if (plain.includes('/') || plain.includes('\\'))
      throw refused(segments.join('/'), 'holds an encoded separator');
    return plain;
  });
  const joined = decoded.join('/');
  if (joined === '') throw refused(joined, 'is empty');
  return joined;
}

function refused(shown: string, reason: string): HttpError {
  return new HttpError(
    400,
    'unsafe_file_path',
    `The file path ${JSON.stringify(shown.slice(0, 200))} ${reason}.`,
    {
      details: { path: shown.slice(0, 200) },
    },
  );
}
