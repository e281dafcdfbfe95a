/**
 * @skilldock/core — parse, validate, discover, catalog, activate, package and install Agent Skills.
 *
 * The root holds what most users need (SPEC I1): one call per stage, the session, and the error
 * classes, with their types. Everything else lives in the subpath of the stage that owns it —
 * `@skilldock/core/format`, `/discover`, `/catalog`, `/runtime`, `/package`, `/install`, `/fs`,
 * `/errors` — and importing a subpath loads only that stage and what it builds on.
 * @example
 * const discovery = await discoverSkills({ projectRoot, trusted: true });
 * const session = await createSkillSession({ catalog: buildCatalog(discovery.skills, { projectRoot }) });
 */

// catalog: skills → an immutable snapshot, and the text a model reads
export { type BuildCatalogOptions, buildCatalog } from './catalog/build-catalog.js';
export type { CatalogFormat } from './catalog/catalog-formats.js';
export type { RenderedCatalog } from './catalog/fit-catalog-budget.js';
export { type RenderCatalogOptions, renderCatalog } from './catalog/render-catalog.js';
export type {
  CatalogBudget,
  CatalogSkill,
  CatalogSnapshot,
  HiddenReason,
  ShadowedSkill,
  SkillReference,
} from './catalog/types.js';
// discover: where skills come from
export { discoverSkills } from './discover/discover-skills.js';
export { findProjectRoot } from './discover/find-project-root.js';
export {
  type ListingStatus,
  type ListSkillsOptions,
  listSkills,
  type SkillListingEntry,
} from './discover/list-skills.js';
export { SkillWatcher, type SkillWatcherOptions } from './discover/skill-watcher.js';
export type {
  DiscoverSkillsOptions,
  DiscoveryResult,
  InvalidSkill,
  SkillRoot,
  SkillRootReport,
  SkillRootStatus,
} from './discover/types.js';
// errors: what is thrown when a caller cannot go on
export type { ErrorCode, SkilldockErrorCodes } from './error-codes.js';
export { ConflictError, type ErrorDetails, SecurityError, SkilldockError, UserInputError } from './errors.js';
// format: one SKILL.md → a Skill
export { type BundledSkill, isBundledSkill } from './format/bundled-skill.js';
export { type DefineSkillInput, defineSkill } from './format/define-skill.js';
export { type Diagnostic, formatDiagnostic, hasErrors, type Severity } from './format/diagnostic.js';
export { type LoadSkillOptions, loadSkill } from './format/load-skill.js';
export { type ParseSkillOptions, parseSkill } from './format/parse-skill.js';
export type * from './format/types.js';
export { type SkillValidation, validateSkill } from './format/validate-skill.js';
export {
  type SkillFolderValidation,
  type ValidateSkillFoldersOptions,
  type ValidationSummary,
  validateSkillFolders,
} from './format/validate-skill-folders.js';
// install: a source → a draft to review → installed skills (SPEC P4–P8)
export { cancelDraft } from './install/cancel-draft.js';
export {
  type ConfirmInstallOptions,
  type ConfirmInstallResult,
  confirmInstall,
  type InstalledSkill,
} from './install/confirm-install.js';
export type {
  DraftFailure,
  DraftFile,
  DraftSkill,
  InstallDraft,
  InstallSourceType,
  ResolvedSource,
} from './install/install-draft.js';
export { type PrepareInstallOptions, prepareInstall } from './install/prepare-install.js';
export type { InstallScope } from './install/targets/plan-skill-targets.js';
// package: revisions, deterministic bundles and the safe archive import
export {
  type ComputeDirectoryRevisionOptions,
  computeDirectoryRevision,
} from './package/compute-directory-revision.js';
export {
  type ExtractArchiveOptions,
  type ExtractedArchive,
  type ExtractedFile,
  extractArchive,
} from './package/extract-archive.js';
export {
  type BundleFormat,
  type PackSkillOptions,
  type PackSkillResult,
  packSkill,
} from './package/pack-skill.js';
export type { Failure } from './result.js';
// runtime: one conversation's view of the skills
export { createSkillSession } from './runtime/create-skill-session.js';
export { SkillSession } from './runtime/skill-session.js';
export type {
  ActivationTrigger,
  FileReadActivation,
  InvokeResult,
  JsonSchema,
  ResolvedSkillResourcePath,
  SessionMode,
  SkillResourceRequest,
  SkillSessionOptions,
  ToolDeclaration,
  ToolPermission,
  ToolResult,
  UsageEvent,
  UsageOutcome,
} from './runtime/types.js';
