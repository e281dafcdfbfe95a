import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** The scrypt cost of a password hash: CPU/memory cost `N` (a power of two), block size `r`, parallelism `p`. */
export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** The cost of every production hash: N = 2^15 (32 MiB of memory per hash), r = 8, p = 1. */
export const DEFAULT_SCRYPT_COST: ScryptCost = Object.freeze({ N: 2 ** 15, r: 8, p: 1 });
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function record(cost: ScryptCost, salt: Buffer, key: Buffer): string {
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Hashes a password with `scrypt` from `node:crypto` and a random salt, as one self-describing
 * record `scrypt$N$r$p$salt$key` (base64url), so the parameters can be raised later. `cost` is
 * {@link DEFAULT_SCRYPT_COST} unless a caller (a test) asks for less.
 * @example const record = await hashPassword('correct horse battery staple');
 */
export async function hashPassword(
  password: string,
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
): Promise<string> {
  const salt = randomBytes(16);
  return record(cost, salt, await derive(password, salt, cost));
}

/**
 * True when `password` matches a record from {@link hashPassword}; compares in constant time. The
 * cost comes from the record itself. A malformed record is a mismatch, never an exception.
 */
export async function verifyPassword(password: string, record: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = record.split('$');
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return false;
  const expected = Buffer.from(key, 'base64url');
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(options).every((value) => Number.isSafeInteger(value) && value > 0)) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64url'), options);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A record of `cost` that no password matches, verified against for unknown accounts so a login
 * takes as long either way.
 */
export function unmatchablePasswordHash(cost: ScryptCost = DEFAULT_SCRYPT_COST): string {
  return record(cost, Buffer.alloc(16), Buffer.alloc(KEY_LENGTH));
}
