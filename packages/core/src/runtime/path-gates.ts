import path from 'node:path';
import type { CatalogSnapshot } from '../catalog/types.js';
import { openGatesFor } from './open-gates-for.js';

/**
 * The path gates of one session (SPEC D3): the files its tool calls touched inside the project
 * root, and the gated skills whose `paths:` globs those files opened. A gate stays open for the
 * rest of the session; a new catalog recomputes the gates from the same files.
 */
export class PathGates {
  #open = new Set<string>();
  readonly #touched = new Set<string>();

  /** True when the skill's gate was opened by a touched file. */
  isOpen(skillId: string): boolean {
    return this.#open.has(skillId);
  }

  /**
   * Records files a tool call touched (relative to the project root or absolute) and returns the
   * ids of the gates they opened now. Files outside the project root never match.
   */
  touch(catalog: CatalogSnapshot, paths: Iterable<string>): string[] {
    const root = catalog.projectRoot;
    if (root === undefined) return [];
    const inside: string[] = [];
    for (const filePath of paths) {
      const absolute = path.resolve(root, filePath);
      const relative = path.relative(root, absolute);
      if (
        relative === '' ||
        relative === '..' ||
        relative.startsWith(`..${path.sep}`) ||
        path.isAbsolute(relative)
      )
        continue;
      this.#touched.add(absolute);
      inside.push(absolute);
    }
    const opened = openGatesFor(catalog, inside, this.#open);
    for (const id of opened) this.#open.add(id);
    return opened;
  }

  /** A new catalog: the gates start closed, then the files touched so far apply again (D7). */
  reset(catalog: CatalogSnapshot): void {
    this.#open = new Set(openGatesFor(catalog, [...this.#touched], new Set()));
  }
}
