import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readFile, realpath, rename, rmdir, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { proveAllInside, type RealPathMemo, realPathOf } from '../../fs/prove-inside.js';
import { removeInside } from '../../fs/remove-inside.js';
import { swapFolder } from '../../fs/swap-folder.js';
import { writeFileAtomic } from '../../fs/write-file-atomic.js';
import { copySkillDirectory, type SkillTree } from './copy-skill-directory.js';

/** The named writes of a publish, in the order they happen (SPEC P8). */
export type PublishStep =
  /** Copy the staged skill to a sibling temp folder of its target. */
  | 'stage-copy'
  /** Move an existing folder or link aside (update, remove), to a sibling temp name. */
  | 'move-aside'
  /** Rename the staged copy into place. */
  | 'rename'
  /** Create an agent folder's link to the shared copy. */
  | 'agent-link'
  /** Write the lock file. */
  | 'lock-write'
  /** Delete what was moved aside; the last step, after the lock. */
  | 'old-removal';

/** Test hook: `before` runs before each write and may throw to simulate a failure at that step. */
export interface PublishFaults {
  before(step: PublishStep, detail: { readonly path: string }): void | Promise<void>;
}

type JournalEntry =
  | { readonly kind: 'created'; readonly path: string }
  /** `aside`: an old folder, deleted on commit; `moved`: a staged folder moved in, nothing to delete. */
  | { readonly kind: 'aside' | 'moved'; readonly from: string; readonly to: string }
  | { readonly kind: 'wrote'; readonly file: string; readonly previous: Buffer | undefined };

/**
 * One all-or-nothing set of file-system writes: every write is journaled, `rollback` undoes them in
 * reverse so the previous state is intact, `commit` deletes what was moved aside. Lives for one
 * install, update or remove. With a `root` (a project), every path it writes, moves or deletes is
 * first proven to be inside the root on real paths (SPEC SEC1): an agent folder that is a link out
 * of the project is refused with `path_outside_folder`. Without one, each entry is still proven
 * to be inside its own folder and links are removed as links.
 */
export class PublishTransaction {
  readonly #faults: PublishFaults | undefined;
  readonly #root: string | undefined;
  readonly #journal: JournalEntry[] = [];
  /** Folders {@link ensureDirectory} proved and created (or found) in this transaction. */
  readonly #ensured = new Set<string>();
  #realRoot: Promise<string | undefined> | undefined;
  #folderMode: number | undefined;
  /** Problems met after the commit point (a leftover temp folder); the publish still succeeded. */
  readonly warnings: string[] = [];

  constructor(faults?: PublishFaults, root?: string) {
    this.#faults = faults;
    this.#root = root;
  }

  /** Proves that `target` may be written here: inside the root, or inside its own folder. */
  async assertWritable(target: string): Promise<void> {
    await this.assertAllWritable([target]);
  }

  /**
   * {@link assertWritable} for many targets at the same moment, each distinct folder resolved once;
   * a refusal names the first refused target in the given order. The root's real path is resolved
   * once per transaction: a root swapped for a link afterwards then fails every later proof.
   */
  async assertAllWritable(targets: readonly string[]): Promise<void> {
    const realPaths: RealPathMemo = new Map();
    const root = this.#root;
    if (root !== undefined) {
      const absoluteRoot = path.resolve(root);
      this.#realRoot ??= realPathOf(absoluteRoot);
      realPaths.set(absoluteRoot, this.#realRoot);
    }
    await proveAllInside(
      targets.map((target) => ({ target, folder: root ?? path.dirname(target) })),
      realPaths,
    );
  }

  async #step(step: PublishStep, target: string): Promise<void> {
    await this.#faults?.before(step, { path: target });
  }

  /**
   * Creates a folder and its missing parents, journaling the first one created. A folder this
   * transaction already ensured is not proved and created again: every entry written into it is
   * proved itself just before the write, which proves the folder's real path once more.
   */
  async ensureDirectory(directory: string): Promise<void> {
    const absolute = path.resolve(directory);
    if (this.#ensured.has(absolute)) return;
    if (this.#root === undefined || absolute !== path.resolve(this.#root))
      await this.assertWritable(directory);
    const first = await mkdir(directory, { recursive: true });
    if (first !== undefined) this.#journal.push({ kind: 'created', path: first });
    this.#ensured.add(absolute);
  }

  /** True when something (file, folder, link, even dangling) is at `target`. */
  async exists(target: string): Promise<boolean> {
    try {
      await lstat(target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /**
   * Stages `source` next to `target` — a copy, or with `move` a rename of `source` itself when it is
   * on the same file system (rollback renames it back) — then swaps it in with core's `swapFolder`:
   * an existing `target` is moved aside when `replace` (kept until `commit`), else refused.
   */
  async placeDirectory(
    source: string,
    target: string,
    { replace = false, tree, move = false }: { replace?: boolean; tree?: SkillTree; move?: boolean } = {},
  ): Promise<void> {
    await this.ensureDirectory(path.dirname(target));
    await this.assertWritable(target);
    await this.#step('stage-copy', target);
    const staged = siblingName(target, 'new');
    if (!(move && (await this.#moveStaged(source, staged)))) {
      this.#journal.push({ kind: 'created', path: staged });
      await copySkillDirectory(source, staged, tree);
    }
    const existing = replace ? await lstat(target).catch(() => undefined) : undefined;
    // A link there (an agent folder installed as a link before) goes aside as a link: swapFolder never replaces one.
    if (existing?.isSymbolicLink()) await this.moveAside(target);
    else if (existing !== undefined) await this.assertWritable(target);
    const { aside } = await swapFolder(staged, target, {
      folder: this.#root ?? path.dirname(target),
      replace,
      keepAside: true,
      before: (step, detail) => this.#step(step, detail.path),
    });
    if (aside !== undefined) this.#journal.push({ kind: 'aside', from: target, to: aside });
    this.#journal.push({ kind: 'moved', from: staged, to: target });
  }

  /** Renames a draft's staged folder to `staged`; false when it is on another file system. */
  async #moveStaged(source: string, staged: string): Promise<boolean> {
    try {
      await rename(source, staged);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EXDEV') return false;
      throw error;
    }
    this.#journal.push({ kind: 'moved', from: source, to: staged });
    // Drafts are private (0700); an installed folder gets the mode a fresh folder gets here.
    this.#folderMode ??= await freshFolderMode(path.dirname(staged));
    await chmod(staged, this.#folderMode);
    return true;
  }

  /** A relative symlink at `linkPath` to the folder `target`, as the `skills` CLI makes it. */
  async placeLink(target: string, linkPath: string): Promise<void> {
    const parent = path.dirname(linkPath);
    await this.ensureDirectory(parent);
    await this.assertWritable(linkPath);
    await this.#step('agent-link', linkPath);
    const realParent = await realpath(parent);
    await symlink(path.relative(realParent, target), linkPath);
    this.#journal.push({ kind: 'created', path: linkPath });
  }

  /** Renames `target` to a sibling temp name; `commit` deletes it, `rollback` renames it back. */
  async moveAside(target: string): Promise<void> {
    await this.assertWritable(target);
    await this.#step('move-aside', target);
    const aside = siblingName(target, 'old');
    await rename(target, aside);
    this.#journal.push({ kind: 'aside', from: target, to: aside });
  }

  /** Writes a file atomically, remembering its previous bytes for `rollback`. */
  async writeFile(file: string, content: string): Promise<void> {
    await this.ensureDirectory(path.dirname(file));
    await this.assertWritable(file);
    let previous: Buffer | undefined;
    try {
      previous = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await this.#step('lock-write', file);
    this.#journal.push({ kind: 'wrote', file, previous });
    await writeFileAtomic(file, content);
  }

  /**
   * Deletes what was moved aside. Every removal's fault check runs before the first deletion, so
   * a failure there can still roll back; a real deletion error after that only leaves a warning.
   */
  async commit(): Promise<void> {
    const aside = this.#journal.flatMap((entry) => (entry.kind === 'aside' ? [entry.to] : []));
    for (const folder of aside) await this.#step('old-removal', folder);
    this.#journal.length = 0;
    await Promise.all(
      aside.map((folder) =>
        this.#remove(folder).catch((error: Error) => {
          this.warnings.push(`could not remove ${folder}: ${error.message}`);
        }),
      ),
    );
  }

  /** Undoes every journaled write, newest first. */
  async rollback(): Promise<void> {
    for (const entry of this.#journal.reverse()) {
      if (entry.kind === 'created') await this.#remove(entry.path);
      else if (entry.kind === 'wrote') {
        if (entry.previous === undefined) await this.#remove(entry.file);
        else await writeFileAtomic(entry.file, entry.previous);
      } else await rename(entry.to, entry.from);
    }
    this.#journal.length = 0;
    this.#ensured.clear();
  }

  /** Deletes an entry this transaction made or moved aside, proven inside first; links as links. */
  #remove(target: string): Promise<void> {
    return removeInside(target, this.#root ?? path.dirname(target));
  }
}

function siblingName(target: string, purpose: 'new' | 'old'): string {
  return path.join(
    path.dirname(target),
    `.${path.basename(target)}.skilldock-${purpose}-${randomBytes(4).toString('hex')}`,
  );
}

/** The permission bits `mkdir` gives a new folder in `parent` under the current umask. */
async function freshFolderMode(parent: string): Promise<number> {
  const probe = siblingName(path.join(parent, 'probe'), 'new');
  await mkdir(probe);
  try {
    return (await stat(probe)).mode & 0o7777;
  } finally {
    await rmdir(probe);
  }
}
