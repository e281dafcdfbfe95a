import type { CollectedPackageFiles } from './collect-package-files.js';
import { sortByPathBytes } from './compare-paths.js';

/** One entry of a bundle, in the order bundles write them. */
export type BundleEntry =
  | { readonly type: 'directory'; readonly path: string }
  | {
      readonly type: 'file';
      readonly path: string;
      readonly absolutePath: string;
      readonly size: number;
      readonly executable: boolean;
    };

/**
 * Every entry of a bundle under the top folder `name` (`<name>/`, `<name>/SKILL.md`, …), sorted by
 * the byte order of the path so the same folder always gives the same sequence.
 */
export function bundleEntries(name: string, collected: CollectedPackageFiles): BundleEntry[] {
  const entries: BundleEntry[] = [
    { type: 'directory', path: name },
    ...collected.directories.map((path) => ({ type: 'directory' as const, path: `${name}/${path}` })),
    ...collected.files.map((file) => ({
      type: 'file' as const,
      path: `${name}/${file.path}`,
      absolutePath: file.absolutePath,
      size: file.size,
      executable: file.executable,
    })),
  ];
  return sortByPathBytes(entries, (entry) => entry.path);
}

/**
 * The modification time written into every bundle entry. The zip format stores local "DOS" date
 * fields, so the zip writer is given this instant as *local* time (1980-01-01 00:00 on every
 * machine's clock) and the tar writer as UTC; either way no bundle depends on the time zone.
 */
export const BUNDLE_TIMESTAMP = { year: 1980, month: 0, day: 1 } as const;

/** Normalised permission bits: 0644 for files, 0755 for executables and folders. */
export function bundleMode(entry: BundleEntry): number {
  if (entry.type === 'directory') return 0o755;
  return entry.executable ? 0o755 : 0o644;
}
