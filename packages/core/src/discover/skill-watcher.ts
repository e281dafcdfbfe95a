import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { FSWatcher } from 'chokidar';
import type { CatalogSnapshot } from '../catalog/types.js';
import { isPathInside } from '../format/is-path-inside.js';
import { IGNORED_FOLDER_NAMES } from '../format/list-skill-files.js';
import { assembleDiscovery } from './assemble-discovery.js';
import { catalogFromDiscovery } from './catalog-from-discovery.js';
import { type DiscoveryPlan, planDiscovery } from './discover-skills.js';
import { SETTINGS_RELATIVE_PATH } from './load-settings.js';
import { isSameScan, type SkillRootScan, scanSkillRoot } from './scan-skill-root.js';
import { DEFAULT_MAX_DEPTH } from './settings.js';
import { SkillChangeJournal } from './skill-change-journal.js';
import { readSkillScanCache, writeSkillScanCache } from './skill-scan-cache.js';
import type { DiscoverSkillsOptions, DiscoveryResult } from './types.js';
import { updateSkillRootScan } from './update-skill-root-scan.js';

/** Options of {@link SkillWatcher}: discovery options plus watching. */
export interface SkillWatcherOptions extends DiscoverSkillsOptions {
  /** Quiet time after the last file event before refreshing. Default 150 ms (SPEC D7). */
  readonly debounceMilliseconds?: number;
  /** Watch the file system; false to refresh only when `refresh()` is called. Default true. */
  readonly watch?: boolean;
  /** The timers the quiet period runs on; default the global ones. Tests pass a manual clock. */
  readonly clock?: WatcherClock;
  /**
   * Record file events in every walked folder (a {@link SkillChangeJournal}, one `fs.watch` per
   * folder) so that `refresh()` re-reads only what the events name instead of stat-ing every
   * skill; it falls back to the stat-validated rescan whenever the journal cannot vouch for
   * itself. For callers that refresh on demand (the agent loop before each model request) with
   * `watch: false`. Default false.
   */
  readonly trackChanges?: boolean;
}

/** The two timer functions {@link SkillWatcher} uses, so a test can decide when time passes. */
export interface WatcherClock {
  setTimeout(callback: () => void, milliseconds: number): unknown;
  clearTimeout(handle: unknown): void;
}

const SYSTEM_CLOCK: WatcherClock = {
  setTimeout: (callback, milliseconds) => setTimeout(callback, milliseconds),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Receives each new snapshot with the discovery it was built from. */
export type SnapshotListener = (snapshot: CatalogSnapshot, discovery: DiscoveryResult) => void;

/**
 * Keeps an immutable, versioned catalog snapshot up to date with the skill folders (SPEC D7).
 * Watches every root (bounded depth, `.git`, `node_modules` and other skipped folders ignored),
 * waits for a quiet period (150 ms), then refreshes: a change inside a skill folder reloads just
 * that folder and the catalog is rebuilt from cached skills. A root that fails keeps its previous
 * skills, so a broken source never empties the others.
 * @example
 * const watcher = new SkillWatcher({ projectRoot, trusted: true });
 * watcher.onSnapshot((snapshot) => session.updateCatalog(snapshot));
 * const first = await watcher.start();
 * // … later
 * await watcher.close();
 */
export class SkillWatcher {
  private readonly options: SkillWatcherOptions;
  private plan: DiscoveryPlan | undefined;
  private scans: SkillRootScan[] = [];
  private current: { snapshot: CatalogSnapshot; discovery: DiscoveryResult } | undefined;
  private readonly listeners = new Set<SnapshotListener>();
  private fileWatcher: FSWatcher | undefined;
  private pendingPaths = new Set<string>();
  private timer: unknown;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly journal: SkillChangeJournal | undefined;

  constructor(options: SkillWatcherOptions = {}) {
    this.options = options;
    if (options.trackChanges === true) this.journal = new SkillChangeJournal();
  }

  private get clock(): WatcherClock {
    return this.options.clock ?? SYSTEM_CLOCK;
  }

  /** The latest snapshot (undefined before `start`). */
  get snapshot(): CatalogSnapshot | undefined {
    return this.current?.snapshot;
  }

  /** The discovery behind the latest snapshot. */
  get discovery(): DiscoveryResult | undefined {
    return this.current?.discovery;
  }

  /** Calls `listener` with every new snapshot; returns a function that unsubscribes. */
  onSnapshot(listener: SnapshotListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Discovers everything, starts watching (unless `watch: false`) and returns the first snapshot. */
  async start(): Promise<CatalogSnapshot> {
    const snapshot = await this.refresh();
    if (this.options.watch !== false && !this.closed) await this.startWatching();
    return snapshot;
  }

  /**
   * Builds a new snapshot with a higher version. With `changedPaths`, only what they touch is
   * reloaded (settings files and roots appearing or vanishing still rediscover everything);
   * without, everything is rediscovered. Calls are serialised.
   */
  refresh(changedPaths?: readonly string[]): Promise<CatalogSnapshot> {
    const run = this.queue.then(() => this.runRefresh(changedPaths));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops watching; pending events are dropped. */
  async close(): Promise<void> {
    this.closed = true;
    this.journal?.close();
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.pendingPaths.clear();
    await this.fileWatcher?.close();
    this.fileWatcher = undefined;
    await this.queue;
  }

  private async runRefresh(requested: readonly string[] | undefined): Promise<CatalogSnapshot> {
    let changedPaths = requested;
    if (changedPaths === undefined && this.journal !== undefined && this.current !== undefined) {
      const journaled = await this.journaledChanges(this.journal);
      if (journaled !== undefined && journaled.length === 0) return this.current.snapshot;
      changedPaths = journaled;
    }
    if (changedPaths === undefined || this.plan === undefined || this.needsFullRefresh(changedPaths)) {
      const changed = await this.rediscover();
      // Nothing on disk moved: the same snapshot, so a session has nothing to compare (issue 9).
      if (!changed && this.current !== undefined) return this.current.snapshot;
    } else {
      const plan = this.plan;
      this.scans = await Promise.all(
        this.scans.map((scan) => {
          const real = scan.located.realDirectory;
          if (real === undefined) return scan;
          const inside = changedPaths
            .map((path) => toRealPath(resolve(path), scan))
            .filter((path) => isPathInside(path, real));
          return inside.length === 0 ? scan : updateSkillRootScan(scan, inside, plan.scanOptions);
        }),
      );
    }
    return this.publish();
  }

  /**
   * What the journal saw since the last refresh, ready for the incremental path: folders named by
   * an event on their own entry get a fresh watch (the old one may watch a removed inode), gone
   * paths lose theirs. `undefined` asks for a full rescan: the journal cannot vouch for itself, or
   * the settings or roots changed (planning is cheap and catches both).
   */
  private async journaledChanges(journal: SkillChangeJournal): Promise<string[] | undefined> {
    const drained = await journal.drain();
    const plan = await planDiscovery(this.options);
    if (!drained.complete || this.plan === undefined || !samePlan(this.plan, plan)) return undefined;
    for (const path of drained.paths) {
      if (!existsSync(path)) journal.disarmTree(path);
      else if (journal.isArmed(path)) journal.arm(path, { rearm: true });
    }
    return [...drained.paths];
  }

  /**
   * Plans and walks every root again, reusing each skill folder whose stamp did not change (a stat
   * per skill instead of a read and a parse: ≤ 50 ms at 10,000 skills, discover benchmark).
   * Returns whether anything differs from before.
   */
  private async rediscover(): Promise<boolean> {
    const plan = await planDiscovery(this.options);
    const scanOptions = {
      ...plan.scanOptions,
      stamp: true,
      ...(this.journal === undefined ? {} : { journal: this.journal }),
    };
    const previous = new Map(this.scans.map((scan) => [scan.located.root.directory, scan]));
    const { cacheDirectory } = this.options;
    const scans = await Promise.all(
      plan.roots.map(async (located) => {
        const before = previous.get(located.root.directory);
        // A root seen for the first time starts from the discovery cache, as `discoverSkills` does.
        const cached =
          before === undefined && cacheDirectory !== undefined
            ? readSkillScanCache(cacheDirectory, located, scanOptions)
            : undefined;
        const scan = await scanSkillRoot(located, scanOptions, before ?? cached);
        // A root that fails keeps the skills it had, with the failure reported (SPEC D7).
        if (scan.status === 'failed' && before !== undefined && before.results.size > 0) {
          return { ...scan, results: before.results };
        }
        if (
          before === undefined &&
          cacheDirectory !== undefined &&
          scan.status === 'loaded' &&
          (cached === undefined || !isSameScan(cached, scan))
        )
          await writeSkillScanCache(cacheDirectory, scan, scanOptions);
        return scan;
      }),
    );
    const changed =
      this.plan === undefined ||
      !samePlan(this.plan, plan) ||
      scans.length !== this.scans.length ||
      scans.some((scan, index) => !isSameScan(this.scans[index]!, scan));
    this.scans = scans;
    this.plan = { ...plan, scanOptions };
    return changed;
  }

  private needsFullRefresh(changedPaths: readonly string[]): boolean {
    const settingsFiles = this.settingsFiles();
    return changedPaths.some((changed) => {
      const path = resolve(changed);
      if (settingsFiles.includes(path)) return true;
      return this.scans.some((scan) => {
        const { directory } = scan.located.root;
        const real = scan.located.realDirectory;
        // A root appearing, vanishing or being replaced changes the plan itself.
        if (isPathInside(directory, path) || (real !== undefined && isPathInside(real, path))) return true;
        return scan.status !== 'loaded' && scan.status !== 'untrusted' && isPathInside(path, directory);
      });
    });
  }

  private publish(): CatalogSnapshot {
    const plan = this.plan!;
    const discovery = assembleDiscovery({
      sessionSkills: this.options.sessionSkills ?? [],
      scans: this.scans,
      settings: plan.settings,
      diagnostics: plan.diagnostics,
    });
    const snapshot = catalogFromDiscovery(discovery, {
      version: (this.current?.snapshot.version ?? 0) + 1,
      // One edited SKILL.md among 10,000 swaps one skill into the catalog (≤ 50 ms, issue 9 §7).
      ...(this.current === undefined ? {} : { previous: this.current.snapshot }),
      ...(this.options.projectRoot === undefined ? {} : { projectRoot: resolve(this.options.projectRoot) }),
    });
    this.current = { snapshot, discovery };
    for (const listener of this.listeners) listener(snapshot, discovery);
    return snapshot;
  }

  private settingsFiles(): string[] {
    if (this.options.settings !== undefined) return [];
    const files = [join(resolve(this.options.homeDirectory ?? homedir()), SETTINGS_RELATIVE_PATH)];
    if (this.options.projectRoot !== undefined)
      files.push(join(resolve(this.options.projectRoot), SETTINGS_RELATIVE_PATH));
    return files;
  }

  private async startWatching(): Promise<void> {
    const maxDepth = this.plan?.settings.skills?.maxDepth ?? DEFAULT_MAX_DEPTH;
    const roots = this.scans.map((scan) => ({
      directory: scan.located.root.directory,
      real: scan.located.realDirectory ?? scan.located.root.directory,
    }));
    const settingsFolders = this.settingsFiles().map((file) => dirname(file));
    const anchors = [...roots.map((root) => root.directory), ...settingsFolders];
    const bases = [resolve(this.options.homeDirectory ?? homedir())];
    if (this.options.projectRoot !== undefined) bases.push(resolve(this.options.projectRoot));
    const targets = new Set<string>();
    for (const folder of [
      ...roots.map((root) => (existsSync(root.real) ? root.real : root.directory)),
      ...settingsFolders,
    ]) {
      const target = nearestExisting(folder);
      // A missing root is awaited from inside the project or home folder, never from `/`.
      if (target === folder || bases.some((base) => isPathInside(target, base))) targets.add(target);
    }
    const isRelevant = (path: string): boolean => {
      if (anchors.some((anchor) => isPathInside(anchor, path))) return true;
      if (settingsFolders.some((folder) => isPathInside(path, folder))) return true;
      return roots.some((root) => {
        const base = isPathInside(path, root.real)
          ? root.real
          : isPathInside(path, root.directory)
            ? root.directory
            : undefined;
        if (base === undefined) return false;
        if (path === base) return true;
        const segments = relative(base, path).split(sep);
        // Folders down to maxDepth, plus the files inside the deepest ones.
        return (
          segments.length <= maxDepth + 1 && !segments.some((segment) => IGNORED_FOLDER_NAMES.has(segment))
        );
      });
    };
    // Loaded when watching starts: listings and refresh-on-demand sessions never need it.
    const { watch } = await import('chokidar');
    if (this.closed) return;
    const watcher = watch([...targets], {
      ignoreInitial: true,
      ignored: (path: string) => !isRelevant(resolve(path)),
    });
    watcher.on('all', (_event, path) => this.schedule(resolve(path)));
    watcher.on('error', () => this.schedule(undefined));
    this.fileWatcher = watcher;
    await new Promise<void>((resolveReady) => watcher.once('ready', () => resolveReady()));
  }

  private schedule(path: string | undefined): void {
    if (this.closed) return;
    if (path !== undefined) this.pendingPaths.add(path);
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      const paths = [...this.pendingPaths];
      this.pendingPaths.clear();
      // A watcher error leaves nothing pending: rediscover everything.
      this.refresh(paths.length > 0 ? paths : undefined).catch(() => undefined);
    }, this.options.debounceMilliseconds ?? 150);
  }
}

/** Same settings, roots and notes: what a snapshot is built from besides the skills. */
function samePlan(before: DiscoveryPlan, after: DiscoveryPlan): boolean {
  return (
    JSON.stringify([before.settings, before.diagnostics, before.roots]) ===
    JSON.stringify([after.settings, after.diagnostics, after.roots])
  );
}

/** Maps a path seen through a configured root (maybe a link) onto the root's real folder. */
function toRealPath(path: string, scan: SkillRootScan): string {
  const { directory } = scan.located.root;
  const real = scan.located.realDirectory;
  if (real === undefined || real === directory || !isPathInside(path, directory)) return path;
  return join(real, relative(directory, path));
}

/** The folder itself when it exists, else its nearest existing ancestor. */
function nearestExisting(folder: string): string {
  let current = folder;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}
