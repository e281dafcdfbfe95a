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
 * Fits a catalog into a budget (SPEC D8), deterministically: first every description is cut to the
 * longest common length (in code points) that fits, then — when even `…` descriptions do not fit —
 * skills are hidden, lowest priority first (negative, unset, then ascending), last name first.
 * The text ends with one line saying what was cut. Token costs are summed per entry (entries end
 * at line breaks, where the tokenizer splits anyway) and the final text is counted whole.
 */
export function fitCatalogBudget(
  layout: CatalogLayout,
  skills: readonly RenderableSkill[],
  budget: CatalogBudget,
): RenderedCatalog {
  const useTokens = budget.tokens !== undefined;
  const measure = (text: string): Cost => ({
    tokens: useTokens ? countTokens(text) : 0,
    characters: text.length,
  });
  const fits = (cost: Cost): boolean =>
    (budget.tokens === undefined || cost.tokens <= budget.tokens) &&
    (budget.characters === undefined || cost.characters <= budget.characters);

  const descriptions = skills.map((skill) => layout.description(skill));
  const fullEntries = skills.map((skill, index) => layout.entry(skill, descriptions[index]!));
  const assemble = (entries: readonly string[], notice: string): string =>
    (layout.header + entries.join('') + layout.footer + notice).replace(/\n$/, '');
  const full = assemble(fullEntries, '');
  if (fits(measure(full))) return { text: full, shortened: 0, hidden: 0 };

  const fullCosts = fullEntries.map(measure);
  const frame = measure(layout.header + layout.footer);
  const codePoints = descriptions.map((description) => Array.from(description));
  const baseEntries = skills.map((skill) => layout.entry(skill, ELLIPSIS));
  const baseCosts = baseEntries.map(measure);
  const add = (left: Cost, right: Cost): Cost => ({
    tokens: left.tokens + right.tokens,
    characters: left.characters + right.characters,
  });

  // Estimated size with every description cut to `length` code points (exact for characters).
  const estimate = (length: number): Cost => {
    let total = frame;
    let shortened = 0;
    codePoints.forEach((points, index) => {
      const fullCost = fullCosts[index]!;
      if (points.length <= length) {
        total = add(total, fullCost);
        return;
      }
      shortened++;
      const base = baseCosts[index]!;
      const share = length / points.length;
      total = add(total, {
        tokens: base.tokens + Math.ceil((fullCost.tokens - base.tokens) * share),
        characters: base.characters + Math.ceil((fullCost.characters - base.characters) * share),
      });
    });
    return add(total, measure(layout.notice(summarize(shortened, 0))));
  };

  if (fits(estimate(0))) {
    let low = 0;
    let high = Math.max(...codePoints.map((points) => points.length));
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (fits(estimate(middle))) low = middle;
      else high = middle - 1;
    }
    for (let length = low; ; length = length > 20 ? Math.floor(length * 0.95) : length - 1) {
      let shortened = 0;
      const entries = skills.map((skill, index) => {
        const points = codePoints[index]!;
        if (points.length <= length) return fullEntries[index]!;
        shortened++;
        return length === 0 ? baseEntries[index]! : layout.entry(skill, shorten(points, length));
      });
      const text = assemble(entries, layout.notice(summarize(shortened, 0)));
      if (fits(measure(text))) return { text, shortened, hidden: 0 };
      if (length === 0) break;
    }
  }

  // Even names with `…` do not fit: hide skills, lowest priority first, until the rest does.
  const visible = new Set(skills.map((_skill, index) => index));
  let entriesCost = baseCosts.reduce(add, frame);
  let shortenedVisible = codePoints.filter((points) => points.length > 0).length;
  for (const index of hideOrder(skills)) {
    visible.delete(index);
    if (codePoints[index]!.length > 0) shortenedVisible--;
    const cost = baseCosts[index]!;
    entriesCost = {
      tokens: entriesCost.tokens - cost.tokens,
      characters: entriesCost.characters - cost.characters,
    };
    if (visible.size === 0) break;
    const notice = layout.notice(summarize(shortenedVisible, skills.length - visible.size));
    if (!fits(add(entriesCost, measure(notice)))) continue;
    const candidate = render(visible);
    if (fits(measure(candidate.text))) return candidate;
  }
  return {
    text: layout.notice(summarize(0, skills.length)).replace(/\n$/, ''),
    shortened: 0,
    hidden: skills.length,
  };

  function render(shown: ReadonlySet<number>): RenderedCatalog {
    const entries: string[] = [];
    let shortened = 0;
    skills.forEach((_skill, index) => {
      if (!shown.has(index)) return;
      entries.push(baseEntries[index]!);
      if (codePoints[index]!.length > 0) shortened++;
    });
    const hidden = skills.length - shown.size;
    return { text: assemble(entries, layout.notice(summarize(shortened, hidden))), shortened, hidden };
  }
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
