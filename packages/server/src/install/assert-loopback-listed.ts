import { SecurityError } from '@skilldock/core/errors';
import { isLoopbackHost, resolveSource } from '@skilldock/core/install';

/** A folder that never exists: bare names are resolved against it, so none names a server file. */
const NO_FOLDER = '/nonexistent-skilldock-remote-cwd';

/**
 * With `allowInsecureLocalhost` (tests, local servers), core lets any loopback URL through its
 * allowlist. The platform still makes the admins' `allowed_hosts` decide (SPEC Y9): a loopback
 * source must be listed by its exact `host:port`.
 * @throws SecurityError `host_not_allowed`, `remote_install_disabled` (an empty list).
 */
export function assertLoopbackListed(source: string, allowedHosts: readonly string[]): void {
  let url: URL;
  try {
    const resolved = resolveSource(source, {
      cwd: NO_FOLDER,
      homeDirectory: NO_FOLDER,
      allowedHosts,
      allowInsecureLocalhost: true,
    });
    if (resolved.url === undefined) return;
    url = new URL(resolved.url);
  } catch {
    // Whatever core refuses, prepareRemoteDraft refuses again with the reason.
    return;
  }
  if (isLoopbackHost(url.hostname) && !allowedHosts.includes(url.host))
    throw new SecurityError(
      allowedHosts.length === 0 ? 'remote_install_disabled' : 'host_not_allowed',
      `Refusing ${url.origin}: host '${url.host}' is not in the allowed hosts (${allowedHosts.join(', ') || 'none'}).`,
      { details: { host: url.host, allowedHosts: [...allowedHosts] } },
    );
}
