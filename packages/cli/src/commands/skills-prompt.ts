import type { CatalogBudget } from '@skilldock/core/catalog';
import type { Skill } from '@skilldock/core/format';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { collectSkillFolders } from '../collect-skill-folders.js';
import { ExitCode } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import { loadProjectCatalog } from '../load-project-catalog.js';
import { type Output, renderDiagnostic } from '../output.js';

interface PromptOptions {
  format: 'skills-ref' | 'xml' | 'markdown';
  budgetTokens?: number;
  budgetCharacters?: number;
  cwd?: string;
}

/** `skilldock skills prompt [PATH…] [--format skills-ref|xml|markdown] [--budget-tokens N]` */
export function registerSkillsPrompt(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  skills
    .command('prompt')
    .description('Print the skill catalog a model sees (default: the discovered catalog)')
    .argument('[paths...]', 'skill folders or SKILL.md files (default: the discovered skills)')
    .addOption(
      new Option('--format <format>', 'catalog format')
        .choices(['skills-ref', 'xml', 'markdown'])
        .default('xml'),
    )
    .option('--budget-tokens <n>', 'shorten descriptions, then hide skills, to fit N tokens', positiveInteger)
    .option(
      '--budget-characters <n>',
      'shorten descriptions, then hide skills, to fit N characters',
      positiveInteger,
    )
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (paths: string[], options: PromptOptions) => {
      const { loadSkill, modelVisibility, renderCatalog, skillsRefToPrompt, sortForModel, UserInputError } =
        await loadCore('catalog', 'errors', 'format');
      const context = await createCliContext(environment, options);
      const budget = {
        ...(options.budgetTokens === undefined ? {} : { tokens: options.budgetTokens }),
        ...(options.budgetCharacters === undefined ? {} : { characters: options.budgetCharacters }),
      };
      const hasBudget = Object.keys(budget).length > 0;
      if (options.format === 'skills-ref' && paths.length > 0 && !hasBudget) {
        // Parity with the reference `to-prompt`: exact XML and errors.
        const result = await skillsRefToPrompt(paths, { cwd: context.cwd });
        if (result.stdout) output.writeOut(result.stdout);
        if (result.stderr) output.writeError(result.stderr);
        setExitCode(result.exitCode);
        return;
      }
      let skillList: readonly Skill[];
      let settingsBudget: CatalogBudget | undefined;
      if (paths.length === 0) {
        // What a new session shows the model: no path-gated or model-hidden skills, settings' budget.
        const { catalog, discovery } = await loadProjectCatalog(context, output);
        skillList = catalog.skills.filter((skill) => modelVisibility(skill).allowed);
        settingsBudget = discovery.settings.skills?.budget;
      } else {
        const loaded: Skill[] = [];
        for (const argument of paths) {
          const collected = await collectSkillFolders(argument, context.cwd);
          for (const folder of collected.folders) {
            const result = await loadSkill(folder);
            if (!result.ok) {
              for (const diagnostic of result.diagnostics) output.error(renderDiagnostic(diagnostic));
              throw new UserInputError('invalid_skill', `cannot render ${folder}: it is not a valid skill`);
            }
            loaded.push(result.skill);
          }
        }
        skillList = sortForModel(loaded);
      }
      const effectiveBudget = hasBudget ? budget : settingsBudget;
      const rendered = renderCatalog(skillList, {
        format: options.format,
        ...(effectiveBudget === undefined ? {} : { budget: effectiveBudget }),
      });
      // The skills-ref format stays byte-exact; the others are text for people, escaped (SEC5).
      if (rendered.text && options.format === 'skills-ref')
        output.writeOut(rendered.text.endsWith('\n') ? rendered.text : `${rendered.text}\n`);
      else if (rendered.text) output.out(rendered.text);
      if (rendered.shortened > 0 || rendered.hidden > 0) {
        output.error(
          `budget: ${rendered.shortened} description(s) shortened, ${rendered.hidden} skill(s) hidden`,
        );
      }
      setExitCode(ExitCode.ok);
    });
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw new InvalidArgumentError('expected a positive whole number');
  return number;
}
