import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { warnAboutSettings } from '../warn-about-settings.js';

/**
 * The `allowed_hosts` setting from the user's `~/.skilldock/settings.json` (core's `loadSettings`
 * reads it from the user file only: a cloned project must not be able to widen where installs
 * fetch from), or `undefined` when it is not set (the default list applies). A problem in the file
 * is warned about on `output` with file:line:column; an invalid `allowed_hosts` is ignored.
 */
export async function readAllowedHosts(homeDirectory: string, output: Output): Promise<string[] | undefined> {
  const { loadSettings } = await loadCore('discover');
  const { settings, diagnostics } = await loadSettings({ homeDirectory });
  warnAboutSettings(diagnostics, output);
  return settings.allowed_hosts === undefined ? undefined : [...settings.allowed_hosts];
}
