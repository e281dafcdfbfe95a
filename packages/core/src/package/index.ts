/**
 * `@skilldock/core/package` — a skill folder as bytes (SPEC P1–P3): revision hashes (and the
 * `skills` CLI's skills-lock hash), the secret and noise rules, deterministic zip/tgz bundles, and
 * the safe archive import that enforces every limit while it streams.
 */
export { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS } from './archive-limits.js';
export {
  type ArchiveEntryPathCheck,
  checkArchiveEntryPath,
} from './check-archive-entry-path.js';
export {
  classifyPackageFile,
  type PackageFileClassification,
  type PackageFileInfo,
} from './classify-package-file.js';
export {
  type CollectedPackageFiles,
  collectPackageFiles,
  type PackageFile,
  type RefusedPackageEntry,
} from './collect-package-files.js';
export {
  type ComputeDirectoryRevisionOptions,
  computeDirectoryRevision,
  DIRECTORY_REVISION_HEADER,
  type DirectoryRevisionRecord,
  directoryRevisionOfRecords,
} from './compute-directory-revision.js';
export { computeFileRevision } from './compute-file-revision.js';
export { computeSkillsLockHash } from './compute-skills-lock-hash.js';
export {
  type ExtractArchiveOptions,
  type ExtractedArchive,
  type ExtractedFile,
  extractArchive,
} from './extract-archive.js';
export {
  type BundleFormat,
  checkSkillPackable,
  type PackableSkill,
  type PackSkillOptions,
  type PackSkillResult,
  packSkill,
} from './pack-skill.js';
export {
  LARGE_FILE_BYTES,
  PACKAGE_FILE_RULES,
  type PackageFileRule,
  type PackageFileRuleKind,
} from './package-file-rules.js';
