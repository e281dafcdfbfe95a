import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { warnAboutSettings } from '../warn-about-settings.js';

/**
 * The `allowed_hosts` setting from the user's `~/.skilldock/settings.json`, or `undefined` when it
 * is not set (the default list applies). Only the user file counts: a cloned project must not be
 * able to widen where installs fetch from. A malformed file is warned about on `output` with
 * file:line:column, and the default applies.
 */
export async function readAllowedHosts(homeDirectory: string, output: Output): Promise<string[] | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(homeDirectory, '.skilldock', 'settings.json'), 'utf8');
  } catch {
    return undefined;
  }
  let hosts: unknown;
  try {
    hosts = (JSON.parse(text) as { allowed_hosts?: unknown } | null)?.allowed_hosts;
  } catch {
    hosts = null;
  }
  if (hosts === undefined) return undefined;
  if (Array.isArray(hosts) && hosts.every((host) => typeof host === 'string')) return hosts;
  // Only a broken file pays for the whole core (installs load just its install part).
  const { loadSettings } = await loadCore();
  warnAboutSettings((await loadSettings({ homeDirectory })).diagnostics, output);
  return Array.isArray(hosts) ? hosts.filter((host): host is string => typeof host === 'string') : undefined;
}
