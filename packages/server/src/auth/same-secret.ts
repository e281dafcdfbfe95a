import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two secrets (a CSRF token, the metrics token) are equal, compared in constant time so
 * the answer's timing tells nothing about how much of a guess was right.
 */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
