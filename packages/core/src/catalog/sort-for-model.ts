import { compareText } from '../format/compare-text.js';

/**
 * The model's catalog order (SPEC D5): alphabetical by id, in code-unit order, so the catalog is
 * the same on every turn and every machine. Returns a new array.
 */
export function sortForModel<T extends { readonly id: string }>(skills: readonly T[]): T[] {
  return [...skills].sort((left, right) => compareText(left.id, right.id));
}
