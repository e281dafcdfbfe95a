import path from 'node:path';
import type { Diagnostic } from '@skilldock/core/format';
import { type Command, Option } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { collectSkillFolders } from '../collect-skill-folders.js';
import { escapeTerminalLine } from '../escape-terminal-text.js';
import { ExitCode } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import { diagnosticJson, type Output, renderDiagnostic } from '../output.js';
import { pc } from '../terminal-style.js';
import { warnAboutSettings } from '../warn-about-settings.js';

interface ValidateOptions {
  profile: 'spec' | 'skills-ref' | 'lenient';
  strict?: boolean;
  json?: boolean;
  cwd?: string;
}

/** `skilldock skills validate [PATH…] [--profile spec|skills-ref|lenient] [--strict] [--json]` */
export function registerSkillsValidate(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  skills
    .command('validate')
    .description(
      'Validate skills: a skill folder, its SKILL.md, or a folder of skills (default: the discovered skills)',
    )
    .argument('[paths...]', 'skill folders, SKILL.md files, or folders holding many skills')
    .addOption(
      new Option('--profile <profile>', 'validation profile')
        .choices(['spec', 'skills-ref', 'lenient'])
        .default('spec'),
    )
    .option('--strict', 'treat unknown fields as errors')
    .option('--json', 'print JSON results')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (paths: string[], options: ValidateOptions) => {
      const { discoverSkills, skillsRefValidate, validateSkillFolders } = await loadCore(
        'discover',
        'format',
      );
      const context = await createCliContext(environment, options);
      if (options.profile === 'skills-ref' && !options.json && paths.length > 0) {
        // Parity with the reference validator: its exact stdout, stderr and exit code, path by path.
        let exitCode: number = ExitCode.ok;
        for (const argument of paths) {
          const result = await skillsRefValidate(argument, { cwd: context.cwd });
          if (result.stdout) output.writeOut(result.stdout);
          if (result.stderr) output.writeError(result.stderr);
          exitCode = Math.max(exitCode, result.exitCode);
        }
        setExitCode(exitCode);
        return;
      }

      const groups: { label: string; folders: readonly string[]; many: boolean }[] = [];
      const notes: Diagnostic[] = [];
      if (paths.length === 0) {
        const discovery = await output.spin('Discovering skills…', () =>
          discoverSkills({
            projectRoot: context.projectRoot,
            homeDirectory: context.homeDirectory,
            includeUntrustedProject: true,
          }),
        );
        warnAboutSettings(discovery.diagnostics, output);
        const folders = [
          ...new Set([
            ...discovery.skills.flatMap((skill) => (skill.directory ? [skill.directory] : [])),
            ...discovery.invalid.map((item) => item.directory),
          ]),
        ];
        groups.push({ label: context.projectRoot, folders, many: true });
      } else {
        for (const argument of paths) {
          const collected = await collectSkillFolders(argument, context.cwd);
          groups.push({ label: argument, folders: collected.folders, many: collected.many });
          notes.push(...collected.diagnostics);
        }
      }

      const { results, summary } = await validateSkillFolders({
        folders: groups.flatMap((group) => group.folders),
        empty: groups.flatMap((group) =>
          group.many && group.folders.length === 0
            ? [{ directory: path.resolve(context.cwd, group.label), label: group.label }]
            : [],
        ),
        profile: options.profile,
        strict: options.strict === true,
      });
      const { invalid, warnings } = summary;
      if (options.json) {
        output.json({
          profile: options.profile,
          results: results.map((result) => ({
            directory: result.directory,
            valid: result.valid,
            diagnostics: result.diagnostics.map(diagnosticJson),
          })),
          summary,
          notes: notes.map(diagnosticJson),
        });
      } else {
        if (notes.length > 0) {
          output.out(pc.dim('While searching for skills:'));
          for (const note of notes) output.out(renderDiagnostic(note, { relativeTo: context.cwd }));
        }
        for (const result of results) {
          const shown = escapeTerminalLine(path.relative(context.cwd, result.directory) || '.');
          output.out(`${result.valid ? pc.green('✓') : pc.red('✗')} ${shown}`);
          for (const diagnostic of result.diagnostics)
            output.out(renderDiagnostic(diagnostic, { relativeTo: context.cwd }));
        }
        if (results.length > 1 || groups.some((group) => group.many)) {
          const line = `${summary.total} skill(s): ${summary.valid} valid, ${invalid} invalid, ${warnings} warning(s)`;
          output.out(invalid > 0 ? pc.red(line) : pc.green(line));
        }
      }
      setExitCode(invalid > 0 ? ExitCode.invalid : ExitCode.ok);
    });
}
