import { CATALOG_LAYOUTS, type CatalogFormat, type RenderableSkill } from './catalog-formats.js';
import { fitCatalogBudget, type RenderedCatalog } from './fit-catalog-budget.js';
import type { CatalogBudget } from './types.js';

/** Options of {@link renderCatalog}. */
export interface RenderCatalogOptions {
  /** Default `xml` (compact). */
  readonly format?: CatalogFormat;
  /** Size limit in tokens (o200k) and/or characters; omit for no limit. */
  readonly budget?: CatalogBudget;
}

/**
 * Renders the catalog the model sees (SPEC D8), skills in the order given (pass them through
 * `sortForModel` for the model's stable order). `skills-ref` is byte-identical to the reference
 * `to-prompt` output without its final newline. Names and descriptions are XML-escaped in the XML
 * formats. No skills → empty text. With a budget, descriptions are shortened, then skills hidden,
 * deterministically, and the text ends with a line saying how many.
 * @example renderCatalog(sortForModel(catalog.skills), { format: 'xml', budget: { tokens: 2000 } }).text
 */
export function renderCatalog(
  skills: readonly RenderableSkill[],
  options: RenderCatalogOptions = {},
): RenderedCatalog {
  if (skills.length === 0) return { text: '', shortened: 0, hidden: 0 };
  const layout = CATALOG_LAYOUTS[options.format ?? 'xml'];
  const budget = options.budget;
  if (budget !== undefined && (budget.tokens !== undefined || budget.characters !== undefined)) {
    return fitCatalogBudget(layout, skills, budget);
  }
  const text =
    layout.header +
    skills.map((skill) => layout.entry(skill, layout.description(skill))).join('') +
    layout.footer;
  return { text: text.replace(/\n$/, ''), shortened: 0, hidden: 0 };
}
