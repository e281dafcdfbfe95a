/**
 * The sandbox's `bwrap` arguments live in the agent package (one builder for the platform's run
 * sandbox and the CLI's shell, SPEC Y17, SEC3); the run tools use them from here.
 */
export {
  bubblewrapArguments,
  DEFAULT_BWRAP_PATH,
  hostSystemMounts,
  PRLIMIT_PATH,
  SANDBOX_GID,
  SANDBOX_UID,
  type SandboxSpec,
  SYSTEM_FOLDERS,
  type SystemMount,
} from '@skilldock/agent/sandbox';
