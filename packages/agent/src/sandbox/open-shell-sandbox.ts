import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, realpath } from 'node:fs/promises';
import type { ShellLauncher } from '../tools/run-shell-command.js';
import type { WorkspaceNotice } from '../workspace/workspace-notice.js';
import { bubblewrapArguments, DEFAULT_BWRAP_PATH, type SandboxSpec } from './bubblewrap-arguments.js';

/** How long the probe may take before the sandbox counts as broken. */
const PROBE_TIMEOUT_MS = 10_000;

/** Options of {@link openShellSandbox} (settings `shell.sandbox`, `shell.network`). */
export interface ShellSandboxOptions {
  /** The folder commands may write (the project root); every other path is read-only. */
  readonly projectRoot: string;
  /** `auto` (default): sandbox when bubblewrap works here, else run unsandboxed with a notice; `off`: never. */
  readonly mode?: 'auto' | 'off';
  /** Commands reach the network (the host's, as the user's own shell does). Default true. */
  readonly network?: boolean;
  /** The `bwrap` program. Default `/usr/bin/bwrap`; never looked up on `PATH`. */
  readonly bwrapPath?: string;
}

/** How a workspace's `shell` tool runs its commands. */
export interface ShellSandbox {
  /** Runs each command in the sandbox; absent: commands run directly, unsandboxed. */
  readonly launcher?: (cwd: string) => ShellLauncher;
  /** Said after the shell tool's description: what the commands can reach. */
  readonly descriptionNote?: string;
  /** Why commands run unsandboxed although the setting asks for a sandbox. */
  readonly notice?: WorkspaceNotice;
}

/** Runs `true` in `args`; resolves with bwrap's first line of complaint when it fails. */
function runTrue(bwrapPath: string, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      bwrapPath,
      [...args, 'true'],
      { env: { PATH: '/usr/bin:/bin' }, timeout: PROBE_TIMEOUT_MS, maxBuffer: 64 * 1024 },
      (error, _stdout, stderr) => {
        if (error === null) return resolve(undefined);
        resolve(String(stderr).trim().split('\n')[0]?.slice(0, 300) || error.message);
      },
    );
  });
}

/**
 * The sandbox of the CLI's `shell` tool (SPEC SEC3, SEC4), as Claude Code and Codex sandbox their
 * shells on Linux: bubblewrap with its own pid namespace and `/proc`, so no command can read the
 * environment of skilldock or of any other process (`/proc/$PPID/environ` held the provider key),
 * the host's file system read-only but the project, a private `/tmp`, and the network unless
 * `network: false`. The same argument builder as the platform's run sandbox
 * ({@link bubblewrapArguments} with `hostRoot`). Probed once by running `true` in it: where
 * bubblewrap is missing or cannot build it (no user namespaces), commands run unsandboxed and the
 * notice says so and why.
 * @example
 * const sandbox = await openShellSandbox({ projectRoot });
 * createShellTool({ launcher: sandbox.launcher, descriptionNote: sandbox.descriptionNote });
 */
export async function openShellSandbox(options: ShellSandboxOptions): Promise<ShellSandbox> {
  if (options.mode === 'off') return {};
  const bwrapPath = options.bwrapPath ?? DEFAULT_BWRAP_PATH;
  const network = options.network ?? true;
  const projectRoot = await realpath(options.projectRoot);
  const spec = (cwd: string): SandboxSpec => ({
    workFolder: projectRoot,
    readOnlyFolders: [],
    cwd,
    network,
    hostRoot: true,
    systemMounts: [],
    // The user's own ids inside, so files and `git` see the owner they expect.
    uid: process.getuid?.() ?? 0,
    gid: process.getgid?.() ?? 0,
  });
  const unavailable = (why: string): ShellSandbox => ({
    notice: {
      code: 'shell_unsandboxed',
      message: `The shell runs without a sandbox: ${why} Its commands can read every process of yours (/proc/<pid>/environ included), so a key in the environment of skilldock or of the shell that started it can reach the model. Install bubblewrap (Debian/Ubuntu: apt install bubblewrap), or set "shell": {"sandbox": "off"} in ~/.skilldock/settings.json to run unsandboxed without this notice.`,
    },
  });
  if (process.platform !== 'linux')
    return unavailable(`the bubblewrap sandbox exists on Linux only, not on ${process.platform}.`);
  const installed = await access(bwrapPath, constants.X_OK).then(
    () => true,
    () => false,
  );
  if (!installed) return unavailable(`${bwrapPath} is not installed.`);
  const complaint = await runTrue(bwrapPath, bubblewrapArguments(spec(projectRoot)));
  if (complaint !== undefined)
    return unavailable(
      `${bwrapPath} cannot build the sandbox here (${complaint}; the host must allow unprivileged user namespaces).`,
    );
  return {
    launcher: (cwd) => ({ executable: bwrapPath, args: bubblewrapArguments(spec(cwd)) }),
    descriptionNote: `Commands run in a sandbox: only the project folder ${projectRoot} is writable (the rest of the file system is read-only), /tmp is private and emptied after each command, processes left in the background end with the command (use run_in_background for servers), and ${network ? 'the network is reachable' : 'there is no network'}.`,
  };
}
