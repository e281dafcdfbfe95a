import { homedir } from 'node:os';
import type { Diagnostic } from '../format/diagnostic.js';
import { assembleDiscovery } from './assemble-discovery.js';
import { extensionSkillSources, readExtensionFolders } from './extension-folders.js';
import { loadSettings } from './load-settings.js';
import { type LocatedSkillRoot, locateSkillRoots } from './locate-skill-roots.js';
import { resolveSkillRoots } from './resolve-skill-roots.js';
import { isSameScan, type ScanOptions, scanSkillRoot } from './scan-skill-root.js';
import type { Settings } from './settings.js';
import { readSkillScanCache, writeSkillScanCache } from './skill-scan-cache.js';
import type { DiscoverSkillsOptions, DiscoveryResult } from './types.js';

/** Everything decided before walking: settings, located roots, limits. Reused by `SkillWatcher`. */
export interface DiscoveryPlan {
  readonly settings: Settings;
  readonly roots: readonly LocatedSkillRoot[];
  readonly scanOptions: ScanOptions;
  /** Settings problems and trust notes. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Finds and loads every skill from every source, highest precedence first (SPEC D1, D2): session
 * skills, project folders (only in a trusted workspace unless `includeUntrustedProject`), personal
 * folders, extensions (as `<owner>:<id>`), shared and builtin folders. Skill folders load
 * concurrently. Never throws for bad files: invalid skills and unreadable sources are diagnostics.
 * Pass `skills` to `buildCatalog` to resolve precedence. With `cacheDirectory`, parsed skills are
 * kept there between calls and reused while their files are unchanged (same result, fewer reads).
 * @example
 * const discovery = await discoverSkills({ projectRoot: process.cwd(), trusted: await isWorkspaceTrusted(process.cwd()) });
 * const catalog = buildCatalog(discovery.skills, { diagnostics: discovery.diagnostics });
 */
export async function discoverSkills(options: DiscoverSkillsOptions = {}): Promise<DiscoveryResult> {
  const plan = await planDiscovery(options);
  const { cacheDirectory } = options;
  const scans = await Promise.all(
    plan.roots.map(async (located) => {
      if (cacheDirectory === undefined) return scanSkillRoot(located, plan.scanOptions);
      const scanOptions = { ...plan.scanOptions, stamp: true };
      const cached = readSkillScanCache(cacheDirectory, located, scanOptions);
      const scan = await scanSkillRoot(located, scanOptions, cached);
      if (scan.status === 'loaded' && (cached === undefined || !isSameScan(cached, scan)))
        await writeSkillScanCache(cacheDirectory, scan, scanOptions);
      return scan;
    }),
  );
  return assembleDiscovery({
    sessionSkills: options.sessionSkills ?? [],
    scans,
    settings: plan.settings,
    diagnostics: plan.diagnostics,
  });
}

/** Reads settings (unless given), lists and locates the roots. */
export async function planDiscovery(options: DiscoverSkillsOptions = {}): Promise<DiscoveryPlan> {
  const homeDirectory = options.homeDirectory ?? homedir();
  const diagnostics: Diagnostic[] = [];
  let settings = options.settings;
  if (settings === undefined) {
    const loaded = await loadSettings({
      homeDirectory,
      ...(options.projectRoot === undefined ? {} : { projectRoot: options.projectRoot }),
    });
    settings = loaded.settings;
    diagnostics.push(...loaded.diagnostics);
  }
  // Extension folders from settings (SPEC D1): a missing one is a warning, never a crash.
  const configured = await readExtensionFolders(settings.extensions ?? []);
  diagnostics.push(...configured.diagnostics);
  const roots = resolveSkillRoots({
    ...options,
    homeDirectory,
    settings,
    extensions: [...(options.extensions ?? []), ...extensionSkillSources(configured.extensions)],
  });
  const located = await locateSkillRoots(roots, {
    ...(options.projectRoot === undefined ? {} : { projectRoot: options.projectRoot }),
    loadProject: options.trusted === true || options.includeUntrustedProject === true,
  });
  diagnostics.push(...located.diagnostics);
  const skillSettings = settings.skills ?? {};
  const scanOptions: ScanOptions = {
    ...(skillSettings.maxDepth === undefined ? {} : { maxDepth: skillSettings.maxDepth }),
    ...(skillSettings.maxFolders === undefined ? {} : { maxFolders: skillSettings.maxFolders }),
    ...(options.profile === undefined ? {} : { profile: options.profile }),
    ...(options.listFiles === undefined ? {} : { listFiles: options.listFiles }),
    ...(options.readBodies === undefined ? {} : { readBodies: options.readBodies }),
  };
  return { settings, roots: located.roots, scanOptions, diagnostics };
}
