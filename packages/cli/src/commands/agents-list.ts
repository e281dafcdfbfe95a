import type { Command } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import type { Output } from '../output.js';
import { loadProjectSubagents } from '../subagents/load-project-subagents.js';
import {
  describeLevel,
  modelLabel,
  overriddenBy,
  subagentJson,
  toolsLabel,
} from '../subagents/subagent-summary.js';
import { pc } from '../terminal-style.js';
import { formatTable } from './skills-list.js';

/** `skilldock agents list [--json] [--all] [--cwd DIR]` (SPEC A1, A8). */
export function registerAgentsList(
  agents: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  agents
    .command('list')
    .description('List the subagents this project sees: session, project, user, extension, built-in')
    .option('--json', 'print JSON (stable shape, see the manual: docs/guide)')
    .option('--all', 'include shadowed subagents')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (options: { json?: boolean; all?: boolean; cwd?: string }) => {
      const context = await createCliContext(environment, options);
      const { registry, trusted } = await loadProjectSubagents(context, output);
      const entries = registry.entries().filter((entry) => options.all === true || entry.status === 'active');
      const invalid = registry.diagnostics().filter((diagnostic) => diagnostic.severity === 'error').length;
      if (options.json) {
        output.json({
          projectRoot: context.projectRoot,
          trusted,
          agents: entries.map((entry) => subagentJson(entry, registry.entries())),
          errors: invalid,
        });
        setExitCode(ExitCode.ok);
        return;
      }
      const rows = entries.map(({ subagent, status, shadowedBy }) => [
        subagent.name,
        describeLevel(subagent, context.cwd),
        modelLabel(subagent.model),
        toolsLabel(subagent),
        status,
        [
          ...(shadowedBy === undefined ? [] : [`shadowed by ${describeLevel(shadowedBy, context.cwd)}`]),
          ...overriddenBy(subagent, registry.entries()).map(
            (hidden) => `overrides ${describeLevel(hidden, context.cwd)}`,
          ),
          ...(subagent.diagnostics.length > 0 ? [`${subagent.diagnostics.length} diagnostic(s)`] : []),
        ].join('; '),
        subagent.description.replace(/\s+/g, ' '),
      ]);
      output.out(
        formatTable(['NAME', 'SOURCE', 'MODEL', 'TOOLS', 'STATUS', 'NOTES', 'DESCRIPTION'], rows, {
          width: environment.stdout.columns ?? (Number(environment.env.COLUMNS) || 120),
        }),
      );
      if (!trusted && entries.some((entry) => entry.subagent.level === 'project')) {
        output.error(
          pc.yellow(
            `This workspace is not trusted: agent sessions will not load its project subagents. Trust it with: skilldock trust ${context.projectRoot}`,
          ),
        );
      }
      if (invalid > 0) {
        output.error(
          pc.yellow(`${invalid} problem(s) in agent files; run \`skilldock agents doctor\` for details.`),
        );
      }
      setExitCode(ExitCode.ok);
    });
}
