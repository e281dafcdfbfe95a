import type { CatalogSnapshot } from '@skilldock/core/catalog';
import type { DiscoveryResult } from '@skilldock/core/discover';
import type { CliContext } from './cli-context.js';
import { discoveryCacheDirectory } from './discovery-cache-directory.js';
import { loadCore } from './load-core.js';
import type { Output } from './output.js';
import { warnAboutSettings } from './warn-about-settings.js';

/** A project's skills as listing commands see them. */
export interface ProjectCatalog {
  readonly discovery: DiscoveryResult;
  readonly catalog: CatalogSnapshot;
  readonly trusted: boolean;
}

/**
 * Discovers and resolves the project's skills. Listing, validating and `doctor` run nothing, so they
 * always read project skills, trusted or not (SPEC D2); `trusted` is reported for the user.
 * Supporting files are listed only with `listFiles` (issue 9: a listing of 10,000 skills shows
 * none, and listing them was a fifth of its time); `skills show` lists its one skill's files.
 * Likewise `readBodies: false` keeps only the frontmatter of each SKILL.md, for commands that
 * print no instructions.
 * Problems in the settings files are warned about on stderr unless `warnSettings` is false
 * (`doctor`, which lists them itself).
 */
export async function loadProjectCatalog(
  context: CliContext,
  output: Output,
  {
    listFiles = false,
    readBodies = true,
    warnSettings = true,
  }: { listFiles?: boolean; readBodies?: boolean; warnSettings?: boolean } = {},
): Promise<ProjectCatalog> {
  const { catalogFromDiscovery, discoverSkills, isWorkspaceTrusted } = await loadCore('discover');
  const cacheDirectory = await discoveryCacheDirectory(context);
  const loaded = await output.spin('Discovering skills…', async () => {
    const trusted = await isWorkspaceTrusted(context.projectRoot, {
      homeDirectory: context.homeDirectory,
      env: context.env,
    });
    const discovery = await discoverSkills({
      projectRoot: context.projectRoot,
      homeDirectory: context.homeDirectory,
      trusted,
      includeUntrustedProject: true,
      listFiles,
      readBodies,
      ...(cacheDirectory === undefined ? {} : { cacheDirectory }),
    });
    const catalog = catalogFromDiscovery(discovery, { projectRoot: context.projectRoot });
    return { discovery, catalog, trusted };
  });
  if (warnSettings) warnAboutSettings(loaded.discovery.diagnostics, output);
  return loaded;
}
