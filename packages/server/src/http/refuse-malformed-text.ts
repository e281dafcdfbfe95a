import type { MiddlewareHandler } from 'hono';
import {
  findMalformedText,
  MALFORMED_TEXT_MESSAGES,
  type MalformedTextProblem,
  malformedTextProblem,
} from '../text/find-malformed-text.js';
import type { AppEnv } from './app-env.js';
import { HttpError } from './http-error.js';

const JSON_TYPE = /^application\/([a-z0-9.-]+\+)?json\b/i;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/**
 * The 400 of malformed request text (SPEC SEC11): `invalid_request`, naming the field in
 * `details.field` (and as an issue, like a schema's refusal).
 */
export function malformedTextRefusal(field: string, problem: MalformedTextProblem): HttpError {
  const message = `${field} ${MALFORMED_TEXT_MESSAGES[problem]}`;
  return new HttpError(400, 'invalid_request', `The request is invalid: ${message}`, {
    details: { field, problem, issues: [{ path: field, code: problem, message }] },
  });
}

/** `text` percent-decoded, or the problem that stops it (bytes that are not UTF-8, NUL, lone surrogates). */
function decodedProblem(text: string): MalformedTextProblem | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    return 'not_utf8';
  }
  return malformedTextProblem(decoded);
}

/** Refuses a path segment or query parameter holding malformed text. */
function checkUrl(url: URL): void {
  for (const segment of url.pathname.split('/')) {
    const problem = decodedProblem(segment);
    if (problem !== undefined) throw malformedTextRefusal('path', problem);
  }
  // Read by hand: URLSearchParams turns bytes that are not UTF-8 into U+FFFD without a word.
  for (const pair of url.search.slice(1).split('&')) {
    if (pair === '') continue;
    const [rawName = '', rawValue = ''] = pair.replaceAll('+', ' ').split(/=(.*)/s);
    const nameProblem = decodedProblem(rawName);
    if (nameProblem !== undefined) throw malformedTextRefusal('query', nameProblem);
    const valueProblem = decodedProblem(rawValue);
    if (valueProblem !== undefined)
      throw malformedTextRefusal(`query.${decodeURIComponent(rawName)}`, valueProblem);
  }
}

/** Refuses a JSON body holding malformed text, naming the field; leaves malformed JSON to the schema. */
async function checkJsonBody(bytes: ArrayBuffer): Promise<void> {
  let text: string;
  let notUtf8 = false;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    text = lenientUtf8.decode(bytes);
    notUtf8 = true;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    if (notUtf8) throw malformedTextRefusal('body', 'not_utf8');
    return;
  }
  if (notUtf8) {
    // The decoder wrote U+FFFD for each broken sequence: the first string holding one is the field.
    const broken = findMalformedText(value, (piece) => (piece.includes('\ufffd') ? 'not_utf8' : undefined));
    throw malformedTextRefusal(broken?.field || 'body', 'not_utf8');
  }
  const found = findMalformedText(value);
  if (found !== undefined) throw malformedTextRefusal(found.field || 'body', found.problem);
}

/**
 * The one input-boundary check of request text (SPEC SEC11), before any route: every path segment,
 * query parameter and JSON body string or key must be UTF-8 text without NUL or lone surrogates —
 * PostgreSQL stores neither, and a route would otherwise fail with a 500 (or worse, pass the
 * database's error text on). Refused with 400 `invalid_request` naming the field
 * ({@link malformedTextRefusal}). Over-long fields are the route schemas' (`max`), the body's size
 * `bodyLimits`'. Upload bodies are bytes, checked by the content layer; their file name is checked
 * with the same rule (`readUploadBody`). The body is read once: the route's validator reuses it.
 */
export function refuseMalformedText(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    checkUrl(new URL(c.req.url));
    if (
      c.req.method !== 'GET' &&
      c.req.method !== 'HEAD' &&
      JSON_TYPE.test(c.req.header('content-type') ?? '')
    )
      await checkJsonBody(await c.req.arrayBuffer());
    await next();
  };
}
