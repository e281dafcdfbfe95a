import { type CatalogSnapshot, countTokens, renderCatalog } from '@skilldock/core/catalog';
import { type Measurement, measureInterleaved } from '../lib/measure-rounds.js';

/** Token budget of the budgeted render: far below what 10,000 skills need, so it must cut. */
const BUDGET_TOKENS = 20_000;

/** What {@link measureCatalogRendering} measured, and whether the renders were right. */
export interface CatalogRenderingMeasurement {
  /** Baseline: one `- name: description` line per skill joined into a string, no escaping. */
  readonly join: Measurement;
  readonly plain: Measurement;
  readonly budgeted: Measurement;
  /** Empty when every render printed every skill (plain) and stayed within the budget (budgeted). */
  readonly problems: readonly string[];
}

/**
 * Renders the model's catalog (SPEC D8) of every skill, with no budget and with a 20,000-token
 * budget, against the least work any renderer does: joining names and descriptions into lines.
 * (Moved here from `render-catalog.test.ts`, where a wall-clock bound made slow machines fail.)
 */
export async function measureCatalogRendering(
  skills: CatalogSnapshot['skills'],
  rounds: number,
): Promise<CatalogRenderingMeasurement> {
  const problems: string[] = [];
  const measured = await measureInterleaved(
    {
      join: () => skills.map((skill) => `- ${skill.name}: ${skill.description}`).join('\n'),
      plain: () => {
        const { text } = renderCatalog(skills);
        const lines = text.split('\n').length;
        if (lines !== skills.length + 2)
          problems.push(`plain render has ${lines} lines, not ${skills.length + 2}`);
      },
      budgeted: () => {
        const { text, hidden } = renderCatalog(skills, { budget: { tokens: BUDGET_TOKENS } });
        const tokens = countTokens(text);
        if (tokens > BUDGET_TOKENS || hidden === 0) {
          problems.push(`budgeted render has ${tokens} tokens and hid ${hidden} skills`);
        }
      },
    },
    { rounds },
  );
  return { ...measured, problems: [...new Set(problems)] };
}
