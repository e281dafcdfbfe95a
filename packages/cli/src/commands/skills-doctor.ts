import type { Command } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import { loadProjectCatalog } from '../load-project-catalog.js';
import { diagnosticJson, type Output, renderDiagnostic } from '../output.js';
import { describeSource } from '../skill-summary.js';
import { pc } from '../terminal-style.js';

/** `skilldock skills doctor [--json]` — every diagnostic, shadowing and trust note for this project. */
export function registerSkillsDoctor(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  skills
    .command('doctor')
    .description('Explain every problem, shadowed skill and trust note for this project')
    .option('--json', 'print JSON')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (options: { json?: boolean; cwd?: string }) => {
      const context = await createCliContext(environment, options);
      const { catalog, discovery, trusted } = await loadProjectCatalog(context, output, {
        listFiles: true,
        warnSettings: false,
      });
      // Shadowed skills too: a skill that lost its id (e.g. to an invalid name) is still explained.
      const skillDiagnostics = [...catalog.skills, ...catalog.shadowed.map(({ skill }) => skill)].flatMap(
        (skill) => skill.diagnostics,
      );
      const all = [...catalog.diagnostics, ...skillDiagnostics];
      const errors = all.filter((diagnostic) => diagnostic.severity === 'error').length;
      const trustNote = trusted
        ? 'This workspace is trusted: agent sessions load its project skills.'
        : `This workspace is not trusted: agent sessions start without its project skills. Trust it with: skilldock trust ${context.projectRoot}`;
      if (options.json) {
        output.json({
          projectRoot: context.projectRoot,
          trusted,
          roots: discovery.roots.map((root) => ({
            directory: root.directory,
            source: root.sourceType,
            scope: root.sourceScope ?? null,
            status: root.status,
            skills: root.skillCount,
            invalid: root.invalidCount,
          })),
          skills: catalog.skills.length,
          shadowed: catalog.shadowed.map(({ skill, shadowedBy }) => ({
            id: skill.id,
            directory: skill.directory ?? null,
            shadowedBy: { source: shadowedBy.sourceType, directory: shadowedBy.directory ?? null },
          })),
          disabled: catalog.disabled,
          diagnostics: all.map(diagnosticJson),
        });
        setExitCode(errors > 0 ? ExitCode.invalid : ExitCode.ok);
        return;
      }
      const lines = [
        pc.bold(`Project: ${context.projectRoot}`),
        trusted ? pc.green(trustNote) : pc.yellow(trustNote),
        '',
        pc.bold('Sources'),
      ];
      for (const root of discovery.roots) {
        if (root.status === 'missing') continue;
        lines.push(
          `  ${root.sourceType.padEnd(9)} ${root.directory}  ${pc.dim(`${root.status}, ${root.skillCount} skill(s)${root.invalidCount ? `, ${root.invalidCount} invalid` : ''}`)}`,
        );
      }
      if (catalog.shadowed.length > 0) {
        lines.push('', pc.bold('Shadowed'));
        for (const { skill, shadowedBy } of catalog.shadowed) {
          lines.push(
            `  ${skill.id} from ${describeSource(skill)} is hidden by ${describeSource(shadowedBy)} (${shadowedBy.directory ?? 'inline'})`,
          );
        }
      }
      if (catalog.disabled.length > 0)
        lines.push('', pc.bold('Disabled in settings'), `  ${catalog.disabled.join(', ')}`);
      lines.push('', pc.bold('Diagnostics'));
      if (all.length === 0) lines.push(pc.green('  none'));
      for (const diagnostic of all) lines.push(renderDiagnostic(diagnostic, { relativeTo: context.cwd }));
      lines.push(
        '',
        `${catalog.skills.length} skill(s) resolved, ${catalog.shadowed.length} shadowed, ${errors} error(s)`,
      );
      output.out(lines.join('\n'));
      setExitCode(errors > 0 ? ExitCode.invalid : ExitCode.ok);
    });
}
