// The agent's error codes (core's registry, augmented) travel with this entry's declarations.
import '../error-codes.js';

export {
  bubblewrapArguments,
  DEFAULT_BWRAP_PATH,
  hostSystemMounts,
  PRLIMIT_PATH,
  RESOLV_CONF_FD,
  SANDBOX_GID,
  SANDBOX_UID,
  type SandboxSpec,
  SYSTEM_FOLDERS,
  type SystemMount,
} from './bubblewrap-arguments.js';
export { openShellSandbox, type ShellSandbox, type ShellSandboxOptions } from './open-shell-sandbox.js';
export { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './sandbox-limits.js';
export { stripSetIdBits } from './strip-set-id-bits.js';
