import type { Diagnostic } from '../format/diagnostic.js';
import type { CatalogSnapshot } from './types.js';
import { walkSkillDependencies } from './walk-skill-dependencies.js';

/** The dependency closure of some skills. */
export interface ResolveSkillDependenciesResult {
  /** The requested ids that exist, then every skill they need, transitively, each once. */
  readonly ids: readonly string[];
  /** Cycles (`a → b → a`) and missing or disabled skills, naming the chain that reached them. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Expands `skill_dependencies` transitively (SPEC D6), e.g. for preloading (R8). Missing,
 * disabled and cyclic dependencies are diagnostics, never a throw; the closure still holds every
 * skill that could be reached.
 * @example resolveSkillDependencies(catalog, ['release']).ids // ['release', 'changelog', 'git-tag']
 */
export function resolveSkillDependencies(
  catalog: Pick<CatalogSnapshot, 'get' | 'disabled'>,
  ids: readonly string[],
): ResolveSkillDependenciesResult {
  const disabled = new Set(catalog.disabled);
  return walkSkillDependencies(ids, {
    get: (id) => catalog.get(id),
    explainMissing: (id) => (disabled.has(id) ? 'is disabled' : 'is not available'),
  });
}
