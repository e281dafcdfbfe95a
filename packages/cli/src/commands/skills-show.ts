import type { Command } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { escapeTerminalLine } from '../escape-terminal-text.js';
import { ExitCode } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import { loadProjectCatalog } from '../load-project-catalog.js';
import { type Output, renderDiagnostic } from '../output.js';
import { declaredVersion, describeSource, skillJson } from '../skill-summary.js';
import { pc } from '../terminal-style.js';

/** `skilldock skills show ID [--json]` */
export function registerSkillsShow(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  skills
    .command('show')
    .description('Show one skill: where it comes from, its fields, files, overrides and instructions')
    .argument('<id>', 'skill id (see skilldock skills list)')
    .option('--json', 'print JSON')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (id: string, options: { json?: boolean; cwd?: string }) => {
      const { UserInputError, listSkillFiles } = await loadCore('errors', 'format');
      const context = await createCliContext(environment, options);
      const { catalog, discovery } = await loadProjectCatalog(context, output);
      const winner = catalog.get(id);
      const shadowed = catalog.shadowed.find((entry) => entry.skill.id === id);
      const disabled = catalog.disabled.includes(id)
        ? discovery.skills.find((skill) => skill.id === id)
        : undefined;
      const found = winner ?? disabled ?? shadowed?.skill;
      if (!found) {
        const known = catalog.skills.map((entry) => entry.id);
        const close = known
          .filter((candidate) => candidate.includes(id) || id.includes(candidate))
          .slice(0, 5);
        throw new UserInputError(
          'skill_not_found',
          `no skill with id '${id}'.${close.length > 0 ? ` Did you mean: ${close.join(', ')}?` : ''} See: skilldock skills list --all`,
        );
      }
      // Discovery leaves supporting files unlisted; list this one skill's (with their diagnostics).
      const listing = found.directory === undefined ? undefined : listSkillFiles(found.directory);
      const skill =
        listing === undefined
          ? found
          : { ...found, files: listing.files, diagnostics: [...found.diagnostics, ...listing.diagnostics] };
      const status = winner
        ? skill.fields.disableModelInvocation
          ? 'hidden-from-model'
          : 'active'
        : disabled
          ? 'disabled'
          : 'shadowed';
      if (options.json) {
        output.json({
          ...skillJson(skill, {
            status,
            overrides: winner?.overrides ?? [],
            ...(shadowed && !winner ? { shadowedBy: shadowed.shadowedBy } : {}),
          }),
          body: skill.body,
          frontmatter: skill.frontmatter,
        });
        setExitCode(ExitCode.ok);
        return;
      }
      const lines = [
        `${pc.bold(escapeTerminalLine(skill.id))}${skill.name === skill.id ? '' : ` (${escapeTerminalLine(skill.name)})`}  ${pc.dim(status)}`,
        skill.description,
        '',
        `source:    ${describeSource(skill)}`,
        `folder:    ${skill.directory ?? '(inline)'}`,
      ];
      const version = declaredVersion(skill);
      if (version !== undefined) lines.push(`version:   ${version}`);
      if (skill.fields.priority !== undefined) lines.push(`priority:  ${skill.fields.priority}`);
      if (skill.fields.paths)
        lines.push(
          `paths:     ${skill.fields.paths.join(', ')} (hidden from the model until a matching file is touched)`,
        );
      if (skill.fields.disableModelInvocation)
        lines.push('model:     never offered to the model (disable-model-invocation)');
      if (!skill.fields.userInvocable) lines.push('slash:     no /command (user-invocable: false)');
      if (skill.fields.skillDependencies.length > 0)
        lines.push(`requires:  ${skill.fields.skillDependencies.join(', ')}`);
      if (skill.fields.toolDependencies.length > 0)
        lines.push(`tools:     ${skill.fields.toolDependencies.join(', ')}`);
      if (skill.fields.mcpDependencies.length > 0)
        lines.push(`mcp:       ${skill.fields.mcpDependencies.join(', ')}`);
      for (const reference of winner?.overrides ?? [])
        lines.push(
          `overrides: ${reference.id} from ${describeSource(reference)} (${reference.directory ?? 'inline'})`,
        );
      if (shadowed && !winner)
        lines.push(
          `shadowed by: ${describeSource(shadowed.shadowedBy)} (${shadowed.shadowedBy.directory ?? 'inline'})`,
        );
      if (skill.files.length > 0) {
        lines.push('', 'files:');
        for (const file of skill.files)
          lines.push(`  ${escapeTerminalLine(file.path)}  ${pc.dim(`${file.size} B`)}`);
      }
      if (skill.diagnostics.length > 0) {
        lines.push('', 'diagnostics:');
        for (const diagnostic of skill.diagnostics)
          lines.push(renderDiagnostic(diagnostic, { relativeTo: context.cwd }));
      }
      lines.push('', pc.dim('─── instructions ───'), skill.body.trim());
      output.out(lines.join('\n'));
      setExitCode(ExitCode.ok);
    });
}
