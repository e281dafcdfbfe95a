import { type FSWatcher, watch } from 'node:fs';
import { basename } from 'node:path';
import { isPathInside } from '../format/is-path-inside.js';
import { childPath } from './walk-skill-folders.js';

/**
 * More paths than this between two drains and the journal cannot vouch for itself: the kernel's
 * event queue (16,384 inotify events by default) may have overflowed, which Node does not report.
 * A burst that large gets a full rescan instead.
 */
const MAX_RECORDED_PATHS = 2_000;

/** What changed since the last {@link SkillChangeJournal.drain}. */
export interface JournalDrain {
  /** Paths named by file events (entries of watched folders, or the folders themselves). */
  readonly paths: readonly string[];
  /**
   * False when the journal may have missed something (a watch could not be armed or failed, or a
   * burst past the limit): the caller must rescan everything once, arming as it walks.
   */
  readonly complete: boolean;
}

/**
 * Records which paths changed in the folders a discovery walked, with one non-recursive
 * `fs.watch` per folder (SPEC D7), so a refresh before a model request re-reads only what changed
 * instead of stat-ing every skill (issue 9 §7: ≤ 50 ms at 10,000 skills). It never refreshes
 * anything itself. The walk arms each folder *before* reading it: a change after arming is in the
 * journal, one before is in what the walk read. Lives as long as its watcher.
 *
 * Sound when another process edits a skill between two requests: the kernel queues the event when
 * the write returns, and {@link drain} lets the event loop poll once before answering.
 * @example
 * const journal = new SkillChangeJournal();
 * journal.arm(skillsRoot); // then walk it
 * const { paths, complete } = await journal.drain();
 */
export class SkillChangeJournal {
  private readonly watchers = new Map<string, FSWatcher>();
  private recorded = new Set<string>();
  private readonly volatile = new Set<string>();
  private complete = true;
  private closed = false;

  /** Folders watched now. */
  get size(): number {
    return this.watchers.size;
  }

  /**
   * Watches one folder's entries (again, with `rearm`: a folder replaced on disk keeps a dead watch
   * otherwise). A folder that cannot be watched makes the journal incomplete, except when it is gone.
   */
  arm(directory: string, { rearm = false }: { rearm?: boolean } = {}): void {
    if (this.closed) return;
    const existing = this.watchers.get(directory);
    if (existing !== undefined) {
      if (!rearm) return;
      existing.close();
      this.watchers.delete(directory);
    }
    let watcher: FSWatcher;
    try {
      // Not persistent: a watch must never keep a CLI process alive.
      watcher = watch(directory, { persistent: false }, (_event, name) => this.record(directory, name));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A folder removed since the walk saw it is a change its parent's watch reports.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') this.complete = false;
      return;
    }
    watcher.on('error', () => {
      this.complete = false;
      this.disarm(directory);
    });
    this.watchers.set(directory, watcher);
  }

  /** Stops watching `directory` and every watched folder inside it. */
  disarmTree(directory: string): void {
    for (const watched of [...this.watchers.keys()])
      if (isPathInside(watched, directory)) this.disarm(watched);
    for (const folder of [...this.volatile])
      if (isPathInside(folder, directory)) this.volatile.delete(folder);
  }

  /** True when `directory` is watched. */
  isArmed(directory: string): boolean {
    return this.watchers.has(directory);
  }

  /** Marks a path changed by hand (a folder armed after it was read gets a second look). */
  mark(path: string): void {
    this.recorded.add(path);
  }

  /**
   * A skill folder whose SKILL.md is a link: an edit of the target shows in another folder's
   * events, if any, so the folder is handed out by every drain.
   */
  markVolatile(directory: string): void {
    this.volatile.add(directory);
  }

  /** Marks the journal as unable to vouch for itself, so the next drain asks for a rescan. */
  invalidate(): void {
    this.complete = false;
  }

  /**
   * Lets the event loop poll twice (events the kernel queued before this call are then delivered
   * whatever phase the caller ran in), then hands over and forgets what was recorded.
   */
  async drain(): Promise<JournalDrain> {
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const drained: JournalDrain = {
      paths: [...this.recorded, ...this.volatile],
      complete: this.complete && this.recorded.size <= MAX_RECORDED_PATHS,
    };
    this.recorded = new Set();
    this.complete = true;
    return drained;
  }

  /** Stops every watch. */
  close(): void {
    this.closed = true;
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    this.recorded.clear();
    this.volatile.clear();
  }

  private disarm(directory: string): void {
    this.watchers.get(directory)?.close();
    this.watchers.delete(directory);
  }

  private record(directory: string, name: string | Buffer | null): void {
    if (name === null || name === '') {
      // An event without a name: only a rescan of the folder can say what it was.
      this.recorded.add(directory);
      return;
    }
    const entry = String(name);
    this.recorded.add(childPath(directory, entry));
    // The folder itself removed or moved is reported under its own name: look at both.
    if (entry === basename(directory)) this.recorded.add(directory);
  }
}
