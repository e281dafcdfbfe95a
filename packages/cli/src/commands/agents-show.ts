import type { Command } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { escapeTerminalLine } from '../escape-terminal-text.js';
import { ExitCode } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import { type Output, renderDiagnostic } from '../output.js';
import { loadProjectSubagents } from '../subagents/load-project-subagents.js';
import { describeLevel, modelLabel, subagentJson, toolsLabel } from '../subagents/subagent-summary.js';
import { pc } from '../terminal-style.js';

/** `skilldock agents show NAME [--json]`: one subagent, its fields, diagnostics and prompt. */
export function registerAgentsShow(
  agents: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  agents
    .command('show')
    .description('Show one subagent: where it comes from, its model, tools, approval mode and prompt')
    .argument('<name>', 'subagent name, any case (see skilldock agents list)')
    .option('--json', 'print JSON')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (name: string, options: { json?: boolean; cwd?: string }) => {
      const context = await createCliContext(environment, options);
      const { registry } = await loadProjectSubagents(context, output);
      const entry = registry
        .entries()
        .find((candidate) => candidate.subagent.name.toLowerCase() === name.toLowerCase());
      if (entry === undefined) {
        const { UserInputError } = await loadCore('errors');
        const close = registry
          .list()
          .map((agent) => agent.name)
          .filter((candidate) => candidate.toLowerCase().includes(name.toLowerCase()))
          .slice(0, 5);
        throw new UserInputError(
          'subagent_not_found',
          `no subagent named '${name}'.${close.length > 0 ? ` Did you mean: ${close.join(', ')}?` : ''} See: skilldock agents list`,
          { details: { name } },
        );
      }
      if (options.json) {
        output.json({ ...subagentJson(entry), systemPrompt: entry.subagent.systemPrompt });
        setExitCode(ExitCode.ok);
        return;
      }
      const { subagent } = entry;
      const field = (label: string, value: string) =>
        `${pc.bold(label.padEnd(14))} ${escapeTerminalLine(value)}`;
      const lines = [
        field('Name', subagent.name),
        field('Description', subagent.description),
        field('Source', describeLevel(subagent, context.cwd)),
        ...(entry.shadowedBy === undefined
          ? []
          : [field('Shadowed by', describeLevel(entry.shadowedBy, context.cwd))]),
        field('Model', modelLabel(subagent.model)),
        field('Tools', toolsLabel(subagent)),
        ...(subagent.disallowedTools.length > 0
          ? [field('Disallowed', subagent.disallowedTools.join(', '))]
          : []),
        ...(subagent.approvalMode === undefined ? [] : [field('Approval mode', subagent.approvalMode)]),
        field('Runs', subagent.background ? 'in the background by default' : 'in the foreground by default'),
        ...(subagent.maxTurns === undefined ? [] : [field('Max turns', String(subagent.maxTurns))]),
        ...(subagent.maxTimeMs === undefined ? [] : [field('Max time', `${subagent.maxTimeMs / 1000} s`)]),
        ...(subagent.executor === undefined
          ? []
          : [
              field(
                'Executor',
                [subagent.executor.kind, subagent.executor.command, ...(subagent.executor.args ?? [])].join(
                  ' ',
                ),
              ),
            ]),
      ];
      if (subagent.diagnostics.length > 0) {
        lines.push('', pc.bold('Diagnostics'));
        for (const diagnostic of subagent.diagnostics)
          lines.push(renderDiagnostic(diagnostic, { relativeTo: context.cwd }));
      }
      if (subagent.systemPrompt !== '') lines.push('', pc.bold('System prompt'), subagent.systemPrompt);
      output.out(lines.join('\n'));
      setExitCode(ExitCode.ok);
    });
}
