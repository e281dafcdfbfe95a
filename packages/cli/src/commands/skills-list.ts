import type { SkillReference } from '@skilldock/core/catalog';
import type { ListingStatus } from '@skilldock/core/discover';
import type { Skill } from '@skilldock/core/format';
import type { Command } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { escapeTerminalText } from '../escape-terminal-text.js';
import { ExitCode } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import { loadProjectCatalog } from '../load-project-catalog.js';
import type { Output } from '../output.js';
import { describeSource, skillJson } from '../skill-summary.js';
import { pc } from '../terminal-style.js';

/** `skilldock skills list [--json] [--cwd DIR] [--all]` */
export function registerSkillsList(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  skills
    .command('list')
    .description('List the skills of this project and your personal folders, in priority order')
    .option('--json', 'print JSON (stable shape, see the manual: docs/guide)')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .option('--all', 'include shadowed and disabled skills')
    .option('--files', "list each skill's supporting files in the JSON (slower on large folders)")
    .action(async (options: { json?: boolean; cwd?: string; all?: boolean; files?: boolean }) => {
      const { listSkills } = await loadCore('discover');
      const context = await createCliContext(environment, options);
      const { catalog, discovery, trusted } = await loadProjectCatalog(context, output, {
        listFiles: options.files === true,
        // A listing prints no instructions: the body of 10,000 SKILL.md is neither decoded nor held.
        readBodies: false,
      });
      const withFiles = options.files === true;
      const rows = listSkills({ catalog, discovery, all: options.all === true }).map(
        ({ skill, status, overrides, shadowedBy }) => ({
          skill,
          status,
          // The NOTES column is for the table; JSON carries the same facts as fields.
          note: options.json ? '' : listingNote(skill, status, overrides, shadowedBy),
          json: skillJson(skill, {
            status,
            ...(status === 'shadowed' || status === 'disabled' ? {} : { overrides }),
            ...(shadowedBy === undefined ? {} : { shadowedBy }),
            withFiles,
          }),
        }),
      );
      if (options.json) {
        output.json({
          projectRoot: context.projectRoot,
          trusted,
          skills: rows.map((row) => row.json),
          invalid: discovery.invalid.length,
        });
        setExitCode(ExitCode.ok);
        return;
      }
      if (rows.length === 0) {
        output.out(
          `No skills found for ${context.projectRoot}. Create one with: skilldock skills new my-skill`,
        );
      } else {
        const table = rows.map((row) => [
          row.skill.id,
          row.skill.name === row.skill.id ? '' : row.skill.name,
          describeSource(row.skill),
          row.skill.fields.priority === undefined ? '' : String(row.skill.fields.priority),
          row.status,
          [row.note, row.skill.diagnostics.length > 0 ? `${row.skill.diagnostics.length} diagnostic(s)` : '']
            .filter(Boolean)
            .join('; '),
          row.skill.description.replace(/\s+/g, ' '),
        ]);
        output.out(
          formatTable(['ID', 'NAME', 'SOURCE', 'PRIORITY', 'STATUS', 'NOTES', 'DESCRIPTION'], table, {
            width: terminalWidth(environment),
          }),
        );
      }
      if (!trusted && rows.some((row) => row.skill.origin.sourceType === 'project')) {
        output.error(
          pc.yellow(
            `This workspace is not trusted: agent sessions will not load its project skills. Trust it with: skilldock trust ${context.projectRoot}`,
          ),
        );
      }
      if (discovery.invalid.length > 0) {
        output.error(
          pc.yellow(
            `${discovery.invalid.length} skill folder(s) failed to load; run \`skilldock skills doctor\` for details.`,
          ),
        );
      }
      setExitCode(ExitCode.ok);
    });
}

/** The NOTES cell: what a skill overrides or what shadows it, and how it can be used. */
function listingNote(
  skill: Skill,
  status: ListingStatus,
  overrides: readonly SkillReference[],
  shadowedBy: SkillReference | undefined,
): string {
  if (status === 'disabled') return 'disabled in settings';
  if (shadowedBy !== undefined) return `shadowed by ${describeSource(shadowedBy)}`;
  return [
    ...overrides.map((reference) => `overrides ${describeSource(reference)}`),
    ...(skill.fields.paths ? ['path-gated'] : []),
    ...(skill.fields.userInvocable ? [] : ['no slash command']),
  ].join(', ');
}

/**
 * Left-aligned columns separated by two spaces; a column empty in every row is left out, and the
 * last column is cut with `…` so each line fits `width` (at least 20 characters of it stay).
 * Cells are untrusted text: shown on one line with control and bidi characters escaped (SEC5).
 */
export function formatTable(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  { width = Number.POSITIVE_INFINITY }: { width?: number } = {},
): string {
  const cells = rows.map((row) => row.map((cell) => escapeTerminalText(cell, { singleLine: true })));
  const kept = header.flatMap((_, column) =>
    cells.some((row) => (row[column] ?? '') !== '') ? [column] : [],
  );
  const widths = kept.map((column) =>
    Math.max(header[column]?.length ?? 0, ...cells.map((row) => (row[column] ?? '').length)),
  );
  const fixed = widths.slice(0, -1).reduce((sum, columnWidth) => sum + columnWidth + 2, 0);
  const lastWidth = Math.max(20, width - fixed);
  const line = (row: readonly string[]) =>
    kept
      .map((column, index) => {
        const cell = row[column] ?? '';
        if (index < kept.length - 1) return cell.padEnd(widths[index] ?? 0);
        return cell.length > lastWidth ? `${cell.slice(0, lastWidth - 1)}…` : cell;
      })
      .join('  ')
      .trimEnd();
  return [pc.bold(line(header)), ...cells.map(line)].join('\n');
}

/** Columns of the terminal on stdout; `COLUMNS` or 120 when stdout is not a terminal. */
function terminalWidth({ stdout, env }: CliEnvironment): number {
  return stdout.columns ?? (Number(env.COLUMNS) || 120);
}
