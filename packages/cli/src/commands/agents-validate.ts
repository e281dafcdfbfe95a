import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { loadAgent } from '../agent/load-agent.js';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { escapeTerminalLine } from '../escape-terminal-text.js';
import { ExitCode } from '../exit-codes.js';
import { diagnosticJson, type Output, renderDiagnostic } from '../output.js';
import { loadProjectSubagents } from '../subagents/load-project-subagents.js';
import { validateAgentFiles } from '../subagents/validate-agent-files.js';
import { pc } from '../terminal-style.js';

/** `skilldock agents validate [PATH…] [--json]`: agent files and fork profiles (SPEC S6, S7). */
export function registerAgentsValidate(
  agents: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  agents
    .command('validate')
    .description('Validate agent files and fork profiles (default: every agent and fork-profile folder)')
    .argument('[paths...]', 'agent .md files, fork profiles, or folders of them')
    .option('--json', 'print JSON results')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (paths: string[], options: { json?: boolean; cwd?: string }) => {
      const context = await createCliContext(environment, options);
      let targets = paths.map((given) => path.resolve(context.cwd, given));
      const { registry, agentSettings } = await loadProjectSubagents(context, output);
      if (targets.length === 0) {
        const { FORK_PROFILE_FOLDER_NAMES } = await loadAgent();
        const forkFolders = [context.projectRoot, context.homeDirectory].flatMap((root) =>
          FORK_PROFILE_FOLDER_NAMES.map((name) => path.join(root, name)),
        );
        targets = [...registry.folders.map((folder) => folder.directory), ...forkFolders].filter((folder) =>
          existsSync(folder),
        );
      }
      const { modelAliases } = agentSettings;
      const results = await validateAgentFiles([...new Set(targets)], {
        ...(modelAliases === undefined ? {} : { modelAliases }),
      });
      const invalid = results.filter((result) => !result.valid).length;
      if (options.json) {
        output.json({
          valid: invalid === 0,
          files: results.map((result) => ({
            ...result,
            diagnostics: result.diagnostics.map(diagnosticJson),
          })),
        });
      } else {
        if (results.length === 0) output.out('No agent files or fork profiles found.');
        for (const result of results) {
          const where = escapeTerminalLine(path.relative(context.cwd, result.file) || result.file);
          output.out(`${result.valid ? pc.green('✓') : pc.red('✗')} ${where}`);
          for (const diagnostic of result.diagnostics)
            output.out(renderDiagnostic(diagnostic, { relativeTo: context.cwd }));
        }
        output.out(`${results.length} file(s) checked, ${invalid} invalid`);
      }
      setExitCode(invalid > 0 ? ExitCode.invalid : ExitCode.ok);
    });
}
