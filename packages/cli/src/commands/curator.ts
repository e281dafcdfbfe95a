import type { Command } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { type CuratorAction, performCuratorAction } from '../curator/curator-actions.js';
import { openCuratorScope } from '../curator/curator-scope.js';
import { renderCuratorOutcome } from '../curator/render-curator-outcome.js';
import { ExitCode } from '../exit-codes.js';
import type { Output } from '../output.js';

interface CuratorOptions {
  readonly json?: boolean;
  readonly cwd?: string;
  readonly safeMode?: boolean;
  readonly dryRun?: boolean;
}

/**
 * `skilldock curator status|run [--dry-run]|pin DIR|unpin DIR|restore DIR` (SPEC L3): the generated
 * skills' ages, a maintenance run, and pinning and restoring by hand.
 */
export function registerCurator(
  program: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  const curator = program
    .command('curator')
    .description(
      'Age and archive generated skills (learned-skill-*, auto-skill-*): status, run, pin, restore',
    )
    .exitOverride();
  const act = async (action: CuratorAction, options: CuratorOptions) => {
    const context = await createCliContext(environment, options);
    const scope = await openCuratorScope(context, { safeMode: options.safeMode === true }, output);
    const outcome = await performCuratorAction(scope, action);
    if (options.json)
      output.json(
        outcome.kind === 'status' ? outcome.status : outcome.kind === 'run' ? outcome.report : outcome,
      );
    else output.out(renderCuratorOutcome(outcome, context.projectRoot));
    setExitCode(ExitCode.ok);
  };
  const common = (command: Command) =>
    command
      .option('--json', 'print JSON')
      .option('--safe-mode', 'as a --safe-mode session: project settings ignored, nothing changed')
      .option('--cwd <dir>', 'work in this folder instead of the current one')
      .exitOverride();
  common(
    curator
      .command('status')
      .description(
        'List generated skills with their state, uses and idle days (changes nothing; works anywhere)',
      ),
  ).action((options: CuratorOptions) => act({ kind: 'status' }, options));
  common(
    curator
      .command('run')
      .description(
        'Record new generated skills, mark those idle 30 days stale and move those idle 90 days to the archive (.qwen/archived-skills/ beside .qwen/skills, else .skilldock/archived-skills/)',
      )
      .option('--dry-run', 'show what would change; change nothing (works anywhere)'),
  ).action((options: CuratorOptions) => act({ kind: 'run', dryRun: options.dryRun === true }, options));
  for (const [kind, description] of [
    ['pin', 'Keep a generated skill from ever ageing'],
    ['unpin', 'Let a pinned skill age again, from now'],
    ['restore', 'Move an archived skill back into the skills folder'],
  ] as const) {
    common(
      curator
        .command(kind)
        .description(`${description} (needs a trusted workspace outside safe mode)`)
        .argument('<dir>', 'the skill folder: its name (learned-skill-x) or its path'),
    ).action((directory: string, options: CuratorOptions) => act({ kind, directory }, options));
  }
}
