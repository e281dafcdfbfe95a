/**
 * `@skilldock/core/discover` — where skills come from: the project root, skill roots of every
 * source (project, personal, extension, session), walking them, settings files, the trust store
 * (workspaces and approved MCP server entries), the discovery cache and the watcher that refreshes
 * the catalog.
 */

export { catalogFromDiscovery } from './catalog-from-discovery.js';
export { type DiscoveryPlan, discoverSkills, planDiscovery } from './discover-skills.js';
export {
  type ExtensionFolder,
  type ExtensionFolders,
  extensionSkillSources,
  readExtensionFolders,
} from './extension-folders.js';
export { findProjectRoot, locateProjectRoot, PROJECT_MARKERS } from './find-project-root.js';
export { DEFAULT_LEARN_DIRECTORY, learnDirectory } from './learn-directory.js';
export {
  type ListingStatus,
  type ListSkillsOptions,
  listSkills,
  type SkillListingEntry,
} from './list-skills.js';
export {
  type LoadSettingsOptions,
  type LoadSettingsResult,
  loadSettings,
  readSettingsObject,
  SETTINGS_RELATIVE_PATH,
  type SettingsObjectRead,
} from './load-settings.js';
export {
  type LoadTrustedSettingsOptions,
  loadTrustedSettings,
  type TrustedSettings,
} from './load-trusted-settings.js';
export {
  approveMcpServer,
  isMcpServerApproved,
  type McpServerApproval,
  type McpServerEntry,
  mcpServerHash,
  readMcpServerApprovals,
} from './mcp-server-approval.js';
export {
  type ResolveSkillRootsOptions,
  resolveSkillRoots,
  STANDARD_SKILL_FOLDERS,
} from './resolve-skill-roots.js';
export { type SetSkillDisabledOptions, setSkillDisabled } from './set-skill-disabled.js';
export {
  type AgentSettings,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_FOLDERS,
  type LearnSettings,
  type McpServerSettings,
  type MemorySettings,
  type ModelCapabilities,
  type ModelProviderSettings,
  type ModelSettings,
  type Settings,
  type ShellSettings,
  type SkillSettings,
  settingsSchema,
} from './settings.js';
export { defaultDiscoveryCacheDirectory } from './skill-scan-cache.js';
export {
  SkillWatcher,
  type SkillWatcherOptions,
  type SnapshotListener,
  type WatcherClock,
} from './skill-watcher.js';
export {
  isWorkspaceTrusted,
  readTrustedWorkspaces,
  trustWorkspace,
  type UntrustResult,
  untrustWorkspace,
} from './trust-store.js';
export type {
  DiscoverSkillsOptions,
  DiscoveryResult,
  ExtensionSkillSource,
  InvalidSkill,
  SkillRoot,
  SkillRootReport,
  SkillRootStatus,
} from './types.js';
export {
  type WalkSkillFoldersOptions,
  type WalkSkillFoldersResult,
  walkSkillFolders,
} from './walk-skill-folders.js';
