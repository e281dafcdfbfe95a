/**
 * Platform runs' tools and files (SPEC Y17, Y15, SEC5): file tools confined to the run's folders, a
 * shell inside bubblewrap, the run's work folder, and the routes that list and serve its files.
 * See `README.md` here for the path model and the download design.
 */
import './error-codes.js';

export { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from '@skilldock/agent/sandbox';
export { agentShellSetting } from './agent-shell-setting.js';
export {
  bubblewrapArguments,
  DEFAULT_BWRAP_PATH,
  hostSystemMounts,
  type SandboxSpec,
  type SystemMount,
} from './bubblewrap-arguments.js';
export {
  createRunTools,
  type RunShellSetting,
  type RunToolNotice,
  type RunTools,
  type RunToolsOptions,
} from './create-run-tools.js';
export {
  type ListRunFilesOptions,
  listRunFiles,
  type RunFile,
  type RunFileListing,
  type SkippedRunEntry,
} from './list-run-files.js';
export {
  DEFAULT_SLIRP4NETNS_PATH,
  type NetworkSandboxOptions,
  type NetworkSandboxPlan,
  networkSandboxLauncher,
  networkSandboxPlan,
  unreachableDestinations,
} from './network-sandbox.js';
export { type OpenedRunFile, openRunFile } from './read-run-file.js';
export { RUN_FILE_CSP, runFileHeaders } from './run-file-headers.js';
export { type RunFileGrant, signRunFileGrant, verifyRunFileGrant } from './run-file-link.js';
export {
  type AuthorizeRun,
  DEFAULT_RUN_FILE_LINK_LIFETIME_MS,
  RUN_FILES_PATH,
  type RunFileRoutesOptions,
  runFileRoutes,
} from './run-file-routes.js';
export { ensureRunFileSigningKey, RUN_FILE_SIGNING_KEY_SETTING } from './run-file-signing-key.js';
export {
  assertSafeRunId,
  createRunWorkFolder,
  removeRunWorkFolder,
  runWorkFolder,
} from './run-work-folder.js';
