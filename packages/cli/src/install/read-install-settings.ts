import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { warnAboutSettings } from '../warn-about-settings.js';

/** The install settings of the user's `~/.skilldock/settings.json`. */
export interface InstallSettings {
  /** `allowed_hosts`, or `undefined` when it is not set (the default list applies). */
  readonly allowedHosts: string[] | undefined;
  /** `install_tokens`: the environment variable holding each server's token, keyed by origin. */
  readonly tokenEnvByOrigin: ReadonlyMap<string, string>;
}

/**
 * `allowed_hosts` and `install_tokens` from the user's `~/.skilldock/settings.json` (core's
 * `loadSettings` reads both from the user file only: a cloned project must not be able to widen
 * where installs fetch from, nor choose where a token goes). A problem in the file is warned about
 * on `output` with file:line:column; an invalid key is ignored.
 */
export async function readInstallSettings(homeDirectory: string, output: Output): Promise<InstallSettings> {
  const { loadSettings } = await loadCore('discover');
  const { settings, diagnostics } = await loadSettings({ homeDirectory });
  warnAboutSettings(diagnostics, output);
  const tokenEnvByOrigin = new Map<string, string>();
  // The schema holds keys to http(s) URLs; an origin compares by scheme, host and port only.
  for (const [url, name] of Object.entries(settings.install_tokens ?? {}))
    tokenEnvByOrigin.set(new URL(url).origin, name);
  return {
    allowedHosts: settings.allowed_hosts === undefined ? undefined : [...settings.allowed_hosts],
    tokenEnvByOrigin,
  };
}
