import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { ShellLauncher } from '@skilldock/agent/tools';
import { type Failure, failure } from '@skilldock/core/errors';
import { bubblewrapArguments, PRLIMIT_PATH, type SandboxSpec } from './bubblewrap-arguments.js';
import { IP_PATH, NSENTER_PATH } from './network-sandbox.js';
import { sandboxEnvironment } from './sandbox-environment.js';
import './error-codes.js';

/** How long the probe may take before the sandbox counts as broken. */
const PROBE_TIMEOUT_MS = 10_000;

/** The first of `programs` that is not installed, with the Debian package that brings it. */
async function missingProgram(
  programs: readonly (readonly [program: string, what: string])[],
): Promise<readonly [string, string] | undefined> {
  for (const entry of programs) {
    const found = await access(entry[0], constants.X_OK).then(
      () => true,
      () => false,
    );
    if (!found) return entry;
  }
  return undefined;
}

/** Runs `true` through `launcher`; resolves with bwrap's or the wrapper's first line of complaint. */
function runTrue(
  launcher: ShellLauncher,
): Promise<{ readonly ok: true } | { readonly ok: false; readonly said: string }> {
  return new Promise((resolve) => {
    execFile(
      launcher.executable,
      [...launcher.args, 'true'],
      { env: sandboxEnvironment(), timeout: PROBE_TIMEOUT_MS, maxBuffer: 64 * 1024 },
      (error, _stdout, stderr) => {
        if (error === null) return resolve({ ok: true });
        resolve({ ok: false, said: String(stderr).trim().split('\n')[0]?.slice(0, 300) || error.message });
      },
    );
  });
}

/**
 * Proves that `bwrap` can build exactly this sandbox here, by running `true` in it: the program
 * may be missing, or the host may forbid user namespaces (some containers do). The failure says
 * which and what to do; the shell then stays off (SPEC Y17). `wrap` starts it as the commands
 * will be started (as the sandbox's host user, see `runAsHostUser`).
 */
export async function probeSandbox(
  bwrapPath: string,
  spec: SandboxSpec,
  wrap: (launcher: ShellLauncher) => ShellLauncher = (launcher) => launcher,
): Promise<{ readonly ok: true } | Failure<'sandbox_unavailable'>> {
  const missing = await missingProgram([
    [bwrapPath, 'bubblewrap (the Debian package bubblewrap)'],
    [PRLIMIT_PATH, 'prlimit (the Debian package util-linux)'],
  ]);
  if (missing !== undefined)
    return failure(
      'sandbox_unavailable',
      `${missing[0]} is not installed: commands run only inside ${missing[1]}'s sandbox, so the shell is off. Install it on the server to enable the shell.`,
    );
  const ran = await runTrue(
    wrap({
      executable: bwrapPath,
      args: bubblewrapArguments({ ...spec, network: false }),
    }),
  );
  if (ran.ok) return ran;
  return failure(
    'sandbox_unavailable',
    `${bwrapPath} cannot build the sandbox on this host (${ran.said}); commands never run outside it, so the shell is off. The host must allow unprivileged user namespaces.`,
  );
}

/**
 * Proves that a sandbox with its own network can be built here (`networkSandboxPlan`): slirp4netns,
 * nsenter and ip are installed and slirp4netns can attach (it needs `/dev/net/tun`). Without them
 * the shell is offered without a network — never with the host's (SPEC Y17).
 */
export async function probeNetworkSandbox(
  slirp4netnsPath: string,
  launcher: ShellLauncher,
): Promise<{ readonly ok: true } | Failure<'sandbox_network_unavailable'>> {
  const missing = await missingProgram([
    [slirp4netnsPath, 'the Debian package slirp4netns'],
    [NSENTER_PATH, 'the Debian package util-linux'],
    [IP_PATH, 'the Debian package iproute2'],
  ]);
  if (missing !== undefined)
    return failure(
      'sandbox_network_unavailable',
      `${missing[0]} is not installed (${missing[1]}): the sandbox's own network needs it and the host's network is never shared, so commands run without a network. Install ${missing[1].replace('the Debian package ', '')} on the server to give them one.`,
    );
  const ran = await runTrue(launcher);
  if (ran.ok) return ran;
  return failure(
    'sandbox_network_unavailable',
    `the sandbox's own network cannot be set up on this host (${ran.said}); the host's network is never shared, so commands run without a network.`,
  );
}
