import { randomBytes } from 'node:crypto';

/** A released version's name (SPEC Y6): the Beijing date `YYYYMMDD`, a dash, 8 lowercase hex digits. */
export const VERSION_NAME_PATTERN = /^[0-9]{8}-[0-9a-f]{8}$/;

/** Beijing time is UTC+8 all year (China has kept no daylight saving time since 1991). */
const BEIJING_OFFSET_MILLISECONDS = 8 * 60 * 60 * 1000;

/**
 * The name of a version released at `now`: its date in Beijing time and a random suffix, so two
 * releases on one day get different names.
 * @example versionName(new Date('2026-06-01T16:30:00Z'), 'a1b2c3d4') // '20260602-a1b2c3d4'
 */
export function versionName(now: Date, suffix: string = randomBytes(4).toString('hex')): string {
  const beijing = new Date(now.getTime() + BEIJING_OFFSET_MILLISECONDS);
  const date = [
    String(beijing.getUTCFullYear()).padStart(4, '0'),
    String(beijing.getUTCMonth() + 1).padStart(2, '0'),
    String(beijing.getUTCDate()).padStart(2, '0'),
  ].join('');
  return `${date}-${suffix}`;
}
