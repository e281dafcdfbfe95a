/** Code-unit order: the same on every machine and locale, so catalogs never reorder. */
export function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
