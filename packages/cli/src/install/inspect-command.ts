import type { InspectInstalledOptions, InstalledSkillStatus } from '@skilldock/core';
import { type CliContext, createCliContext } from '../cli-context.js';
import type { Output } from '../output.js';
import { pc } from '../terminal-style.js';
import { readAllowedHosts } from './read-allowed-hosts.js';

/** Flags of `skills check` and `skills update`. */
export interface InspectCommandOptions {
  readonly global?: boolean;
  readonly json?: boolean;
  readonly allowHost?: string[];
  readonly allowInsecureLocalhost?: boolean;
  readonly cwd?: string;
}

/** The core options for checking or updating from the command's flags. */
export async function inspectOptions(
  ids: readonly string[],
  options: InspectCommandOptions,
  output: Output,
): Promise<{ scope: 'project' | 'global'; context: CliContext; inspect: InspectInstalledOptions }> {
  const context = await createCliContext(options);
  const scope = options.global ? 'global' : 'project';
  const allowedHosts = await readAllowedHosts(context.homeDirectory, output);
  return {
    scope,
    context,
    inspect: {
      scope,
      projectRoot: context.projectRoot,
      home: context.homeDirectory,
      env: context.env,
      cwd: context.cwd,
      ...(ids.length > 0 ? { ids } : {}),
      ...(allowedHosts === undefined ? {} : { allowedHosts }),
      allowHosts: options.allowHost ?? [],
      allowInsecureLocalhost: options.allowInsecureLocalhost ?? false,
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

/** The last line of `check` and `update` when some sources could not be reached (exit 1). */
export function unreachableSummary(count: number): string {
  return `${count} source(s) could not be checked; fix or remove them (skilldock skills remove ID), then try again.`;
}
