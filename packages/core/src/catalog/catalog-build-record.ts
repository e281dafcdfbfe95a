import type { Diagnostic } from '../format/diagnostic.js';
import type { Skill } from '../format/types.js';
import type { CatalogSkill, CatalogSnapshot } from './types.js';

/**
 * What `buildCatalog` resolved for a snapshot besides the snapshot itself, so the next build from
 * nearly the same skills can patch it (see `patchCatalog`) instead of resolving every skill again.
 */
export interface CatalogBuildRecord {
  /** The skills the snapshot was built from, exactly as given. */
  readonly skills: readonly Skill[];
  /** The winning skill per id (disabled ids included). */
  readonly firstById: ReadonlyMap<string, Skill>;
  /** Winners that override another skill, by id: only these ids have losers. */
  readonly overriding: ReadonlyMap<string, CatalogSkill>;
  /** Ids switched off, as the snapshot lists them. */
  readonly disabled: readonly string[];
  /** Diagnostics the build derived (shadowing, dependencies), after the given ones. */
  readonly derivedDiagnostics: readonly Diagnostic[];
}

// Private to the build: a snapshot is plain frozen data, the record rides beside it.
const records = new WeakMap<CatalogSnapshot, CatalogBuildRecord>();

/** Remembers how `snapshot` was built. */
export function recordCatalogBuild(snapshot: CatalogSnapshot, record: CatalogBuildRecord): void {
  records.set(snapshot, record);
}

/** How `snapshot` was built, when `buildCatalog` built it in this process. */
export function catalogBuildRecord(snapshot: CatalogSnapshot): CatalogBuildRecord | undefined {
  return records.get(snapshot);
}
