import path from 'node:path';
import type { Diagnostic, SkillFolderValidation, ValidationSummary } from '@skilldock/core/format';
import { type Command, Option } from 'commander';
import { type CliContext, createCliContext } from '../cli-context.js';
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
      const context = await createCliContext(environment, options);
      if (options.profile === 'skills-ref' && !options.json && paths.length > 0) {
        setExitCode(await validateLikeSkillsRef(paths, context, output));
        return;
      }
      const { groups, notes } = await collectValidationGroups(paths, context, output);
      const { validateSkillFolders } = await loadCore('format');
      const validation = await validateSkillFolders({
        folders: groups.flatMap((group) => group.folders),
        empty: groups.flatMap((group) =>
          group.many && group.folders.length === 0
            ? [{ directory: path.resolve(context.cwd, group.label), label: group.label }]
            : [],
        ),
        profile: options.profile,
        strict: options.strict === true,
      });
      if (options.json) printValidationJson(validation, notes, options.profile, output);
      else printValidation(validation, { groups, notes, cwd: context.cwd }, output);
      setExitCode(validation.summary.invalid > 0 ? ExitCode.invalid : ExitCode.ok);
    });
}

/** What `validateSkillFolders` found. */
interface FolderValidation {
  readonly results: readonly SkillFolderValidation[];
  readonly summary: ValidationSummary;
}

/** The folders one PATH argument (or the discovered skills) stands for. */
interface ValidationGroup {
  readonly label: string;
  readonly folders: readonly string[];
  /** A folder of skills (or the discovery), where finding none is worth a line of its own. */
  readonly many: boolean;
}

/**
 * Parity with the reference validator: its exact stdout, stderr and exit code, path by path.
 * Returns the highest exit code.
 */
async function validateLikeSkillsRef(paths: readonly string[], context: CliContext, output: Output) {
  const { skillsRefValidate } = await loadCore('format');
  let exitCode: number = ExitCode.ok;
  for (const argument of paths) {
    const result = await skillsRefValidate(argument, { cwd: context.cwd });
    if (result.stdout) output.writeOut(result.stdout);
    if (result.stderr) output.writeError(result.stderr);
    exitCode = Math.max(exitCode, result.exitCode);
  }
  return exitCode;
}

/**
 * The skill folders to validate: each PATH's (a skill, its SKILL.md, or a folder searched like a
 * skill root, with what the search noticed), or without PATH every discovered skill, valid or not.
 */
async function collectValidationGroups(
  paths: readonly string[],
  context: CliContext,
  output: Output,
): Promise<{ groups: ValidationGroup[]; notes: Diagnostic[] }> {
  const groups: ValidationGroup[] = [];
  const notes: Diagnostic[] = [];
  if (paths.length === 0) {
    const { discoverSkills } = await loadCore('discover');
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
  return { groups, notes };
}

/** `--json`: `{ profile, results, summary, notes }` (the manual, docs/guide/cli.md "JSON shapes"). */
function printValidationJson(
  { results, summary }: FolderValidation,
  notes: readonly Diagnostic[],
  profile: ValidateOptions['profile'],
  output: Output,
): void {
  output.json({
    profile,
    results: results.map((result) => ({
      directory: result.directory,
      valid: result.valid,
      diagnostics: result.diagnostics.map(diagnosticJson),
    })),
    summary,
    notes: notes.map(diagnosticJson),
  });
}

/** One ✓/✗ line per folder with its diagnostics, and a summary line when there were several. */
function printValidation(
  { results, summary }: FolderValidation,
  { groups, notes, cwd }: { groups: readonly ValidationGroup[]; notes: readonly Diagnostic[]; cwd: string },
  output: Output,
): void {
  if (notes.length > 0) {
    output.out(pc.dim('While searching for skills:'));
    for (const note of notes) output.out(renderDiagnostic(note, { relativeTo: cwd }));
  }
  for (const result of results) {
    const shown = escapeTerminalLine(path.relative(cwd, result.directory) || '.');
    output.out(`${result.valid ? pc.green('✓') : pc.red('✗')} ${shown}`);
    for (const diagnostic of result.diagnostics)
      output.out(renderDiagnostic(diagnostic, { relativeTo: cwd }));
  }
  if (results.length > 1 || groups.some((group) => group.many)) {
    const { invalid, warnings } = summary;
    const line = `${summary.total} skill(s): ${summary.valid} valid, ${invalid} invalid, ${warnings} warning(s)`;
    output.out(invalid > 0 ? pc.red(line) : pc.green(line));
  }
}
