import type { Command } from 'commander';
import type { CliEnvironment } from '../cli-environment.js';
import { installFromSource } from '../install/install-from-source.js';
import { addInstallOptions, type InstallCommandOptions } from '../install/install-options.js';
import { withDraftCleanup } from '../install/with-draft-cleanup.js';
import type { Output } from '../output.js';

/** `skilldock skills add SOURCE [--global] [--agent …] [--skill …] [--copy] [--list] [--yes] [--json]` (SPEC P4–P8). */
export function registerSkillsAdd(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  addInstallOptions(
    skills
      .command('add')
      .description(
        'Install skills from a folder, archive, SKILL.md, git URL, GitHub owner/repo or well-known index',
      )
      .argument('<source>', 'path, owner/repo[/path][@skill], https URL'),
  ).action(async (source: string, options: InstallCommandOptions) =>
    withDraftCleanup(environment, (stagingParent) =>
      installFromSource(source, options, output, setExitCode, environment, { stagingParent }),
    ),
  );
}
