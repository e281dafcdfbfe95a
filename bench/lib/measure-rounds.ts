import { performance } from 'node:perf_hooks';
import { collectGarbage } from './collect-garbage.js';
import { median } from './median.js';

/** The wall-clock samples of one measured operation, in milliseconds. */
export interface Measurement {
  readonly samples: readonly number[];
  readonly median: number;
  readonly minimum: number;
}

/** One measured operation; `round` is negative during warm-up. */
export type MeasuredOperation = (round: number) => Promise<unknown> | unknown;

/** Options of {@link measureRounds} and {@link measureInterleaved}. */
export interface MeasureRoundsOptions {
  /** Measured rounds. Default 5. */
  readonly rounds?: number;
  /** Unmeasured rounds first, to warm the JIT and the file-system cache. Default 1. */
  readonly warmupRounds?: number;
  /** Unmeasured set-up before each run of an operation (warm-up included), e.g. editing a file. */
  readonly beforeRound?: (round: number) => Promise<void> | void;
}

/**
 * Runs an operation several times and returns its wall-clock samples and median. Garbage is
 * collected before every round so rounds do not pay for each other.
 * @example
 * const read = await measureRounds(() => readEverything(files), { rounds: 7 });
 * console.log(read.median);
 */
export async function measureRounds(
  operation: MeasuredOperation,
  options: MeasureRoundsOptions = {},
): Promise<Measurement> {
  const { only } = await measureInterleaved({ only: operation }, options);
  return only;
}

/**
 * Measures several operations round-robin (A, B, C, A, B, C, …) so that load from other processes
 * and thermal drift fall on all of them alike; a baseline and its contender should be measured
 * together this way.
 * @example
 * const { read, discover } = await measureInterleaved({ read: readAll, discover: discoverAll }, { rounds: 7 });
 */
export async function measureInterleaved<Name extends string>(
  operations: Readonly<Record<Name, MeasuredOperation>>,
  { rounds = 5, warmupRounds = 1, beforeRound }: MeasureRoundsOptions = {},
): Promise<Record<Name, Measurement>> {
  if (rounds < 1) throw new RangeError('rounds must be at least 1');
  const names = Object.keys(operations) as Name[];
  const samples = new Map<Name, number[]>(names.map((name) => [name, []]));
  for (let round = -warmupRounds; round < rounds; round++) {
    for (const name of names) {
      await beforeRound?.(round);
      collectGarbage();
      const started = performance.now();
      await operations[name](round);
      const elapsed = performance.now() - started;
      if (round >= 0) samples.get(name)!.push(elapsed);
    }
  }
  return Object.fromEntries(names.map((name) => [name, fromSamples(samples.get(name)!)])) as Record<
    Name,
    Measurement
  >;
}

/** A measurement from samples taken elsewhere. */
export function fromSamples(samples: readonly number[]): Measurement {
  if (samples.length === 0) throw new RangeError('a measurement needs at least one sample');
  return { samples: Object.freeze([...samples]), median: median(samples), minimum: Math.min(...samples) };
}
