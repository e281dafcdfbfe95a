import { existsSync } from 'node:fs';
import path from 'node:path';

/** Folders whose presence marks a project root. */
export const PROJECT_MARKERS: readonly string[] = ['.git', '.skilldock', '.agents', '.qwen', '.claude'];

/**
 * The nearest folder from `start` upwards that holds `.git`, `.skilldock`, `.agents`, `.qwen` or
 * `.claude`, or `undefined` when none does. The home folder is never a project root (its `.agents`
 * holds personal skills).
 * @example locateProjectRoot('/repo/packages/app', { homeDirectory: os.homedir() }) // '/repo'
 */
export function locateProjectRoot(
  start: string,
  { homeDirectory }: { homeDirectory: string },
): string | undefined {
  const home = path.resolve(homeDirectory);
  for (let directory = path.resolve(start); ; directory = path.dirname(directory)) {
    if (directory !== home && PROJECT_MARKERS.some((marker) => existsSync(path.join(directory, marker))))
      return directory;
    if (path.dirname(directory) === directory) return undefined;
  }
}

/**
 * The project a folder belongs to: {@link locateProjectRoot}, or `start` itself when no folder up
 * from it has a marker, so a folder under home without markers of its own is its own root.
 * @example findProjectRoot('/repo/packages/app', { homeDirectory: os.homedir() }) // '/repo'
 */
export function findProjectRoot(start: string, options: { homeDirectory: string }): string {
  return locateProjectRoot(start, options) ?? path.resolve(start);
}
