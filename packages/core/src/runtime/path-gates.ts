import path from 'node:path';
import type { CatalogSnapshot } from '../catalog/types.js';
import { relativePathInside } from '../format/is-path-inside.js';
import { openGatesFor } from './open-gates-for.js';

/**
 * The path gates of one session (SPEC D3): the gated skills whose `paths:` globs a file touched by
 * a tool call (inside the project root) opened. A gate stays open until the session ends or the
 * catalog is refreshed, which closes every gate.
 */
export class PathGates {
  #open = new Set<string>();

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
      if (relativePathInside(root, absolute) === undefined) continue;
      inside.push(absolute);
    }
    const opened = openGatesFor(catalog, inside, this.#open);
    for (const id of opened) this.#open.add(id);
    return opened;
  }

  /**
   * A new catalog (a refresh, D7) resets activation (D3): every gate closes, and files touched
   * before it no longer count; only a file touched after it opens a gate again. Seed 000 (the
   * terminal agent), which SPEC D3 restates: "新会话，或编辑任何技能文件触发的 refreshCache 会重置激活".
   */
  reset(): void {
    this.#open = new Set();
  }
}
