import { homedir } from 'node:os';
import { dirname, isAbsolute, join, parse, resolve } from 'node:path';
import type { Diagnostic } from '../format/diagnostic.js';
import { readRegularFile } from '../format/read-regular-file.js';
import { LineIndex } from '../format/text-position.js';
import { findJsonErrorOffset } from './find-json-error-offset.js';
import { type Settings, SKILL_SETTING_KEYS, type SkillSettings, settingsSchema } from './settings.js';

/** Where settings live relative to a project root or the home folder. */
export const SETTINGS_RELATIVE_PATH = join('.skilldock', 'settings.json');

/** Settings files above this size are refused: a settings file is a few hundred bytes. */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/** Options of {@link loadSettings}. */
export interface LoadSettingsOptions {
  /** Project whose `.skilldock/settings.json` is read; omit outside a project. */
  readonly projectRoot?: string;
  /** Home folder holding the user's `.skilldock/settings.json`; default `os.homedir()`. */
  readonly homeDirectory?: string;
}

/** The merged settings with everything found while reading them. */
export interface LoadSettingsResult {
  readonly settings: Settings;
  /** Malformed JSON (errors, with line and column), invalid values (errors), unknown keys (warnings). */
  readonly diagnostics: readonly Diagnostic[];
  /** The settings files that existed and were read, user file first. */
  readonly files: readonly string[];
}

/**
 * Reads the user and project settings files and merges them, the project winning key by key.
 * Never throws for a missing or malformed file: problems come back as diagnostics and the
 * offending file or key is ignored.
 * @example const { settings, diagnostics } = await loadSettings({ projectRoot: process.cwd() });
 */
export async function loadSettings({
  projectRoot,
  homeDirectory = homedir(),
}: LoadSettingsOptions = {}): Promise<LoadSettingsResult> {
  const userFile = join(homeDirectory, SETTINGS_RELATIVE_PATH);
  const projectFile = projectRoot === undefined ? undefined : join(projectRoot, SETTINGS_RELATIVE_PATH);
  const [user, project] = await Promise.all([
    readSettingsFile(userFile),
    projectFile === undefined || projectFile === userFile ? undefined : readSettingsFile(projectFile),
  ]);
  const diagnostics = [...(user?.diagnostics ?? []), ...(project?.diagnostics ?? [])];
  const projectSkills = { ...project?.settings.skills };
  if (projectSkills.personalDirectories !== undefined && projectFile !== undefined) {
    // A project must not be able to add sources that load as personal (and so bypass trust).
    diagnostics.push({
      code: 'settings_personal_key_in_project',
      severity: 'warning',
      message:
        '`skills.personalDirectories` is read from the user settings only; ignored in project settings',
      file: projectFile,
      path: ['skills', 'personalDirectories'],
    });
    delete projectSkills.personalDirectories;
  }
  const merged: Record<string, unknown> = {};
  for (const key of SKILL_SETTING_KEYS) {
    const value = projectSkills[key] ?? user?.settings.skills?.[key];
    if (value !== undefined) merged[key] = value;
  }
  const projectModels = { ...project?.settings.models };
  if (projectModels.providers !== undefined && projectFile !== undefined) {
    // A project must not be able to point a provider (and the user's API key) at another server.
    diagnostics.push({
      code: 'settings_providers_key_in_project',
      severity: 'warning',
      message: '`models.providers` is read from the user settings only; ignored in project settings',
      file: projectFile,
      path: ['models', 'providers'],
    });
    delete projectModels.providers;
  }
  const models = { ...user?.settings.models, ...projectModels };
  if (project?.settings.shell?.env?.allow !== undefined && projectFile !== undefined) {
    // A project must not be able to hand the user's keys to the commands the model runs (SEC3).
    diagnostics.push({
      code: 'settings_shell_allow_in_project',
      severity: 'warning',
      message: '`shell.env.allow` is read from the user settings only; ignored in project settings',
      file: projectFile,
      path: ['shell', 'env', 'allow'],
    });
  }
  for (const key of ['sandbox', 'network'] as const) {
    if (project?.settings.shell?.[key] === undefined || projectFile === undefined) continue;
    // A cloned project must not be able to run the model's commands outside the sandbox (SEC3).
    diagnostics.push({
      code: 'settings_shell_sandbox_in_project',
      severity: 'warning',
      message: `\`shell.${key}\` is read from the user settings only; ignored in project settings`,
      file: projectFile,
      path: ['shell', key],
    });
  }
  if (project?.settings.allowed_hosts !== undefined && projectFile !== undefined) {
    // A cloned project must not be able to widen where installs fetch from (SPEC P5).
    diagnostics.push({
      code: 'settings_allowed_hosts_in_project',
      severity: 'warning',
      message: '`allowed_hosts` is read from the user settings only; ignored in project settings',
      file: projectFile,
      path: ['allowed_hosts'],
    });
  }
  const allowedHosts = user?.settings.allowed_hosts;
  if (project?.settings.install_tokens !== undefined && projectFile !== undefined) {
    // A cloned project must never choose which server receives which token (SEC3).
    diagnostics.push({
      code: 'settings_install_tokens_in_project',
      severity: 'warning',
      message: '`install_tokens` is read from the user settings only; ignored in project settings',
      file: projectFile,
      path: ['install_tokens'],
    });
  }
  const installTokens = user?.settings.install_tokens;
  if (project?.settings.learn?.allowedHosts !== undefined && projectFile !== undefined) {
    // Like `allowed_hosts`: a cloned project must not widen where `learn` fetches from (SPEC P5).
    diagnostics.push({
      code: 'settings_learn_hosts_in_project',
      severity: 'warning',
      message: '`learn.allowedHosts` is read from the user settings only; ignored in project settings',
      file: projectFile,
      path: ['learn', 'allowedHosts'],
    });
  }
  const learnHosts = user?.settings.learn?.allowedHosts;
  const learnDirectory = project?.settings.learn?.directory ?? user?.settings.learn?.directory;
  const learn = {
    ...(learnDirectory === undefined ? {} : { directory: learnDirectory }),
    ...(learnHosts === undefined ? {} : { allowedHosts: learnHosts }),
  };
  // Key by key, the project winning (a team may turn auto skill on for its repository).
  const memory = { ...user?.settings.memory, ...project?.settings.memory };
  // Deny lists only take away, so both files count; allow comes from the user alone.
  const deny = [
    ...new Set([...(user?.settings.shell?.env?.deny ?? []), ...(project?.settings.shell?.env?.deny ?? [])]),
  ];
  const allow = user?.settings.shell?.env?.allow;
  const shellEnv = { ...(allow === undefined ? {} : { allow }), ...(deny.length === 0 ? {} : { deny }) };
  // The sandbox and its network from the user file alone: a cloned project cannot take them away.
  const shell = {
    ...(user?.settings.shell?.sandbox === undefined ? {} : { sandbox: user.settings.shell.sandbox }),
    ...(user?.settings.shell?.network === undefined ? {} : { network: user.settings.shell.network }),
    ...(Object.keys(shellEnv).length > 0 ? { env: shellEnv } : {}),
  };
  // Merged by server name, the project winning; trust is the host's decision (they run commands).
  const mcpServers = { ...user?.settings.mcpServers, ...project?.settings.mcpServers };
  // Key by key, the project winning: aliases by name, then each built-in's model.
  const modelAliases = { ...user?.settings.agents?.modelAliases, ...project?.settings.agents?.modelAliases };
  const builtin = { ...user?.settings.agents?.builtin, ...project?.settings.agents?.builtin };
  const agents = {
    ...(Object.keys(modelAliases).length > 0 ? { modelAliases } : {}),
    ...(Object.keys(builtin).length > 0 ? { builtin } : {}),
  };
  // Each file's folders relative to that file's folder; the user's first, duplicates dropped.
  const extensions = [
    ...new Set([
      ...resolveExtensionFolders(user, homeDirectory),
      ...resolveExtensionFolders(project, homeDirectory),
    ]),
  ];
  const settings: Settings = {
    ...(Object.keys(merged).length > 0 ? { skills: merged as SkillSettings } : {}),
    ...(Object.keys(models).length > 0 ? { models } : {}),
    ...(Object.keys(mcpServers).length > 0 ? { mcpServers } : {}),
    ...(Object.keys(shell).length > 0 ? { shell } : {}),
    ...(Object.keys(agents).length > 0 ? { agents } : {}),
    ...(allowedHosts === undefined ? {} : { allowed_hosts: allowedHosts }),
    ...(installTokens === undefined ? {} : { install_tokens: installTokens }),
    ...(Object.keys(learn).length > 0 ? { learn } : {}),
    ...(Object.keys(memory).length > 0 ? { memory } : {}),
    ...(extensions.length > 0 ? { extensions } : {}),
  };
  const files = [user, project].flatMap((read) => (read === undefined || !read.exists ? [] : [read.file]));
  return { settings, diagnostics, files };
}

/** A file's `extensions`, absolute: `~/…` under the home folder, relative ones under the file's folder. */
function resolveExtensionFolders(read: SettingsFileRead | undefined, homeDirectory: string): string[] {
  if (read === undefined) return [];
  return (read.settings.extensions ?? []).map((folder) => {
    if (folder === '~') return resolve(homeDirectory);
    if (folder.startsWith('~/') || folder.startsWith('~\\'))
      return join(resolve(homeDirectory), folder.slice(2));
    return isAbsolute(folder) ? resolve(folder) : resolve(dirname(read.file), folder);
  });
}

interface SettingsFileRead {
  readonly file: string;
  readonly exists: boolean;
  readonly settings: Settings;
  readonly diagnostics: Diagnostic[];
}

/** A settings file as its JSON object, before validation: what a writer edits and writes back. */
export interface SettingsObjectRead {
  readonly file: string;
  readonly exists: boolean;
  /** The file's top-level object, unknown keys included; `{}` for a missing or empty file. */
  readonly value: Record<string, unknown>;
  /** Set when the file cannot be used: unreadable, too large, invalid JSON, not an object. */
  readonly error?: Diagnostic;
}

/**
 * Reads one settings file as a JSON object with the same limits and error positions as
 * {@link loadSettings}: the one parser for settings files, for writers that must keep every key
 * (unknown ones included) as it was. Never throws for a missing or broken file.
 * @example const { value, error } = await readSettingsObject(join(projectRoot, SETTINGS_RELATIVE_PATH));
 */
export async function readSettingsObject(file: string): Promise<SettingsObjectRead> {
  const { text: _text, ...read } = await readSettingsJson(file);
  return read;
}

/** {@link readSettingsObject} plus the text, for positions in validation diagnostics. */
async function readSettingsJson(file: string): Promise<SettingsObjectRead & { readonly text?: string }> {
  // Read safely and synchronously: a FIFO or device is refused instead of waited on, the size is
  // checked before reading, links are followed (anywhere: dotfile setups link settings), and no
  // thread-pool round trip is paid before every agent-loop request (issue 9 §7).
  const read = readRegularFile(file, { maxBytes: MAX_SETTINGS_BYTES, allowedRoots: [parse(file).root] });
  if (!read.ok) {
    switch (read.code) {
      case 'path_not_found':
        return { file, exists: false, value: {} };
      case 'file_too_large':
        return broken(file, 'settings_too_large', `settings file is larger than ${MAX_SETTINGS_BYTES} bytes`);
      case 'file_unreadable':
        return broken(file, 'settings_unreadable', `cannot read settings: ${read.error.message}`);
      default:
        return broken(file, 'settings_unreadable', `cannot read settings: ${read.message}`);
    }
  }
  const text = read.bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') return { file, exists: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const position = jsonErrorPosition((error as Error).message, text);
    return broken(file, 'settings_invalid_json', `invalid JSON: ${(error as Error).message}`, position);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return broken(file, 'settings_not_object', 'settings must be a JSON object', { line: 1, column: 1 });
  }
  return { file, exists: true, value: value as Record<string, unknown>, text };
}

async function readSettingsFile(file: string): Promise<SettingsFileRead> {
  const { exists, value, text, error } = await readSettingsJson(file);
  if (error !== undefined) return { file, exists, settings: {}, diagnostics: [error] };
  if (text === undefined) return { file, exists, settings: {}, diagnostics: [] };
  return validateSettings(file, text, value);
}

function validateSettings(file: string, text: string, value: Record<string, unknown>): SettingsFileRead {
  const diagnostics: Diagnostic[] = [];
  const lines = new LineIndex(text);
  const result = settingsSchema.safeParse(value);
  if (result.success) return { file, exists: true, settings: result.data, diagnostics };
  const cleaned = structuredClone(value) as Record<string, unknown>;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = [...issue.path.map(String), key];
        diagnostics.push({
          code: 'settings_unknown_key',
          severity: 'warning',
          message: `unknown settings key \`${path.join('.')}\` is ignored`,
          file,
          ...keyPosition(text, lines, key),
          path,
        });
        removePath(cleaned, path);
      }
      continue;
    }
    const path = issue.path.map(String);
    diagnostics.push({
      code: 'settings_invalid_value',
      severity: 'error',
      message: `\`${path.join('.')}\`: ${issue.message}; the key is ignored`,
      file,
      ...keyPosition(text, lines, path.at(-1)),
      path,
    });
    // Drop the whole top-level setting (e.g. `skills.budget`), never half of it.
    removePath(cleaned, path.slice(0, 2));
  }
  const retry = settingsSchema.safeParse(cleaned);
  return { file, exists: true, settings: retry.success ? retry.data : {}, diagnostics };
}

function removePath(target: Record<string, unknown>, path: readonly string[]): void {
  let current: unknown = target;
  for (const segment of path.slice(0, -1)) {
    if (typeof current !== 'object' || current === null) return;
    current = (current as Record<string, unknown>)[segment];
  }
  const last = path.at(-1);
  if (last !== undefined && typeof current === 'object' && current !== null) {
    delete (current as Record<string, unknown>)[last];
  }
}

/** The position of the first `"key"` in the text: close enough to point an editor at it. */
function keyPosition(
  text: string,
  lines: LineIndex,
  key: string | undefined,
): { line?: number; column?: number } {
  if (key === undefined || /^\d+$/.test(key)) return {};
  const offset = text.indexOf(JSON.stringify(key));
  return offset === -1 ? {} : lines.positionAt(offset);
}

/** Where the JSON breaks: found by our own scan, since V8 messages do not always say. */
function jsonErrorPosition(message: string, text: string): { line: number; column: number } {
  const position = /at position (\d+)/.exec(message);
  const offset = findJsonErrorOffset(text) ?? (position ? Number(position[1]) : text.length);
  return new LineIndex(text).positionAt(offset);
}

function broken(
  file: string,
  code: string,
  message: string,
  position: { line?: number; column?: number } = {},
): SettingsObjectRead {
  return { file, exists: true, value: {}, error: { code, severity: 'error', message, file, ...position } };
}
