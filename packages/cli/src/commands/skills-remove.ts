import type { Command } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import { shortPath } from '../install/install-from-source.js';
import { parseListOption } from '../install/install-options.js';
import { withDraftCleanup } from '../install/with-draft-cleanup.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { pc } from '../terminal-style.js';

interface RemoveOptions {
  readonly global?: boolean;
  readonly agent?: string[];
  readonly json?: boolean;
  readonly cwd?: string;
}

/** `skilldock skills remove ID… [--global] [--agent …] [--json]` (SPEC P7, P8). */
export function registerSkillsRemove(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  skills
    .command('remove')
    .description('Remove installed skills (folders, links and lock entries), all or nothing')
    .argument('<ids...>', 'installed skill ids')
    .option('-g, --global', 'remove from your user folders instead of this project')
    .option('-a, --agent <agents...>', "only these agents' folders (comma or space separated), or '*'")
    .option('--json', 'print JSON')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (ids: string[], options: RemoveOptions) =>
      withDraftCleanup(environment, async () => {
        const core = await loadCore('install');
        const context = await createCliContext(environment, options);
        const scope = options.global ? 'global' : 'project';
        const agents = parseListOption(options.agent);
        const result = await core.removeInstalled(ids, {
          scope,
          projectRoot: context.projectRoot,
          home: context.homeDirectory,
          env: context.env,
          ...(agents === undefined ? {} : { agents }),
        });
        if (options.json)
          output.json({ scope, removed: result.removed, lock: result.lock, warnings: result.warnings });
        else {
          const lines: string[] = [];
          for (const skill of result.removed) {
            lines.push(
              `${pc.green('removed')} ${pc.cyan(skill.id)}  ${skill.paths.map((item) => shortPath(item, context)).join(', ') || pc.dim('(no files)')}${skill.unlocked ? '' : pc.dim('  (still installed elsewhere; lock entry kept)')}`,
            );
          }
          for (const warning of result.warnings) lines.push(`${pc.yellow('warning')} ${warning}`);
          output.out(lines.join('\n'));
        }
        setExitCode(ExitCode.ok);
      }),
    );
}
