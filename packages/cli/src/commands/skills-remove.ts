import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import { type CliContext, createCliContext } from '../cli-context.js';
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
  readonly yes?: boolean;
  readonly json?: boolean;
  readonly cwd?: string;
}

/** What `removal_needs_confirmation` lists: skills no lock records and their folders. */
interface UnrecordedSkill {
  readonly id: string;
  readonly paths: readonly string[];
}

/**
 * `skilldock skills remove ID… [--global] [--agent …] [--yes] [--json]` (SPEC P7, P8, SEC12). A
 * skill no lock records is content the user wrote: in a terminal the command asks before deleting
 * it, elsewhere it needs `--yes`; nothing is removed until every such skill is confirmed.
 */
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
    .option('-y, --yes', 'also delete skills no lock records (ones you wrote) without asking')
    .option('--json', 'print JSON')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (ids: string[], options: RemoveOptions) =>
      withDraftCleanup(environment, async () => {
        const core = await loadCore('install', 'errors');
        const context = await createCliContext(environment, options);
        const scope = options.global ? 'global' : 'project';
        const agents = parseListOption(options.agent);
        const target = {
          scope,
          projectRoot: context.projectRoot,
          home: context.homeDirectory,
          env: context.env,
          ...(agents === undefined ? {} : { agents }),
        } as const;
        const remove = (confirmedUnrecorded: readonly string[] | '*') =>
          core.removeInstalled(ids, { ...target, confirmedUnrecorded });
        let result: Awaited<ReturnType<typeof remove>>;
        try {
          result = await remove(options.yes ? '*' : []);
        } catch (error) {
          if (!core.UserInputError.isInstance(error) || error.code !== 'removal_needs_confirmation')
            throw error;
          const skills = (error.details.skills ?? []) as readonly UnrecordedSkill[];
          const interactive = environment.terminal.stdin && environment.terminal.stdout && !options.json;
          if (!interactive) {
            throw new core.UserInputError(
              'removal_needs_confirmation',
              `${error.message} Run it in a terminal to be asked, or pass --yes to delete ${skills.length === 1 ? 'it' : 'them'}.`,
              { details: error.details },
            );
          }
          if (!(await confirmDelete(skills, environment, context))) {
            output.error('Nothing was removed.');
            setExitCode(ExitCode.ok);
            return;
          }
          result = await remove(skills.map((skill) => skill.id));
        }
        if (options.json)
          output.json({ scope, removed: result.removed, lock: result.lock, warnings: result.warnings });
        else {
          const lines: string[] = [];
          for (const skill of result.removed) {
            const paths =
              skill.paths.map((item) => shortPath(item, context)).join(', ') || pc.dim('(no files)');
            lines.push(
              skill.recorded
                ? `${pc.green('removed')} ${pc.cyan(skill.id)}  ${paths}${skill.unlocked ? '' : pc.dim('  (still installed for other agents; lock entry kept)')}`
                : `${pc.green('deleted')} ${pc.cyan(skill.id)}  ${paths}${pc.dim('  (no lock recorded it: your own files, now gone)')}`,
            );
          }
          for (const warning of result.warnings) lines.push(`${pc.yellow('warning')} ${warning}`);
          output.out(lines.join('\n'));
        }
        setExitCode(ExitCode.ok);
      }),
    );
}

/** Asks on the terminal whether to delete skills no lock records; true for yes. */
async function confirmDelete(
  skills: readonly UnrecordedSkill[],
  environment: CliEnvironment,
  context: Pick<CliContext, 'projectRoot' | 'homeDirectory'>,
): Promise<boolean> {
  const { confirm, isCancel } = await import('@clack/prompts');
  const listed = skills
    .map((skill) => `${skill.id} (${skill.paths.map((item) => shortPath(item, context)).join(', ')})`)
    .join(', ');
  const answer = await confirm({
    message: `Delete ${listed}? No lock records ${skills.length === 1 ? 'it' : 'them'}: ${skills.length === 1 ? 'it is' : 'they are'} your own files, not an install that can be added back.`,
    initialValue: false,
    input: environment.stdin as Readable,
    output: environment.stdout as Writable,
  });
  return !isCancel(answer) && answer;
}
