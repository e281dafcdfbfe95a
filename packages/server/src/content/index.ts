/**
 * The platform's skill content layer (issue 12 §4): content packages, saves, install drafts and
 * the discovery indexes, on the data folder only — no database, no HTTP. See README.md.
 */
import './error-codes.js';

export {
  type AgentSkillsIndex,
  buildAgentSkillsIndex,
  readAgentSkillsArchive,
} from './agent-skills-index.js';
export { applySkillEdits, sha256Of } from './apply-skill-edits.js';
export {
  assertNoBoundSkillDependency,
  BOUND_SKILL_ID_PATTERN,
  isBoundSkillId,
  newBoundSkillId,
} from './bound-skill-id.js';
export { checkContentBudget } from './check-content-budget.js';
export {
  type ConfirmPersonalDraftOptions,
  confirmPersonalDraft,
  type PersonalInstall,
} from './confirm-personal-draft.js';
export {
  type ConfirmSharedDraftOptions,
  type ConfirmSharedDraftResult,
  confirmSharedDraft,
  type SharedSkillPublication,
} from './confirm-shared-draft.js';
export {
  type ContentDraft,
  type ContentDraftSkill,
  cancelContentDraft,
  getContentDraft,
  loadDraft,
} from './content-draft.js';
export { assertSafeUserId, type ContentLayout, contentLayout, personalSkillsPath } from './content-layout.js';
export { copyContentTree } from './copy-content-tree.js';
export type { DiscoverableSkill, SkippedSkill } from './discoverable-skill.js';
export { type ExportedSkill, exportSkillArchive } from './export-skill-archive.js';
export { type LeasedPackage, leaseStoredPackage } from './lease-stored-package.js';
export {
  type ContentTree,
  type ContentTreeEntry,
  checkContentTree,
  listContentTree,
} from './list-content-tree.js';
export { nextFreeSkillId } from './next-free-skill-id.js';
export { packageDirectory } from './package-directory.js';
export { type PackageLease, STALE_LEASE_MILLISECONDS } from './package-lease.js';
export { revisionFolderName, revisionOfFolderName } from './package-revision.js';
export { personalSkillDirectory, personalSkillsDirectory } from './personal-skills-directory.js';
export type { PersonalWriteFaults, PersonalWriteStep } from './personal-write-faults.js';
export { type PrepareRemoteDraftOptions, prepareRemoteDraft } from './prepare-remote-draft.js';
export {
  type ContentUpload,
  type PrepareUploadDraftOptions,
  prepareUploadDraft,
} from './prepare-upload-draft.js';
export { type PrunePackagesOptions, prunePackages, releaseAndPrune } from './prune-packages.js';
export {
  type PackagePublishFaults,
  type PackagePublishStep,
  type PublishPackagesOptions,
  type PublishPackagesResult,
  publishPackages,
} from './publish-packages.js';
export { type ContentFile, type ReadContentFileOptions, readContentFile } from './read-content-file.js';
export {
  assertContentPath,
  MAX_CONTENT_PATH_BYTES,
  type ResolvedContentPath,
  resolveContentPath,
} from './resolve-content-path.js';
export {
  removePersonalSkill,
  type SavePersonalSkillOptions,
  savePersonalSkill,
} from './save-personal-skill.js';
export {
  revisionConflict,
  type SavedSkillContent,
  type SaveSkillPackageOptions,
  type SaveSkillPackageResult,
  saveSkillPackage,
} from './save-skill-package.js';
export type { EditContent, SkillEdit } from './skill-edit.js';
export { readSkillIndexEntry, type SkillIndexEntry } from './skill-index-entry.js';
export { buildSkillsIndex, readSkillsIndexFile, type SkillsIndex } from './skills-index.js';
export { sweepContentDrafts } from './sweep-content-drafts.js';
export { sweepStaging } from './sweep-staging.js';
export { type WellKnownArchive, wellKnownArchive } from './well-known-archive.js';
export { createWorkFolder, type WorkFolder } from './work-folder.js';
export { type WriteSkillFileOptions, writeSkillFile } from './write-skill-file.js';
