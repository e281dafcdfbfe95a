import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a download link grants: the files of one run, to the user it was listed for, until it expires. */
export interface RunFileGrant {
  readonly runId: string;
  readonly userId: string;
  /** Milliseconds since the epoch (kept to the second). */
  readonly expiresAt: number;
}

const VERSION = 'v1';
/** Longest token accepted: a run id and a user id of ordinary length fit many times over. */
const MAX_TOKEN_LENGTH = 1024;

function mac(key: Uint8Array, signed: string): Buffer {
  return createHmac('sha256', key).update(signed).digest();
}

/**
 * The token of a download link (SPEC Y17, SEC5): `v1.<payload>.<HMAC-SHA256>`, both base64url, so
 * it is one URL path segment. It is the whole authority of a download — the session cookie never
 * reaches `/run-files/` — hence short-lived.
 * @example const token = signRunFileGrant(key, { runId, userId: viewer.id, expiresAt: Date.now() + 1_800_000 });
 */
export function signRunFileGrant(key: Uint8Array, grant: RunFileGrant): string {
  const payload = Buffer.from(
    JSON.stringify([grant.runId, grant.userId, Math.floor(grant.expiresAt / 1000)]),
  ).toString('base64url');
  const signed = `${VERSION}.${payload}`;
  return `${signed}.${mac(key, signed).toString('base64url')}`;
}

/**
 * The grant of a token this key signed that has not expired at `now`, or undefined: malformed,
 * forged, for another key, or expired are all the same answer.
 */
export function verifyRunFileGrant(key: Uint8Array, token: string, now: number): RunFileGrant | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  const match = /^(v1\.([A-Za-z0-9_-]+))\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (match === null) return undefined;
  const expected = mac(key, match[1]!);
  const given = Buffer.from(match[3]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(match[2]!, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(fields) || fields.length !== 3) return undefined;
  const [runId, userId, expiresAtSeconds] = fields as unknown[];
  if (typeof runId !== 'string' || typeof userId !== 'string' || typeof expiresAtSeconds !== 'number')
    return undefined;
  const expiresAt = expiresAtSeconds * 1000;
  return now < expiresAt ? { runId, userId, expiresAt } : undefined;
}
