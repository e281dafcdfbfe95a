import { compareText } from '../format/compare-text.js';
import type { CatalogLayout, RenderableSkill } from './catalog-formats.js';
import { countTokens } from './count-tokens.js';
import type { CatalogBudget } from './types.js';

/** A rendered catalog and what its budget cut. */
export interface RenderedCatalog {
  /** The catalog text, without a trailing newline; empty when there are no skills. */
  readonly text: string;
  /** Skills shown with a shortened description. */
  readonly shortened: number;
  /** Skills left out because even their names did not fit. */
  readonly hidden: number;
}

const ELLIPSIS = '…';

interface Cost {
  readonly tokens: number;
  readonly characters: number;
}

/**
 * Fits a catalog into a budget (SPEC D8), deterministically, in three phases: the whole catalog
 * when it fits; else every description cut to the longest common length (in code points) that
 * fits; else — when even `…` descriptions do not fit — skills hidden, lowest priority first
 * (negative, unset, then ascending), last name first. The text ends with one line saying what was
 * cut. Token costs are summed per entry (entries end at line breaks, where the tokenizer splits
 * anyway) and the final text is counted whole.
 */
export function fitCatalogBudget(
  layout: CatalogLayout,
  skills: readonly RenderableSkill[],
  budget: CatalogBudget,
): RenderedCatalog {
  const fitter = createFitter(layout, skills, budget);
  const full = fitter.assemble(fitter.fullEntries, '');
  if (fitter.fits(fitter.measure(full))) return { text: full, shortened: 0, hidden: 0 };
  const costs = measureEntries(fitter);
  return fitByShortening(fitter, costs) ?? fitByHiding(fitter, costs);
}

/** What every phase shares: the layout, the skills with their full entries, and how to measure. */
interface Fitter {
  readonly layout: CatalogLayout;
  readonly skills: readonly RenderableSkill[];
  readonly fullEntries: readonly string[];
  readonly codePoints: readonly (readonly string[])[];
  measure(text: string): Cost;
  fits(cost: Cost): boolean;
  assemble(entries: readonly string[], notice: string): string;
}

function createFitter(
  layout: CatalogLayout,
  skills: readonly RenderableSkill[],
  budget: CatalogBudget,
): Fitter {
  const useTokens = budget.tokens !== undefined;
  const descriptions = skills.map((skill) => layout.description(skill));
  return {
    layout,
    skills,
    fullEntries: skills.map((skill, index) => layout.entry(skill, descriptions[index]!)),
    codePoints: descriptions.map((description) => Array.from(description)),
    measure: (text) => ({ tokens: useTokens ? countTokens(text) : 0, characters: text.length }),
    fits: (cost) =>
      (budget.tokens === undefined || cost.tokens <= budget.tokens) &&
      (budget.characters === undefined || cost.characters <= budget.characters),
    assemble: (entries, notice) =>
      (layout.header + entries.join('') + layout.footer + notice).replace(/\n$/, ''),
  };
}

/** Each entry's cost in full and with `…` for a description, and the header and footer's. */
interface EntryCosts {
  readonly full: readonly Cost[];
  readonly base: readonly Cost[];
  readonly baseEntries: readonly string[];
  readonly frame: Cost;
}

function measureEntries(fitter: Fitter): EntryCosts {
  const baseEntries = fitter.skills.map((skill) => fitter.layout.entry(skill, ELLIPSIS));
  return {
    full: fitter.fullEntries.map(fitter.measure),
    base: baseEntries.map(fitter.measure),
    baseEntries,
    frame: fitter.measure(fitter.layout.header + fitter.layout.footer),
  };
}

function addCosts(left: Cost, right: Cost): Cost {
  return { tokens: left.tokens + right.tokens, characters: left.characters + right.characters };
}

/**
 * Phase 2: the longest common description length that fits, found by bisecting an estimate (exact
 * for characters), then confirmed by measuring the text, stepping down until it fits.
 */
function fitByShortening(fitter: Fitter, costs: EntryCosts): RenderedCatalog | undefined {
  const { codePoints, skills } = fitter;
  const estimate = (length: number): Cost => {
    let total = costs.frame;
    let shortened = 0;
    codePoints.forEach((points, index) => {
      const fullCost = costs.full[index]!;
      if (points.length <= length) {
        total = addCosts(total, fullCost);
        return;
      }
      shortened++;
      const base = costs.base[index]!;
      const share = length / points.length;
      total = addCosts(total, {
        tokens: base.tokens + Math.ceil((fullCost.tokens - base.tokens) * share),
        characters: base.characters + Math.ceil((fullCost.characters - base.characters) * share),
      });
    });
    return addCosts(total, fitter.measure(fitter.layout.notice(summarize(shortened, 0))));
  };
  if (!fitter.fits(estimate(0))) return undefined;
  let low = 0;
  let high = Math.max(...codePoints.map((points) => points.length));
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (fitter.fits(estimate(middle))) low = middle;
    else high = middle - 1;
  }
  for (let length = low; ; length = length > 20 ? Math.floor(length * 0.95) : length - 1) {
    let shortened = 0;
    const entries = skills.map((skill, index) => {
      const points = codePoints[index]!;
      if (points.length <= length) return fitter.fullEntries[index]!;
      shortened++;
      return length === 0 ? costs.baseEntries[index]! : fitter.layout.entry(skill, shorten(points, length));
    });
    const text = fitter.assemble(entries, fitter.layout.notice(summarize(shortened, 0)));
    if (fitter.fits(fitter.measure(text))) return { text, shortened, hidden: 0 };
    if (length === 0) return undefined;
  }
}

/** Phase 3: even names with `…` do not fit — hide skills, lowest priority first, until the rest does. */
function fitByHiding(fitter: Fitter, costs: EntryCosts): RenderedCatalog {
  const { codePoints, skills } = fitter;
  const visible = new Set(skills.map((_skill, index) => index));
  let entriesCost = costs.base.reduce(addCosts, costs.frame);
  let shortenedVisible = codePoints.filter((points) => points.length > 0).length;
  for (const index of hideOrder(skills)) {
    visible.delete(index);
    if (codePoints[index]!.length > 0) shortenedVisible--;
    const cost = costs.base[index]!;
    entriesCost = {
      tokens: entriesCost.tokens - cost.tokens,
      characters: entriesCost.characters - cost.characters,
    };
    if (visible.size === 0) break;
    const notice = fitter.layout.notice(summarize(shortenedVisible, skills.length - visible.size));
    if (!fitter.fits(addCosts(entriesCost, fitter.measure(notice)))) continue;
    const candidate = renderVisible(fitter, costs, visible);
    if (fitter.fits(fitter.measure(candidate.text))) return candidate;
  }
  return {
    text: fitter.layout.notice(summarize(0, skills.length)).replace(/\n$/, ''),
    shortened: 0,
    hidden: skills.length,
  };
}

function renderVisible(fitter: Fitter, costs: EntryCosts, shown: ReadonlySet<number>): RenderedCatalog {
  const entries: string[] = [];
  let shortened = 0;
  fitter.skills.forEach((_skill, index) => {
    if (!shown.has(index)) return;
    entries.push(costs.baseEntries[index]!);
    if (fitter.codePoints[index]!.length > 0) shortened++;
  });
  const hidden = fitter.skills.length - shown.size;
  return {
    text: fitter.assemble(entries, fitter.layout.notice(summarize(shortened, hidden))),
    shortened,
    hidden,
  };
}

/** The first `length` code points, cut back to the last word break when one is near the end. */
function shorten(points: readonly string[], length: number): string {
  let end = length;
  if (points[length] !== undefined && !/\s/.test(points[length]!)) {
    const floor = Math.max(1, Math.floor(length * 0.8));
    for (let index = length - 1; index >= floor; index--) {
      if (/\s/.test(points[index]!)) {
        end = index;
        break;
      }
    }
  }
  return points.slice(0, end).join('').trimEnd() + ELLIPSIS;
}

function summarize(shortened: number, hidden: number): string {
  const parts: string[] = [];
  if (shortened > 0) parts.push(`${shortened} skill description${shortened === 1 ? '' : 's'} shortened`);
  if (hidden > 0) parts.push(`${hidden} skill${hidden === 1 ? '' : 's'} hidden`);
  return `${parts.join(' and ')} to fit the catalog budget`;
}

/** Indices in the order skills give way: negative priority, unset, then ascending priority; last name first. */
function hideOrder(skills: readonly RenderableSkill[]): number[] {
  const group = (priority: number | undefined) => (priority === undefined ? 1 : priority >= 0 ? 2 : 0);
  return skills
    .map((skill, index) => ({ skill, index, priority: skill.fields?.priority }))
    .sort((left, right) => {
      const byGroup = group(left.priority) - group(right.priority);
      if (byGroup !== 0) return byGroup;
      if (left.priority !== undefined && right.priority !== undefined && left.priority !== right.priority) {
        return left.priority - right.priority;
      }
      return compareText(right.skill.name, left.skill.name) || compareText(right.skill.id, left.skill.id);
    })
    .map((entry) => entry.index);
}
