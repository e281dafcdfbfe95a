import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { type Failure, failure } from '@skilldock/core/errors';
import { bubblewrapArguments, PRLIMIT_PATH, type SandboxSpec } from './bubblewrap-arguments.js';
import { sandboxEnvironment } from './sandbox-environment.js';
import './error-codes.js';

/** How long the probe may take before the sandbox counts as broken. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Proves that `bwrap` can build exactly this sandbox here, by running `true` in it: the program
 * may be missing, or the host may forbid user namespaces (some containers do). The failure says
 * which and what to do; the shell then stays off (SPEC Y17).
 */
export async function probeSandbox(
  bwrapPath: string,
  spec: SandboxSpec,
): Promise<{ readonly ok: true } | Failure<'sandbox_unavailable'>> {
  for (const [program, what] of [
    [bwrapPath, 'bubblewrap (the Debian package bubblewrap)'],
    [PRLIMIT_PATH, 'prlimit (the Debian package util-linux)'],
  ] as const) {
    const found = await access(program, constants.X_OK).then(
      () => true,
      () => false,
    );
    if (!found)
      return failure(
        'sandbox_unavailable',
        `${program} is not installed: commands run only inside ${what}'s sandbox, so the shell is off. Install it on the server to enable the shell.`,
      );
  }
  return new Promise((resolve) => {
    execFile(
      bwrapPath,
      [...bubblewrapArguments(spec), 'true'],
      { env: sandboxEnvironment(), timeout: PROBE_TIMEOUT_MS, maxBuffer: 64 * 1024 },
      (error, _stdout, stderr) => {
        if (error === null) return resolve({ ok: true });
        const said = String(stderr).trim().split('\n')[0]?.slice(0, 300) || error.message;
        resolve(
          failure(
            'sandbox_unavailable',
            `${bwrapPath} cannot build the sandbox on this host (${said}); commands never run outside it, so the shell is off. The host must allow unprivileged user namespaces.`,
          ),
        );
      },
    );
  });
}
