/**
 * Platform runs' tools and files (SPEC Y17, Y15, SEC5): file tools confined to the run's folders, a
 * shell inside bubblewrap, the run's work folder, and the routes that list and serve its files.
 * See `README.md` here for the path model and the download design.
 */
import './error-codes.js';

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
  assertSafeRunId,
  createRunWorkFolder,
  removeRunWorkFolder,
  runWorkFolder,
} from './run-work-folder.js';
export { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './sandbox-limits.js';
