import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits, stripSetIdBits } from '@skilldock/agent/sandbox';
import {
  type AgentTool,
  createEditTool,
  createGlobTool,
  createGrepTool,
  createLsTool,
  createReadFileTool,
  createShellTool,
  createWriteFileTool,
  type ShellLauncher,
} from '@skilldock/agent/tools';
import { isPathInside } from '@skilldock/core/format';
import {
  bubblewrapArguments,
  DEFAULT_BWRAP_PATH,
  hostSystemMounts,
  type SandboxSpec,
} from './bubblewrap-arguments.js';
import { confineToolToRun } from './confine-tool-to-run.js';
import { DEFAULT_SLIRP4NETNS_PATH, networkSandboxLauncher } from './network-sandbox.js';
import { findPidsCgroups, LAUNCHER_TASK_ALLOWANCE, launchInCgroup, type PidsCgroups } from './pids-cgroup.js';
import { probeNetworkSandbox, probeSandbox } from './probe-sandbox.js';
import { resolveRunFolders } from './resolve-run-folders.js';
import { sandboxEnvironment } from './sandbox-environment.js';
import { type HostUser, handOverFolder, runAsHostUser } from './sandbox-host-user.js';

/** The agent-level shell setting an admin chooses (SPEC Y17): off unless enabled; network off unless allowed. */
export interface RunShellSetting {
  readonly enabled: boolean;
  readonly network: boolean;
}

/** Options of {@link createRunTools}. */
export interface RunToolsOptions {
  /** The user's projection (`<data>/projections/<user>/skills`): read-only; left out while it does not exist. */
  readonly projectionDirectory: string;
  /** The user's workspace (personal skills): read-only; left out while it does not exist. */
  readonly workspaceDirectory?: string;
  /** The run's work folder ({@link createRunWorkFolder}): the only folder tools write. */
  readonly workFolder: string;
  readonly shell: RunShellSetting;
  readonly limits?: Partial<SandboxLimits>;
  /** The `bwrap` program. Default `/usr/bin/bwrap` (Debian `bubblewrap`); never looked up on `PATH`. */
  readonly bwrapPath?: string;
  /** The `slirp4netns` program giving an allowed network its own namespace. Default `/usr/bin/slirp4netns` (Debian `slirp4netns`). */
  readonly slirp4netnsPath?: string;
  /**
   * Where each command gets a pids cgroup holding its process limit (default: found once per
   * process, see `findPidsCgroups`; `false`: none, `RLIMIT_NPROC` alone).
   */
  readonly pidsCgroups?: PidsCgroups | false;
  /**
   * The host user commands run as, e.g. `defaultSandboxHostUser()` (`nobody` when the server is
   * root). Default (or `false`): the server's own, which bwrap maps the sandbox's user to — root's
   * files on the host when the server is root. Applies to sandboxes without a network (slirp4netns
   * cannot attach from an unprivileged user's namespace here); falls back to the server's own, with
   * a `sandbox_user_unavailable` notice, when that user cannot reach the run's folders.
   */
  readonly sandboxUser?: HostUser | false;
}

let processPidsCgroups: PidsCgroups | undefined | null = null;

/** This process's pids cgroups, looked for once. */
function defaultPidsCgroups(): PidsCgroups | undefined {
  if (processPidsCgroups === null) processPidsCgroups = findPidsCgroups();
  return processPidsCgroups;
}

/** Why a tool the agent could have is not offered, for the run's log and the user. */
export interface RunToolNotice {
  readonly tool: 'shell';
  /**
   * `shell_disabled`: no admin enabled it for the agent; `sandbox_unavailable`: bubblewrap is
   * missing or cannot run here (no shell); `sandbox_network_unavailable`: the network is allowed
   * but slirp4netns is missing or cannot attach here (a shell without network);
   * `sandbox_process_limit_unenforced`: the server runs as root, where Linux ignores the process
   * limit, and no pids cgroup could be made (the shell is offered, but a fork bomb is not stopped);
   * `sandbox_user_unavailable`: the server is root and the unprivileged sandbox user cannot reach
   * the run's folders, so commands run as root (mapped) after all.
   */
  readonly code:
    | 'sandbox_user_unavailable'
    | 'shell_disabled'
    | 'sandbox_unavailable'
    | 'sandbox_network_unavailable'
    | 'sandbox_process_limit_unenforced';
  readonly message: string;
}

/** A platform run's tools (SPEC Y17) and what the run must know about them. */
export interface RunTools {
  /**
   * `read_file`, `ls`, `glob`, `grep` (work folder, projection, workspace), `write_file`, `edit`
   * (work folder only), then `shell` when it is on. Keep only the ones the agent lists.
   */
  readonly tools: readonly AgentTool[];
  readonly notices: readonly RunToolNotice[];
  /** The run context's `cwd`: the work folder's real path (approvals of writes are judged there). */
  readonly cwd: string;
  /** The run context's `readOnlyRoots`: the projection and the workspace, real paths. */
  readonly readOnlyRoots: readonly string[];
  /** A paragraph for the system prompt: where the run may read and write, and what the shell can do. */
  readonly layout: string;
}

/**
 * Builds a platform run's tools (SPEC Y17, Y15, SEC3, SEC4). The path model is the host's: the
 * work folder, projection and workspace have the same real paths for the file tools and inside
 * the shell's sandbox, so a skill's base directory or a file a tool named works everywhere. File
 * tools read the three folders and write only the work folder; `shell` is offered only when the
 * agent enables it and bubblewrap builds the sandbox here — see `bubblewrapArguments` — else a
 * notice says why. Throws when the folders are not real folders or overlap (`run_folders_invalid`,
 * `symlink_refused`).
 * @example
 * const runTools = await createRunTools({ projectionDirectory, workspaceDirectory, workFolder,
 *   shell: { enabled: agent.tools.includes('shell'), network: agent.shellNetwork } });
 * const context = createRunContext({ cwd: runTools.cwd, readOnlyRoots: runTools.readOnlyRoots,
 *   tools: runTools.tools, … });
 */
export async function createRunTools(options: RunToolsOptions): Promise<RunTools> {
  const folders = await resolveRunFolders(options);
  const readOnlyRoots = [folders.projectionDirectory, folders.workspaceDirectory].filter(
    (folder): folder is string => folder !== undefined,
  );
  const view = { cwd: folders.workFolder, readOnlyRoots };
  const tools: AgentTool[] = [
    createReadFileTool(),
    createWriteFileTool(),
    createEditTool(),
    createLsTool(),
    createGlobTool(),
    createGrepTool(),
  ].map((tool) => confineToolToRun(tool, view));
  const notices: RunToolNotice[] = [];
  const limits: SandboxLimits = { ...DEFAULT_SANDBOX_LIMITS, ...options.limits };
  const bwrapPath = options.bwrapPath ?? DEFAULT_BWRAP_PATH;
  let shellLine = 'There is no shell in this run.';
  if (!options.shell.enabled) {
    notices.push({
      tool: 'shell',
      code: 'shell_disabled',
      message: 'The shell tool is off: an admin has not enabled it for this agent.',
    });
  } else {
    const systemMounts = hostSystemMounts();
    const spec: SandboxSpec = {
      workFolder: folders.workFolder,
      readOnlyFolders: readOnlyRoots,
      cwd: folders.workFolder,
      network: false,
      limits,
      systemMounts,
    };
    const insideSystem = [folders.workFolder, ...readOnlyRoots].find((folder) =>
      systemMounts.some((mount) => mount.kind === 'bind' && isPathInside(folder, mount.path)),
    );
    // Commands may run as an unprivileged host user (see defaultSandboxHostUser), handed the work
    // folder before each command. Not with a network: slirp4netns cannot attach from there.
    let hostUser =
      options.sandboxUser === undefined || options.sandboxUser === false || options.shell.network
        ? undefined
        : options.sandboxUser;
    const asHostUser = (inner: ShellLauncher): ShellLauncher =>
      hostUser === undefined ? inner : runAsHostUser(inner, hostUser);
    if (hostUser !== undefined && insideSystem === undefined)
      await handOverFolder(folders.workFolder, hostUser);
    let probe =
      insideSystem === undefined
        ? await probeSandbox(bwrapPath, spec, asHostUser)
        : {
            ok: false as const,
            message: `The run folder ${insideSystem} lies inside a system folder the sandbox shows whole, which would show other users' files; move the data folder.`,
          };
    if (!probe.ok && hostUser !== undefined && insideSystem === undefined) {
      // The host user may not reach the folders (a data folder under /root, say): as the server then.
      const user = hostUser;
      hostUser = undefined;
      await handOverFolder(folders.workFolder, {
        uid: process.getuid?.() ?? 0,
        gid: process.getgid?.() ?? 0,
      });
      const asServer = await probeSandbox(bwrapPath, spec);
      if (asServer.ok) {
        notices.push({
          tool: 'shell',
          code: 'sandbox_user_unavailable',
          message: `The shell runs as the server's own user: the sandbox's host user ${user.uid} cannot use the run's folders here (${probe.message}). Let others search the data folder's parents (chmod o+x), or run the server as an ordinary user.`,
        });
        probe = asServer;
      }
    }
    if (!probe.ok) {
      notices.push({
        tool: 'shell',
        code: 'sandbox_unavailable',
        message: `The shell tool is off: ${probe.message}`,
      });
    } else {
      const slirp4netnsPath = options.slirp4netnsPath ?? DEFAULT_SLIRP4NETNS_PATH;
      // The host addresses to refuse are read for each command (networkSandboxPlan's default).
      const networked = (cwd: string) =>
        networkSandboxLauncher({
          bwrapPath,
          slirp4netnsPath,
          sandboxArguments: bubblewrapArguments({ ...spec, cwd, network: true }),
        });
      const networkProbe = options.shell.network
        ? await probeNetworkSandbox(slirp4netnsPath, asHostUser(networked(folders.workFolder)))
        : undefined;
      if (networkProbe !== undefined && !networkProbe.ok)
        notices.push({
          tool: 'shell',
          code: 'sandbox_network_unavailable',
          message: `The shell tool has no network: ${networkProbe.message}`,
        });
      const hasNetwork = networkProbe?.ok === true;
      const network = hasNetwork
        ? "The network is reachable (outbound only: this server's own addresses are not)."
        : 'There is no network.';
      const visible = [folders.workFolder, ...readOnlyRoots].join(', ');
      const note = `Commands run in a sandbox: only ${folders.workFolder} is writable (${visible} keep their paths; nothing else of the server is there), /tmp is private and emptied after each command, processes left in the background end with the command, and ${network}`;
      const cgroups =
        options.pidsCgroups === false ? undefined : (options.pidsCgroups ?? defaultPidsCgroups());
      if (cgroups === undefined && process.getuid?.() === 0)
        notices.push({
          tool: 'shell',
          code: 'sandbox_process_limit_unenforced',
          message:
            'The shell runs without an enforced process limit: the server runs as root, where Linux ignores RLIMIT_NPROC, and no pids cgroup could be made here. Run the server as an ordinary user, or give it a writable cgroup with the pids controller.',
        });
      // Each command in a cgroup of its own whose pids.max holds even for root (see pids-cgroup.ts).
      const confined = (inner: ShellLauncher): ShellLauncher =>
        cgroups === undefined
          ? inner
          : launchInCgroup(inner, cgroups.create(limits.maxProcesses + LAUNCHER_TASK_ALLOWANCE));
      // Before a command, its host user gets what the file tools wrote; once it ended, nothing it
      // left keeps a set-id bit on the host (see stripSetIdBits).
      const user = hostUser;
      const started = (inner: ShellLauncher): ShellLauncher => ({
        ...confined(asHostUser(inner)),
        ...(user === undefined ? {} : { beforeStart: () => handOverFolder(folders.workFolder, user) }),
        afterExit: () => stripSetIdBits(folders.workFolder),
      });
      const launcher = hasNetwork
        ? (cwd: string) => started(networked(cwd))
        : (cwd: string) => started({ executable: bwrapPath, args: bubblewrapArguments({ ...spec, cwd }) });
      tools.push(
        confineToolToRun(
          createShellTool({
            defaultTimeoutMs: limits.defaultTimeoutMs,
            maxTimeoutMs: limits.maxTimeoutMs,
            maxOutputCharacters: limits.maxOutputCharacters,
            environment: sandboxEnvironment(),
            launcher,
            descriptionNote: note,
          }),
          view,
        ),
      );
      shellLine = `The shell tool runs commands in a sandbox that sees only these folders at the same paths; ${network.toLowerCase()}`;
    }
  }
  const layout = [
    `Your work folder is ${folders.workFolder}: relative paths start there, it is the only place you may write, and the files you leave there are the run's results, which the user can download.`,
    ...(folders.projectionDirectory === undefined
      ? []
      : [`Skills you may read (read-only): ${folders.projectionDirectory}.`]),
    ...(folders.workspaceDirectory === undefined
      ? []
      : [`The user's workspace (read-only): ${folders.workspaceDirectory}.`]),
    shellLine,
  ].join('\n');
  return { tools, notices, cwd: folders.workFolder, readOnlyRoots, layout };
}
