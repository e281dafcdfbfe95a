import { buildCatalog } from '../catalog/build-catalog.js';
import type { CatalogSnapshot } from '../catalog/types.js';
import type { DiscoveryResult } from './types.js';

/**
 * The catalog of a discovery: its skills resolved by precedence, the settings' `skills.disabled`
 * switched off, and its diagnostics carried first (SPEC D1, D7).
 * @example const catalog = catalogFromDiscovery(await discoverSkills({ projectRoot, trusted }), { projectRoot });
 */
export function catalogFromDiscovery(
  discovery: DiscoveryResult,
  {
    projectRoot,
    version,
    previous,
  }: {
    projectRoot?: string;
    version?: number;
    /** The snapshot this one replaces, patched when only a few skills changed (see `buildCatalog`). */
    previous?: CatalogSnapshot;
  } = {},
): CatalogSnapshot {
  const disabled = discovery.settings.skills?.disabled;
  return buildCatalog(discovery.skills, {
    ...(projectRoot === undefined ? {} : { projectRoot }),
    ...(version === undefined ? {} : { version }),
    ...(disabled === undefined ? {} : { disabled }),
    diagnostics: discovery.diagnostics,
    ...(previous === undefined ? {} : { previous }),
  });
}
