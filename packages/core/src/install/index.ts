/**
 * `@skilldock/core/install` — the install stage (SPEC P4–P8): sources and the remote allowlist →
 * a draft to review → target folders per agent, lock files, an atomic publish; and checking,
 * updating and removing what was installed. A command that only installs loads this stage (and the
 * `format` and `package` modules it builds on), not the catalog, discovery or runtime.
 */

export { assertDraftUsable } from './assert-draft-usable.js';
export { cancelDraft } from './cancel-draft.js';
export { type CheckInstalledOptions, checkInstalled } from './check-installed.js';
export {
  type ConfirmInstallOptions,
  type ConfirmInstallResult,
  confirmInstall,
  type InstalledSkill,
} from './confirm-install.js';
export { removeDraftsOnSignal, removeOwnedDraftsSync } from './draft-owner.js';
export {
  DRAFT_FILE_NAME,
  DRAFT_LIFETIME_MILLISECONDS,
  defaultStagingParent,
} from './draft-staging.js';
export { DraftStore, type DraftStoreOptions } from './draft-store.js';
export type { InspectInstalledOptions, InstalledSkillStatus } from './inspect-installed.js';
export type {
  DraftFailure,
  DraftFile,
  DraftSkill,
  InstallDraft,
  InstallSourceType,
  ResolvedSource,
} from './install-draft.js';
export {
  type InstallFlowStep,
  type InstallFromSourceOptions,
  type InstallFromSourceResult,
  installFromSource,
} from './install-from-source.js';
export type { InstallPhase, InstallProgressEvent } from './install-progress-event.js';
export type { InstallTargetOptions } from './install-target-options.js';
export { type GlobalLock, type GlobalLockEntry, readGlobalLock } from './locks/global-lock.js';
export {
  PROJECT_LOCK_FILE,
  type ProjectLock,
  type ProjectLockEntry,
  readProjectLock,
} from './locks/project-lock.js';
export { type PrepareInstallOptions, prepareInstall } from './prepare-install.js';
export type { PublishFaults, PublishStep } from './publish/publish-transaction.js';
export { type RemovedSkill, type RemoveInstalledOptions, removeInstalled } from './remove-installed.js';
export { selectDraftSkills } from './select-draft-skills.js';
export { AGENT_SKILL_FOLDERS } from './sources/agent-skill-folders.js';
export {
  assertPageUrlAllowed,
  type PagePolicy,
  pageAddressAllowance,
} from './sources/assert-page-url-allowed.js';
export {
  assertRemoteUrlAllowed,
  DEFAULT_ALLOWED_HOSTS,
  isLoopbackHost,
  MODELSCOPE_HOSTS,
  type RemotePolicy,
  remoteAddressAllowance,
} from './sources/assert-remote-url-allowed.js';
export {
  type DownloadBytesOptions,
  type DownloadedBytes,
  downloadBytes,
} from './sources/download-bytes.js';
export {
  type FindSkillFoldersOptions,
  type FoundSkillFolders,
  findSkillFolders,
} from './sources/find-skill-folders.js';
export { type ResolveSourceOptions, resolveSource } from './sources/resolve-source.js';
export type { SkillCandidate } from './sources/skill-candidate.js';
export {
  authorizationHeaders,
  createSourceToken,
  isEnvironmentVariableName,
  type SourceToken,
} from './sources/source-token.js';
export {
  WELL_KNOWN_PATHS,
  WELL_KNOWN_SCHEMA_V2,
  type WellKnownEntryV1,
  type WellKnownEntryV2,
  wellKnownEntryV1Schema,
  wellKnownEntryV2Schema,
  wellKnownIndexV1Schema,
  wellKnownIndexV2Schema,
} from './sources/well-known-index-schema.js';
export type { AgentDefinition, AgentPath, AgentPathRoot } from './targets/agent-definition.js';
export { type AgentEnvironment, agentGlobalDirectory } from './targets/agent-environment.js';
export { AGENT_IDS, AGENT_TABLE, findAgent } from './targets/agent-table.js';
export { detectInstalledAgents } from './targets/detect-installed-agents.js';
export {
  agentSkillsDirectory,
  type InstallMode,
  type InstallScope,
  planSkillTargets,
  type SkillPlacement,
  type TargetPlan,
  universalSkillsDirectory,
} from './targets/plan-skill-targets.js';
export { resolveAgentSelection } from './targets/resolve-agent-selection.js';
export { resolveInstallMode } from './targets/resolve-install-mode.js';
export { type UpdateInstalledResult, updateInstalled } from './update-installed.js';
