import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The `allowed_hosts` setting from the user's `~/.skilldock/settings.json`, or `undefined` when it
 * is not set (the default list applies). Only the user file counts: a cloned project must not be
 * able to widen where installs fetch from.
 */
export async function readAllowedHosts(homeDirectory: string): Promise<string[] | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(homeDirectory, '.skilldock', 'settings.json'), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const hosts = (JSON.parse(text) as { allowed_hosts?: unknown }).allowed_hosts;
    return Array.isArray(hosts)
      ? hosts.filter((host): host is string => typeof host === 'string')
      : undefined;
  } catch {
    // A malformed settings file is reported by the commands that load settings; the default applies here.
    return undefined;
  }
}
