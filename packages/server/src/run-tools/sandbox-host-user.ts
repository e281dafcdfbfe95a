import { lchown, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ShellLauncher } from '@skilldock/agent/tools';

/** util-linux's `setpriv`: drops to the sandbox's host user before bwrap starts. */
export const SETPRIV_PATH = '/usr/bin/setpriv';

/** The host user a sandbox runs as when the server is root: `nobody` (overflow uid and gid). */
export const NOBODY = Object.freeze({ uid: 65_534, gid: 65_534 });

/** A host user and group. */
export interface HostUser {
  readonly uid: number;
  readonly gid: number;
}

/**
 * The host user a sandbox should run as (issue 23), for `createRunTools`'s `sandboxUser`: `nobody`
 * when the server runs as root — bwrap maps the sandbox's user to the user that starts it, so as
 * root every file a command made was root's on the host, a `chmod 4755` one a setuid-root program —
 * and otherwise none (the sandbox maps to the server's own, unprivileged user).
 */
export function defaultSandboxHostUser(): HostUser | undefined {
  return process.getuid?.() === 0 ? NOBODY : undefined;
}

/**
 * `launcher` started as `user`: `setpriv` sets the real and effective ids and drops the
 * supplementary groups (every capability goes with uid 0), then becomes the launcher. Put it
 * inside `launchInCgroup`, whose joining of the cgroup needs root.
 */
export function runAsHostUser(launcher: ShellLauncher, user: HostUser): ShellLauncher {
  return {
    ...launcher,
    executable: SETPRIV_PATH,
    args: [
      `--reuid=${user.uid}`,
      `--regid=${user.gid}`,
      '--clear-groups',
      launcher.executable,
      ...launcher.args,
    ],
  };
}

/**
 * Gives `folder` and everything in it to `user`, never following a link (`lchown`), so the
 * sandbox's user may change what the run's file tools (the server, root) wrote since the last
 * command. Written by hand: a walk with `lstat`, as `stripSetIdBits`.
 * @example await handOverFolder(workFolder, NOBODY);
 */
export async function handOverFolder(folder: string, user: HostUser): Promise<void> {
  const stats = await lstat(folder).catch(() => undefined);
  if (stats === undefined) return;
  if (stats.uid !== user.uid || stats.gid !== user.gid) await lchown(folder, user.uid, user.gid);
  if (!stats.isDirectory() || stats.isSymbolicLink()) return;
  for (const name of await readdir(folder)) await handOverFolder(path.join(folder, name), user);
}
