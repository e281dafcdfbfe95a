import { statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { pc } from '../terminal-style.js';

/** `skilldock trust [DIR]` and `skilldock untrust [DIR]` — the workspace trust store (SPEC D2). */
export function registerTrust(
  program: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  program
    .command('trust')
    .description('Trust a workspace so agent sessions load its project skills (default: this project)')
    .argument('[dir]', 'workspace folder')
    .action(async (directory: string | undefined) => {
      const { trustWorkspace, UserInputError } = await loadCore('discover', 'errors');
      const context = await createCliContext(environment);
      const target = directory ? path.resolve(context.cwd, directory) : context.projectRoot;
      // Trusting a path that is not a folder would store a typo and trust nothing.
      if (!statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
        throw new UserInputError(
          'path_not_found',
          `${directory ?? target} is not a folder; nothing was trusted`,
          {
            details: { path: target },
          },
        );
      }
      const added = await trustWorkspace(target, { homeDirectory: context.homeDirectory });
      output.out(added ? `${pc.green('Trusted')} ${target}` : `${target} was already trusted`);
      setExitCode(ExitCode.ok);
    });
  program
    .command('untrust')
    .description('Stop trusting a workspace (default: this project)')
    .argument('[dir]', 'workspace folder')
    .action(async (directory: string | undefined) => {
      const { untrustWorkspace } = await loadCore('discover');
      const context = await createCliContext(environment);
      const target = directory ? path.resolve(context.cwd, directory) : context.projectRoot;
      const result = await untrustWorkspace(target, { homeDirectory: context.homeDirectory });
      if (result.stillTrustedBy) {
        output.out(
          `${pc.yellow('Still trusted')}: ${target} lies inside trusted ${result.stillTrustedBy}; run: skilldock untrust ${result.stillTrustedBy}`,
        );
      } else output.out(result.removed ? `Untrusted ${target}` : `${target} was not trusted`);
      setExitCode(ExitCode.ok);
    });
}
