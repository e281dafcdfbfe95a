/**
 * Loading a package's stages (its subpaths) on first use, for {@link loadCore} and `loadAgent`: a
 * table of `import()`s of literal names (so the type checker and bundlers see every one), and the
 * named stages' exports merged into one object.
 */

/** Stage name → the `import()` of that subpath. */
export type StageTable = Readonly<Record<string, () => Promise<object>>>;

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;

/** The exports of the stages `S` of `T`, as one object. */
export type StageExports<T extends StageTable, S extends keyof T> = Intersection<Awaited<ReturnType<T[S]>>>;

/**
 * Imports `stages` of `table` and returns their exports as one object. Stages share one copy of
 * every module they have in common, so the error classes are the same whichever stage threw.
 */
export async function loadStages<T extends StageTable, S extends keyof T>(
  table: T,
  stages: readonly S[],
): Promise<StageExports<T, S>> {
  const modules = await Promise.all(stages.map((stage) => table[stage]!()));
  return Object.assign({}, ...modules);
}
