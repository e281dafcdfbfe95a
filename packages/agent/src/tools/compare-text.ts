/** Plain code-unit order, the same on every machine (no locale), for stable listings. */
export function compareText(first: string, second: string): number {
  return first < second ? -1 : first > second ? 1 : 0;
}
