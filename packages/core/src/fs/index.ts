/**
 * `@skilldock/core/fs` — file-system guards shared by every package (SPEC SEC1): the one safe
 * path-segment check, deletes proven to stay inside their folder, inter-process file locks, atomic
 * writes and folder swaps.
 */
export { proveInside, proveInsideSync } from './prove-inside.js';
export { removeInside, removeInsideSync } from './remove-inside.js';
export { assertSafeSkillId, isSafePathSegment, isSafeSkillId } from './safe-path-segment.js';
export {
  type SwapFolderOptions,
  type SwapFolderStep,
  type SwappedFolder,
  swapFolder,
} from './swap-folder.js';
export { type WithFileLockOptions, withFileLock } from './with-file-lock.js';
export { type WriteFileAtomicOptions, writeFileAtomic } from './write-file-atomic.js';
