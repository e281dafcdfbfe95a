/** File-system guards shared by every package (SPEC SEC1): safe path segments, confined deletes, file locks. */
export { proveInside, proveInsideSync } from './prove-inside.js';
export { removeInside, removeInsideSync } from './remove-inside.js';
export { assertSafeSkillId, isSafePathSegment, isSafeSkillId } from './safe-path-segment.js';
export { type WithFileLockOptions, withFileLock } from './with-file-lock.js';
export { type WriteFileAtomicOptions, writeFileAtomic } from './write-file-atomic.js';
