/** Flattened into a plain `Map` once this many keys differ from the base. */
const MAX_PATCHED_KEYS = 256;

/**
 * A read-only map that is `base` with a few values replaced, without copying `base`: copying a
 * 10,000-entry `Map` costs milliseconds, which a refresh after one edit must not pay three times
 * (issue 9 §7). Keys and their order are the base's, as `Map#set` on existing keys keeps them.
 * Values are never `undefined`. Patching a patched map patches its base, so chains never grow;
 * past {@link MAX_PATCHED_KEYS} changes it becomes a plain `Map` again.
 * @example const next = patchMap(results, new Map([[directory, reloaded]]));
 */
export function patchMap<K, V>(base: ReadonlyMap<K, V>, changes: ReadonlyMap<K, V>): ReadonlyMap<K, V> {
  if (changes.size === 0) return base;
  let root = base;
  let merged = changes;
  if (base instanceof PatchedMap) {
    root = base.base;
    merged = new Map([...base.changes, ...changes]);
  }
  let onlyReplaces = merged.size <= MAX_PATCHED_KEYS;
  for (const key of changes.keys()) if (onlyReplaces && !root.has(key)) onlyReplaces = false;
  if (onlyReplaces) return new PatchedMap(root, merged);
  const flat = new Map(root);
  for (const [key, value] of merged) flat.set(key, value);
  return flat;
}

class PatchedMap<K, V> implements ReadonlyMap<K, V> {
  constructor(
    readonly base: ReadonlyMap<K, V>,
    readonly changes: ReadonlyMap<K, V>,
  ) {}

  get size(): number {
    return this.base.size;
  }

  get(key: K): V | undefined {
    return this.changes.get(key) ?? this.base.get(key);
  }

  has(key: K): boolean {
    return this.base.has(key);
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArgument?: unknown): void {
    for (const [key, value] of this) callback.call(thisArgument, value, key, this);
  }

  *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.base) yield [key, this.changes.get(key) ?? value];
  }

  keys(): MapIterator<K> {
    return this.base.keys();
  }

  *values(): MapIterator<V> {
    for (const [, value] of this) yield value;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }
}

/**
 * Edits a map copy-on-write: values set on existing keys are only recorded, and `result()` is the
 * base patched with them ({@link patchMap}); a new key or a deletion copies the base once. For an
 * update that usually replaces one entry among thousands.
 */
export class MapEdit<K, V> {
  private copy: Map<K, V> | undefined;
  private readonly changes = new Map<K, V>();

  constructor(private readonly base: ReadonlyMap<K, V>) {}

  has(key: K): boolean {
    return (this.copy ?? this.base).has(key);
  }

  get(key: K): V | undefined {
    return this.copy === undefined ? (this.changes.get(key) ?? this.base.get(key)) : this.copy.get(key);
  }

  keys(): IterableIterator<K> {
    return (this.copy ?? this.base).keys();
  }

  set(key: K, value: V): void {
    if (this.copy === undefined && this.base.has(key)) this.changes.set(key, value);
    else this.materialize().set(key, value);
  }

  delete(key: K): void {
    if (this.has(key)) this.materialize().delete(key);
  }

  /** The edited map; the base is never modified. */
  result(): ReadonlyMap<K, V> {
    return this.copy ?? patchMap(this.base, this.changes);
  }

  private materialize(): Map<K, V> {
    if (this.copy === undefined) {
      this.copy = new Map(this.base);
      for (const [key, value] of this.changes) this.copy.set(key, value);
    }
    return this.copy;
  }
}
