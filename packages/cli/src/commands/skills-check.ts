import type { Command } from 'commander';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import {
  type InspectCommandOptions,
  inspectOptions,
  missingSummary,
  statusLine,
} from '../install/inspect-command.js';
import { addRemotePolicyOptions, addTokenOption } from '../install/install-options.js';
import { withDraftCleanup } from '../install/with-draft-cleanup.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { pc } from '../terminal-style.js';

/** `skilldock skills check [--global] [--json] [--exit-code]` — what changed upstream, installing nothing. */
export function registerSkillsCheck(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  addTokenOption(
    addRemotePolicyOptions(
      skills
        .command('check')
        .description('Check installed skills against their sources without installing anything')
        .argument('[ids...]', 'only these skills (default: every skill in the lock)')
        .option('-g, --global', 'check your user skills instead of this project')
        .option('--json', 'print JSON')
        .option('--exit-code', `exit ${ExitCode.updatesAvailable} when updates are available (default: 0)`),
    ),
    'lock',
  )
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (ids: string[], options: InspectCommandOptions & { exitCode?: boolean }) =>
      withDraftCleanup(environment, async (stagingParent) => {
        const core = await loadCore('install');
        const { scope, inspect } = await inspectOptions(ids, options, output, environment, stagingParent);
        const { skills: statuses } = await output.spin('Checking sources', () =>
          core.checkInstalled(inspect),
        );
        const updates = statuses.filter((status) => status.status === 'changed').length;
        const missing = statuses.filter((status) => status.status === 'sourceMissing').length;
        if (options.json) output.json({ scope, skills: statuses, updates });
        else if (statuses.length === 0) output.out(`No ${scope} skills in the lock.`);
        else {
          const lines = statuses.map((status) => statusLine(status));
          if (updates > 0)
            lines.push(
              pc.yellow(
                `${updates} update(s) available: run skilldock skills update${scope === 'global' ? ' --global' : ''}`,
              ),
            );
          if (missing > 0) lines.push(...missingSummary(statuses).map((line) => pc.red(line)));
          else if (updates === 0) lines.push(pc.green('All skills are up to date.'));
          output.out(lines.join('\n'));
        }
        // A source that could not be checked is a failure, even next to available updates.
        setExitCode(
          missing > 0
            ? ExitCode.invalid
            : options.exitCode && updates > 0
              ? ExitCode.updatesAvailable
              : ExitCode.ok,
        );
      }),
    );
}
