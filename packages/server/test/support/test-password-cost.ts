import type { ScryptCost } from '../../src/index.js';

/**
 * A cheap scrypt cost for tests (N = 2^10, 1 MiB): pass it as `createServer({ passwordHashCost })`
 * where a test logs in or creates users many times. Hashing and verifying work as in production;
 * only the work factor is lower. The production default (N = 2^15) has its own test.
 */
export const TEST_PASSWORD_HASH_COST: ScryptCost = Object.freeze({ N: 2 ** 10, r: 8, p: 1 });
