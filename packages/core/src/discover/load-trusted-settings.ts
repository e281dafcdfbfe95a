import { homedir } from 'node:os';
import { type LoadSettingsResult, loadSettings } from './load-settings.js';
import { isWorkspaceTrusted } from './trust-store.js';

/** Options of {@link loadTrustedSettings}. */
export interface LoadTrustedSettingsOptions {
  /** The project whose settings apply when it is trusted. */
  readonly projectRoot: string;
  /** Home folder holding the trust store and the user's settings; default `os.homedir()`. */
  readonly homeDirectory?: string;
  /** Environment read for `SKILLDOCK_TRUST=1`; default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** Trust given for this call (`--trust`); the trust store is not consulted. */
  readonly trust?: boolean;
  /** Safe mode: the project's settings never apply, trusted or not. */
  readonly safeMode?: boolean;
}

/** The settings that apply in a workspace, and whether it is trusted. */
export interface TrustedSettings extends LoadSettingsResult {
  readonly trusted: boolean;
}

/**
 * The one place that decides whose settings a workspace runs with (SPEC D2): the user's always, the
 * project's only when the workspace is trusted (the trust store, `SKILLDOCK_TRUST=1` or `trust`)
 * and not in safe mode. A cloned project's settings can point tools, models and hooks at anything,
 * so every opener that reads settings for a session goes through here.
 * @example const { trusted, settings } = await loadTrustedSettings({ projectRoot: process.cwd() });
 */
export async function loadTrustedSettings({
  projectRoot,
  homeDirectory = homedir(),
  env = process.env,
  trust = false,
  safeMode = false,
}: LoadTrustedSettingsOptions): Promise<TrustedSettings> {
  const trusted = trust || (await isWorkspaceTrusted(projectRoot, { homeDirectory, env }));
  const read = await loadSettings(trusted && !safeMode ? { projectRoot, homeDirectory } : { homeDirectory });
  return { ...read, trusted };
}
