/** A deterministic source of pseudo-random numbers, so every run generates the same fixtures. */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [minimum, maximum], both included. */
  integer(minimum: number, maximum: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/**
 * Creates a seeded pseudo-random generator (mulberry32: 32-bit state, fast, good enough for
 * fixtures; not for anything secret).
 * @example
 * const random = createSeededRandom(42);
 * random.integer(1, 6); // the same sequence on every run
 */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    integer: (minimum, maximum) => minimum + Math.floor(next() * (maximum - minimum + 1)),
    pick: (items) => {
      if (items.length === 0) throw new RangeError('cannot pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
  };
}
