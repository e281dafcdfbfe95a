import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { loadAgent } from '../agent/load-agent.js';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import { diagnosticJson, type Output, renderDiagnostic } from '../output.js';
import { loadProjectSubagents } from '../subagents/load-project-subagents.js';
import { describeLevel } from '../subagents/subagent-summary.js';
import { pc } from '../terminal-style.js';

/** `skilldock agents doctor [--json]`: every agent-file problem, shadowed name, fork profile and trust note. */
export function registerAgentsDoctor(
  agents: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  agents
    .command('doctor')
    .description('Explain every invalid agent file, shadowed subagent, fork profile and trust note')
    .option('--json', 'print JSON')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (options: { json?: boolean; cwd?: string }) => {
      const context = await createCliContext(environment, options);
      const { registry, trusted, settingsDiagnostics } = await loadProjectSubagents(context, output, {
        warnSettings: false,
      });
      const { loadForkProfiles } = await loadAgent();
      // Doctor runs nothing: project fork profiles are read whether or not the workspace is trusted.
      const forkProfiles = await loadForkProfiles({
        projectRoot: context.projectRoot,
        homeDirectory: context.homeDirectory,
        trusted: true,
      });
      const settingsProblems = settingsDiagnostics.filter((diagnostic) =>
        diagnostic.code.startsWith('settings_'),
      );
      const all = [...settingsProblems, ...registry.diagnostics(), ...forkProfiles.diagnostics];
      const errors = all.filter((diagnostic) => diagnostic.severity === 'error').length;
      const shadowed = registry.entries().filter((entry) => entry.status === 'shadowed');
      const trustNote = trusted
        ? 'This workspace is trusted: agent sessions load its project subagents, fork profiles and executor agents.'
        : `This workspace is not trusted: agent sessions start without its project subagents, fork profiles and executor agents. Trust it with: skilldock trust ${context.projectRoot}`;
      if (options.json) {
        output.json({
          projectRoot: context.projectRoot,
          trusted,
          folders: registry.folders.map((folder) => ({
            directory: folder.directory,
            level: folder.level,
            exists: existsSync(folder.directory),
          })),
          agents: registry.list().length,
          shadowed: shadowed.map(({ subagent, shadowedBy }) => ({
            name: subagent.name,
            level: subagent.level,
            file: subagent.file ?? null,
            shadowedBy: { level: shadowedBy?.level ?? null, file: shadowedBy?.file ?? null },
          })),
          forkProfiles: [...forkProfiles.profiles.values()].map(({ name, level, file, tools }) => ({
            name,
            level,
            file,
            tools,
          })),
          diagnostics: all.map(diagnosticJson),
        });
        setExitCode(errors > 0 ? ExitCode.invalid : ExitCode.ok);
        return;
      }
      const lines = [
        pc.bold(`Project: ${context.projectRoot}`),
        trusted ? pc.green(trustNote) : pc.yellow(trustNote),
        '',
        pc.bold('Folders'),
      ];
      for (const folder of registry.folders) {
        if (!existsSync(folder.directory)) continue;
        const count = registry
          .entries()
          .filter((entry) => entry.subagent.file?.startsWith(`${folder.directory}/`)).length;
        lines.push(`  ${folder.level.padEnd(9)} ${folder.directory}  ${pc.dim(`${count} agent(s)`)}`);
      }
      if (shadowed.length > 0) {
        lines.push('', pc.bold('Shadowed'));
        for (const { subagent, shadowedBy } of shadowed) {
          lines.push(
            `  ${subagent.name} from ${describeLevel(subagent, context.cwd)} is hidden by ${shadowedBy === undefined ? '?' : describeLevel(shadowedBy, context.cwd)}`,
          );
        }
      }
      if (forkProfiles.profiles.size > 0) {
        lines.push('', pc.bold('Fork profiles'));
        for (const profile of forkProfiles.profiles.values()) {
          lines.push(`  ${profile.name} (${profile.level}) ${pc.dim(profile.tools.join(', '))}`);
        }
      }
      lines.push('', pc.bold('Diagnostics'));
      if (all.length === 0) lines.push(pc.green('  none'));
      for (const diagnostic of all) lines.push(renderDiagnostic(diagnostic, { relativeTo: context.cwd }));
      lines.push(
        '',
        `${registry.list().length} subagent(s) available, ${shadowed.length} shadowed, ${errors} error(s)`,
      );
      output.out(lines.join('\n'));
      setExitCode(errors > 0 ? ExitCode.invalid : ExitCode.ok);
    });
}
