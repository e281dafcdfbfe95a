import type { Diagnostic } from '../format/diagnostic.js';
import { type CatalogBuildRecord, recordCatalogBuild } from './catalog-build-record.js';
import { plainWinner } from './plain-winner.js';
import type { CatalogSkill, CatalogSnapshot, ShadowedSkill } from './types.js';

/** Everything a snapshot is made of, resolved. */
export interface CatalogSnapshotParts extends CatalogBuildRecord {
  readonly version: number;
  readonly projectRoot?: string;
  /** Sorted by id. */
  readonly winners: readonly CatalogSkill[];
  readonly shadowed: readonly ShadowedSkill[];
  /** The given diagnostics followed by `derivedDiagnostics`. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The immutable snapshot of resolved parts, with its `get` (disabled ids are absent; a winner that
 * overrides nothing comes from the per-skill cache, so no second id map is built), remembered for
 * the next build to patch.
 */
export function freezeCatalogSnapshot(parts: CatalogSnapshotParts): CatalogSnapshot {
  const { firstById, overriding } = parts;
  const disabledIds = new Set(parts.disabled);
  const get = (id: string): CatalogSkill | undefined => {
    if (disabledIds.has(id)) return undefined;
    const first = firstById.get(id);
    if (first === undefined) return undefined;
    return overriding.get(id) ?? plainWinner(first);
  };
  const snapshot: CatalogSnapshot = Object.freeze({
    version: parts.version,
    ...(parts.projectRoot === undefined ? {} : { projectRoot: parts.projectRoot }),
    skills: Object.freeze(parts.winners),
    shadowed: Object.freeze(parts.shadowed),
    disabled: Object.freeze(parts.disabled),
    diagnostics: Object.freeze(parts.diagnostics),
    get,
  });
  recordCatalogBuild(snapshot, {
    skills: parts.skills,
    firstById,
    overriding,
    disabled: parts.disabled,
    derivedDiagnostics: parts.derivedDiagnostics,
  });
  return snapshot;
}
