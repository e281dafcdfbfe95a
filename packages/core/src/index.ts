/**
 * @skilldock/core — parse, validate, discover, catalog and activate Agent Skills.
 * Every export is deliberate; nothing else in this package is public.
 */

export { type BuildCatalogOptions, buildCatalog } from './catalog/build-catalog.js';
export type { CatalogFormat, RenderableSkill } from './catalog/catalog-formats.js';
export { countTokens } from './catalog/count-tokens.js';
export { escapeXml } from './catalog/escape-xml.js';
export type { RenderedCatalog } from './catalog/fit-catalog-budget.js';
export { type ModelVisibility, modelVisibility } from './catalog/model-visibility.js';
export { type RenderCatalogOptions, renderCatalog } from './catalog/render-catalog.js';
export {
  type ResolveSkillDependenciesResult,
  resolveSkillDependencies,
} from './catalog/resolve-skill-dependencies.js';
export { isPathGated, skillMatchesPath } from './catalog/skill-matches-path.js';
export { sortForListing } from './catalog/sort-for-listing.js';
export { sortForModel } from './catalog/sort-for-model.js';
export { SOURCE_PRECEDENCE } from './catalog/source-precedence.js';
export * from './catalog/types.js';
export { type UserInvocability, userInvocability } from './catalog/user-invocability.js';
export { catalogFromDiscovery } from './discover/catalog-from-discovery.js';
export { type DiscoveryPlan, discoverSkills, planDiscovery } from './discover/discover-skills.js';
export { findProjectRoot, locateProjectRoot, PROJECT_MARKERS } from './discover/find-project-root.js';
export {
  type ListingStatus,
  type ListSkillsOptions,
  listSkills,
  type SkillListingEntry,
} from './discover/list-skills.js';
export {
  type LoadSettingsOptions,
  type LoadSettingsResult,
  loadSettings,
  readSettingsObject,
  SETTINGS_RELATIVE_PATH,
  type SettingsObjectRead,
} from './discover/load-settings.js';
export {
  approveMcpServer,
  isMcpServerApproved,
  type McpServerApproval,
  type McpServerEntry,
  mcpServerHash,
  readMcpServerApprovals,
} from './discover/mcp-server-approval.js';
export {
  type ResolveSkillRootsOptions,
  resolveSkillRoots,
  STANDARD_SKILL_FOLDERS,
} from './discover/resolve-skill-roots.js';
export { type SetSkillDisabledOptions, setSkillDisabled } from './discover/set-skill-disabled.js';
export {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_FOLDERS,
  type McpServerSettings,
  type ModelProviderSettings,
  type ModelSettings,
  type Settings,
  type ShellSettings,
  type SkillSettings,
  settingsSchema,
} from './discover/settings.js';
export { defaultDiscoveryCacheDirectory } from './discover/skill-scan-cache.js';
export {
  SkillWatcher,
  type SkillWatcherOptions,
  type SnapshotListener,
  type WatcherClock,
} from './discover/skill-watcher.js';
export {
  isWorkspaceTrusted,
  readTrustedWorkspaces,
  trustWorkspace,
  type UntrustResult,
  untrustWorkspace,
} from './discover/trust-store.js';
export type {
  DiscoverSkillsOptions,
  DiscoveryResult,
  ExtensionSkillSource,
  InvalidSkill,
  SkillRoot,
  SkillRootReport,
  SkillRootStatus,
} from './discover/types.js';
export {
  type WalkSkillFoldersOptions,
  type WalkSkillFoldersResult,
  walkSkillFolders,
} from './discover/walk-skill-folders.js';
export type { ErrorCode, SkilldockErrorCodes } from './error-codes.js';
export { ConflictError, type ErrorDetails, SecurityError, SkilldockError, UserInputError } from './errors.js';
export { BUNDLED_SKILL_MARKER, type BundledSkill, isBundledSkill } from './format/bundled-skill.js';
export { compareText } from './format/compare-text.js';
export { type DefineSkillInput, defineSkill } from './format/define-skill.js';
export { type Diagnostic, formatDiagnostic, hasErrors, type Severity } from './format/diagnostic.js';
export { isPathInside, isPathInsideAny } from './format/is-path-inside.js';
export { MAX_FRONTMATTER_BYTES, MAX_SKILL_FILE_BYTES, SKILL_FILE_NAME } from './format/limits.js';
export { IGNORED_FOLDER_NAMES, listSkillFiles } from './format/list-skill-files.js';
export { type LoadSkillOptions, loadSkill, loadSkillSync } from './format/load-skill.js';
export {
  type ForkProfile,
  forkProfileSchema,
  type ParseForkProfileResult,
  parseForkProfile,
} from './format/parse-fork-profile.js';
export { type ParseSkillOptions, parseSkill } from './format/parse-skill.js';
export {
  KNOWN_MODEL_PROVIDERS,
  type ModelSelector,
  type ParseSubagentResult,
  parseModelSelector,
  parseSubagent,
  type SubagentDefinition,
} from './format/parse-subagent.js';
export {
  editSkillDocument,
  readSkillDocument,
  type SkillDocument,
  writeSkillDocument,
} from './format/skill-document.js';
export { deriveSkillId, isSkillId, SKILL_ID_PATTERN } from './format/skill-id.js';
export {
  HOST_SKILL_FIELDS,
  type SkillFrontmatter,
  SPEC_SKILL_FIELDS,
  skillFrontmatterSchema,
} from './format/skill-schema.js';
export { createSkillTemplate } from './format/skill-template.js';
export {
  isStrictYamlMapping,
  type ParseSkillsRefFrontmatterResult,
  parseSkillsRefFrontmatter,
  type ReadSkillsRefPropertiesResult,
  type ReadStrictYamlResult,
  readSkillsRefProperties,
  readStrictYaml,
  renderSkillsRefPrompt,
  type SkillsRefCommandOptions,
  type SkillsRefCommandResult,
  type SkillsRefFinding,
  type SkillsRefOptions,
  type SkillsRefPromptEntry,
  type SkillsRefProperties,
  type SkillsRefValidation,
  type StrictYamlKeyPosition,
  type StrictYamlMapping,
  type StrictYamlValue,
  skillsRefPropertiesToJson,
  skillsRefReadProperties,
  skillsRefToPrompt,
  skillsRefValidate,
  validateSkillsRef,
  validateSkillsRefDiagnostics,
  validateSkillsRefMetadata,
} from './format/skills-ref/index.js';
export {
  APPROVAL_MODES,
  RESERVED_SUBAGENT_NAMES,
  type SubagentFrontmatter,
  subagentSchema,
} from './format/subagent-schema.js';
export type * from './format/types.js';
export { unsafeRelativePathReason } from './format/unsafe-relative-path-reason.js';
export { type SkillValidation, validateSkill } from './format/validate-skill.js';
export {
  type SkillFolderValidation,
  summarizeValidation,
  type ValidateSkillFoldersOptions,
  type ValidationSummary,
  validateSkillFolders,
} from './format/validate-skill-folders.js';
export * from './install/index.js';
export * from './package/index.js';
export { createSkillSession } from './runtime/create-skill-session.js';
export { describeByteRange, describeCutLines } from './runtime/describe-cut-text.js';
export {
  type AnthropicTool,
  type OpenAITool,
  toAnthropicTools,
  toOpenAITools,
  toVercelAITools,
  type VercelAISchema,
  type VercelAITool,
} from './runtime/provider-tool-shapes.js';
export {
  type ByteRange,
  type ReadBytesAt,
  readByteRange,
  readBytesFromHandle,
  readBytesFromMemory,
} from './runtime/read-byte-range.js';
export { type CutLine, type PageLimits, readTextPage, type TextPage } from './runtime/read-text-page.js';
export { SkillSession } from './runtime/skill-session.js';
export {
  isSkillVirtualPath,
  type ParsedSkillPath,
  parseSkillVirtualPath,
  SKILLS_VIRTUAL_ROOT,
  skillVirtualPath,
} from './runtime/skill-virtual-path.js';
export { parseSlashCommand, splitArguments, substituteArguments } from './runtime/substitute-arguments.js';
export {
  ACTIVATE_SKILL_TOOL,
  MAX_RESOURCE_BYTES,
  MAX_RESOURCE_LINE_BYTES,
  MAX_RESOURCE_LINES,
  READ_SKILL_RESOURCE_TOOL,
} from './runtime/tool-declarations.js';
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
