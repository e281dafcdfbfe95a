import { loadStages, type StageExports } from './load-stages.js';

/**
 * The stages of `@skilldock/core` a command can load, each its own subpath. `import()` of a literal
 * name, so the type checker and bundlers see every one.
 */
const STAGES = {
  catalog: () => import('@skilldock/core/catalog'),
  discover: () => import('@skilldock/core/discover'),
  errors: () => import('@skilldock/core/errors'),
  format: () => import('@skilldock/core/format'),
  fs: () => import('@skilldock/core/fs'),
  install: () => import('@skilldock/core/install'),
  package: () => import('@skilldock/core/package'),
  runtime: () => import('@skilldock/core/runtime'),
} as const;

/** A stage of core by its subpath name (`@skilldock/core/<name>`). */
export type CoreStage = keyof typeof STAGES;

/**
 * Loads the named stages of `@skilldock/core` on first use and returns their exports as one object:
 * `const { listSkills, UserInputError } = await loadCore('discover', 'errors')`. Importing core costs
 * hundreds of milliseconds (zod, yaml, pinyin, archives), which `--help`, `--version` and usage
 * errors never need, and each command loads only the stages it calls: a listing does not load the
 * runtime, packaging or install, an install not the catalog or discovery.
 */
export async function loadCore<const S extends readonly [CoreStage, ...CoreStage[]]>(
  ...stages: S
): Promise<StageExports<typeof STAGES, S[number]>> {
  return loadStages<typeof STAGES, S[number]>(STAGES, stages);
}
