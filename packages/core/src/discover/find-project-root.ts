import { existsSync } from 'node:fs';
import path from 'node:path';

/** Folders whose presence marks a project root. */
export const PROJECT_MARKERS: readonly string[] = ['.git', '.skilldock', '.agents', '.qwen', '.claude'];

/**
 * The project a folder belongs to: the nearest folder from `start` upwards that holds `.git`,
 * `.skilldock`, `.agents`, `.qwen` or `.claude`; `start` itself when none does. The home folder is
 * never a project root (its `.agents` holds personal skills), so a folder under home without
 * markers of its own is its own root.
 * @example findProjectRoot('/repo/packages/app', { homeDirectory: os.homedir() }) // '/repo'
 */
export function findProjectRoot(start: string, { homeDirectory }: { homeDirectory: string }): string {
  const from = path.resolve(start);
  const home = path.resolve(homeDirectory);
  for (let directory = from; ; directory = path.dirname(directory)) {
    if (directory !== home && PROJECT_MARKERS.some((marker) => existsSync(path.join(directory, marker))))
      return directory;
    if (path.dirname(directory) === directory) return from;
  }
}
