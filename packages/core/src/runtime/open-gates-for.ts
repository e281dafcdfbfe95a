import { isPathGated, skillMatchesPath } from '../catalog/skill-matches-path.js';
import type { CatalogSnapshot } from '../catalog/types.js';

/**
 * Ids of gated skills whose `paths:` globs match one of `files` (absolute) and whose gate is not open
 * yet (SPEC D3). Skills hidden by `disable-model-invocation` are skipped: gating has no effect on them.
 */
export function openGatesFor(
  catalog: CatalogSnapshot,
  files: readonly string[],
  alreadyOpen: ReadonlySet<string>,
): string[] {
  const root = catalog.projectRoot;
  if (root === undefined || files.length === 0) return [];
  return catalog.skills
    .filter(
      (skill) => isPathGated(skill) && !skill.fields.disableModelInvocation && !alreadyOpen.has(skill.id),
    )
    .filter((skill) => files.some((file) => skillMatchesPath(skill, root, file)))
    .map((skill) => skill.id);
}
