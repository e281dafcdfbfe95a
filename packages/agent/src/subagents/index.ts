/** Subagents (SPEC S6, S7, A1, A2, A8, A11): definitions, the registry, fork profiles, built-ins. */
export { builtinSubagents, DEFAULT_SUBAGENT_TYPE, EXPLORE_TOOLS } from './builtin-subagents.js';
export { checkSubagentName } from './check-subagent-name.js';
export { createSubagentFile } from './create-subagent-file.js';
export * from './executors/index.js';
export {
  type ForkProfiles,
  type LoadedForkProfile,
  type LoadForkProfilesOptions,
  loadForkProfiles,
} from './load-fork-profiles.js';
export {
  FOREIGN_TOOL_NAMES,
  type MapSubagentToolNamesOptions,
  mapSubagentToolNames,
  SKILLDOCK_TOOL_NAMES,
} from './map-subagent-tool-names.js';
export {
  type OpenedSubagentRegistry,
  type OpenSubagentRegistryOptions,
  openSubagentRegistry,
  type SessionSubagentDefinition,
  type SubagentEntry,
} from './open-subagent-registry.js';
export { MAX_FOLDER_FILES, type MarkdownFolderFile, readMarkdownFolder } from './read-markdown-folder.js';
export { type ResolveSubagentOptions, resolveSubagent } from './resolve-subagent.js';
export { DEFAULT_MODEL_ALIASES, resolveSubagentModel } from './resolve-subagent-model.js';
export {
  FORK_PROFILE_FOLDER_NAMES,
  hasProjectSubagentFiles,
  SUBAGENT_FOLDER_NAMES,
  type SubagentFolder,
  subagentFolders,
} from './subagent-folders.js';
export * from './subagent-types.js';
