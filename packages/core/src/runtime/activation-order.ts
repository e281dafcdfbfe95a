import type { CatalogSnapshot } from '../catalog/types.js';

/**
 * The dependency closure of `rootIds` in activation order (SPEC D6, R8): every skill after the skills
 * it depends on, each once, so instructions arrive in the order they build on each other. Cycles
 * stop where they close and ids not in the catalog are skipped; `resolveSkillDependencies` reports
 * both.
 * @example activationOrder(catalog, ['report']) // ['charts', 'report']
 */
export function activationOrder(catalog: Pick<CatalogSnapshot, 'get'>, rootIds: readonly string[]): string[] {
  const ids: string[] = [];
  const visited = new Set<string>();
  const visit = (id: string): void => {
    if (visited.has(id)) return;
    visited.add(id);
    const skill = catalog.get(id);
    if (skill === undefined) return;
    for (const dependency of skill.fields.skillDependencies) visit(dependency);
    ids.push(id);
  };
  for (const id of rootIds) visit(id);
  return ids;
}
