import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from '../src/index.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';

describe('password hashes', () => {
  it('Y1 hashes at N = 2^15, r = 8, p = 1 unless asked otherwise, and verifies its own records', async () => {
    expect(DEFAULT_SCRYPT_COST).toEqual({ N: 32768, r: 8, p: 1 });
    const record = await hashPassword('correct horse battery staple');
    expect(record).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery staple', record)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', record)).toBe(false);
  });

  it('Y1 a lower cost writes its own parameters into the record, which then verifies at that cost', async () => {
    const record = await hashPassword('test password', TEST_PASSWORD_HASH_COST);
    expect(record).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('test password', record)).toBe(true);
    expect(await verifyPassword('Test password', record)).toBe(false);
    // Two hashes of one password differ by their salt.
    expect(await hashPassword('test password', TEST_PASSWORD_HASH_COST)).not.toBe(record);
  });

  it('Y1 a malformed record is a mismatch, never an exception', async () => {
    for (const record of [
      '',
      'bcrypt$x',
      'scrypt$0$8$1$AAAA$AAAA',
      'scrypt$abc$8$1$AAAA$AAAA',
      'scrypt$1024$8$1',
    ]) {
      expect(await verifyPassword('anything', record)).toBe(false);
    }
  });
});
