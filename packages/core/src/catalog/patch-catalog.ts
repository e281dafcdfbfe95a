import { compareText } from '../format/compare-text.js';
import type { Diagnostic } from '../format/diagnostic.js';
import type { Skill } from '../format/types.js';
import { type CatalogBuildRecord, catalogBuildRecord } from './catalog-build-record.js';
import { freezeCatalogSnapshot } from './freeze-catalog-snapshot.js';
import { patchMap } from './patched-map.js';
import { plainWinner } from './plain-winner.js';
import { sourceRank } from './source-precedence.js';
import type { CatalogSkill, CatalogSnapshot } from './types.js';

/** More changed skills than this and a full build is as cheap. */
const MAX_PATCHED_SKILLS = 64;

/**
 * The snapshot `buildCatalog(skills, options)` would build, made by swapping changed skills into
 * `previous`, or `undefined` when that is not sound and a full build must run. Sound when `skills`
 * is the list `previous` was built from with a few entries replaced in place, each by a skill with
 * the same id, source rank, SKILL.md and `skill_dependencies` as the winner it replaces, which
 * overrode nothing: precedence, shadowing and every dependency finding are then unchanged, and only
 * the replaced entries are read (an edit among 10,000 skills, issue 9 §7).
 */
export function patchCatalog(
  previous: CatalogSnapshot,
  skills: readonly Skill[],
  options: {
    readonly projectRoot?: string;
    readonly disabled?: readonly string[];
    readonly version?: number;
    readonly diagnostics?: readonly Diagnostic[];
  },
): CatalogSnapshot | undefined {
  const record = catalogBuildRecord(previous);
  if (record === undefined || skills.length !== record.skills.length) return undefined;
  if (options.projectRoot !== previous.projectRoot) return undefined;
  const disabled = [...new Set(options.disabled ?? [])].sort(compareText);
  if (!sameStrings(disabled, record.disabled)) return undefined;
  const replaced: Array<readonly [before: Skill, after: Skill]> = [];
  for (let index = 0; index < skills.length; index++) {
    const before = record.skills[index]!;
    const after = skills[index]!;
    if (before === after) continue;
    if (replaced.length === MAX_PATCHED_SKILLS || !replacesInPlace(before, after, record)) return undefined;
    replaced.push([before, after]);
  }
  const changedById = new Map<string, Skill>();
  const winners: CatalogSkill[] = [...previous.skills];
  const disabledIds = new Set(disabled);
  for (const [, after] of replaced) {
    changedById.set(after.id, after);
    if (disabledIds.has(after.id)) continue;
    const index = indexOfId(winners, after.id);
    if (index === undefined) return undefined;
    winners[index] = plainWinner(after);
  }
  return freezeCatalogSnapshot({
    version: options.version ?? 1,
    ...(options.projectRoot === undefined ? {} : { projectRoot: options.projectRoot }),
    winners,
    shadowed: previous.shadowed,
    disabled: record.disabled,
    diagnostics: [...(options.diagnostics ?? []), ...record.derivedDiagnostics],
    skills,
    firstById: patchMap(record.firstById, changedById),
    overriding: record.overriding,
    derivedDiagnostics: record.derivedDiagnostics,
  });
}

/** True when `after` can take `before`'s place without changing any other part of the catalog. */
function replacesInPlace(before: Skill, after: Skill, record: CatalogBuildRecord): boolean {
  return (
    before.id === after.id &&
    record.firstById.get(before.id) === before &&
    !record.overriding.has(before.id) &&
    sourceRank(before.origin.sourceType) === sourceRank(after.origin.sourceType) &&
    before.skillFile === after.skillFile &&
    sameStrings(before.fields.skillDependencies, after.fields.skillDependencies)
  );
}

/** Index of the winner with `id` in winners sorted by id (binary search). */
function indexOfId(winners: readonly CatalogSkill[], id: string): number | undefined {
  let low = 0;
  let high = winners.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const order = compareText(winners[middle]!.id, id);
    if (order === 0) return middle;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

function sameStrings(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}
