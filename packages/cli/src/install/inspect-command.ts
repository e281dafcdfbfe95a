import type { InspectInstalledOptions, InstalledSkillStatus } from '@skilldock/core/install';
import { type CliContext, createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { pc } from '../terminal-style.js';
import { tokenForLockEntry } from './choose-source-token.js';
import { readInstallSettings } from './read-install-settings.js';

/** Flags of `skills check` and `skills update`. */
export interface InspectCommandOptions {
  readonly global?: boolean;
  readonly json?: boolean;
  readonly allowHost?: string[];
  readonly allowInsecureLocalhost?: boolean;
  /** `--token-env NAME`. */
  readonly tokenEnv?: string;
  readonly cwd?: string;
}

/** The core options for checking or updating from the command's flags. */
export async function inspectOptions(
  ids: readonly string[],
  options: InspectCommandOptions,
  output: Output,
  environment: CliEnvironment,
  stagingParent: string,
): Promise<{ scope: 'project' | 'global'; context: CliContext; inspect: InspectInstalledOptions }> {
  const context = await createCliContext(environment, options);
  const scope = options.global ? 'global' : 'project';
  const { allowedHosts, tokenEnvByOrigin } = await readInstallSettings(context.homeDirectory, output);
  const core = await loadCore('errors', 'install');
  const tokenFor = tokenForLockEntry(core, scope, {
    tokenEnv: options.tokenEnv,
    tokenEnvByOrigin,
    env: context.env,
  });
  return {
    scope,
    context,
    inspect: {
      scope,
      projectRoot: context.projectRoot,
      home: context.homeDirectory,
      env: context.env,
      cwd: context.cwd,
      stagingParent,
      ...(ids.length > 0 ? { ids } : {}),
      ...(allowedHosts === undefined ? {} : { allowedHosts }),
      allowHosts: options.allowHost ?? [],
      allowInsecureLocalhost: options.allowInsecureLocalhost ?? false,
      tokenFor,
    },
  };
}

/** `pdf  changed  acme/skills` — one line per skill. */
export function statusLine(status: InstalledSkillStatus, updated = false): string {
  const label =
    status.status === 'upToDate'
      ? pc.green('up to date')
      : status.status === 'changed'
        ? pc.yellow(updated ? 'updated' : 'changed')
        : pc.red('source missing');
  const why = status.status === 'sourceMissing' ? pc.dim(`  ${status.message}`) : '';
  return `  ${pc.cyan(status.id.padEnd(24))} ${label}  ${pc.dim(status.source)}${why}`;
}

/**
 * The closing lines of `check` and `update` for what could not be checked (they then exit 1): ids
 * that are not in the lock, sources refused (a project lock's local source outside the project),
 * and sources that could not be reached. Empty when everything was checked.
 */
export function missingSummary(statuses: readonly InstalledSkillStatus[]): string[] {
  const missing = statuses.filter((status) => status.status === 'sourceMissing');
  const unknown = missing
    .filter((status) => status.code === 'skill_not_installed')
    .map((status) => status.id);
  const refused = missing
    .filter((status) => status.code === 'path_outside_folder')
    .map((status) => status.id);
  const unreachable = missing.length - unknown.length - refused.length;
  return [
    ...(unknown.length > 0 ? [`Not installed: ${unknown.join(', ')}.`] : []),
    ...(refused.length > 0
      ? [
          `Refused, nothing read: ${refused.join(', ')} (the lock names a local source outside the project; see above).`,
        ]
      : []),
    ...(unreachable > 0
      ? [
          `${unreachable} source(s) could not be reached; fix them, or remove the skill (skilldock skills remove ID), then try again.`,
        ]
      : []),
  ];
}
