/**
 * Orders relative POSIX paths by the bytes of their UTF-8 encoding, so the order is the same on
 * every machine and locale (JavaScript's `<` compares UTF-16 units, which differs for characters
 * beyond U+FFFF).
 */
export function comparePathBytes(left: string, right: string): number {
  return Buffer.compare(Buffer.from(left, 'utf8'), Buffer.from(right, 'utf8'));
}

/** Sorts items by the byte order of a path each one carries (returns a new array). */
export function sortByPathBytes<Item>(items: readonly Item[], pathOf: (item: Item) => string): Item[] {
  return items
    .map((item) => ({ item, key: Buffer.from(pathOf(item), 'utf8') }))
    .sort((left, right) => Buffer.compare(left.key, right.key))
    .map(({ item }) => item);
}
