import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SecurityError, SkilldockError, UserInputError } from '@skilldock/core/errors';
import { type ArchiveLimits, extractArchive } from '@skilldock/core/package';
import { expect } from 'vitest';
import { listTree } from './package-test-helpers.js';

/** What a refused archive must fail with. */
export interface ExpectedRefusal {
  readonly kind: 'security' | 'user-input';
  readonly code: string;
  /** Text the message must contain (the entry, the limit). */
  readonly mentions?: readonly string[];
}

/**
 * Extracts `archive` with `tempParent` pointing at a fresh folder beside a sentinel folder, expects
 * the given refusal, then proves nothing was written anywhere: the temp parent is empty, the
 * sentinel is untouched and the base folder holds exactly what the harness put there.
 */
export async function expectRefused(
  base: string,
  archive: Buffer,
  expected: ExpectedRefusal,
  limits?: Partial<ArchiveLimits>,
): Promise<SkilldockError> {
  const tempParent = path.join(base, 'extract');
  mkdirSync(tempParent);
  mkdirSync(path.join(base, 'sentinel'));
  writeFileSync(path.join(base, 'sentinel', 'keep.txt'), 'keep');
  const archivePath = path.join(base, 'upload.bin');
  writeFileSync(archivePath, archive);
  const error = await extractArchive(archivePath, { tempParent, ...(limits ? { limits } : {}) }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'the archive was accepted').toBeDefined();
  expect(SkilldockError.isInstance(error), String(error)).toBe(true);
  const refusal = error as SkilldockError;
  expect(refusal).toBeInstanceOf(expected.kind === 'security' ? SecurityError : UserInputError);
  expect(refusal.code, refusal.message).toBe(expected.code);
  for (const text of expected.mentions ?? []) expect(refusal.message).toContain(text);
  expect(readdirSync(tempParent)).toEqual([]);
  expect(listTree(base)).toEqual(['extract/', 'sentinel/', 'sentinel/keep.txt', 'upload.bin']);
  return refusal;
}
