import { classifyPackageFile, matchContentRule, matchNameRule } from './classify-package-file.js';
import { CONTENT_SNIFF_BYTES } from './package-file-rules.js';
import { runConcurrently } from './run-concurrently.js';
import { type PackageTreeEntry, walkPackageTree, walkPackageTreeSync } from './walk-package-tree.js';
import { isExecutable, withRegularFile } from './with-regular-file.js';

/** A file that goes into a bundle. */
export interface PackageFile {
  /** Relative POSIX path inside the skill folder. */
  readonly path: string;
  readonly absolutePath: string;
  readonly size: number;
  readonly executable: boolean;
}

/** An entry that stops a folder from being packaged, and why. */
export interface RefusedPackageEntry {
  readonly path: string;
  readonly kind: 'secret' | 'symlink' | 'special';
  readonly reason: string;
}

/** What {@link collectPackageFiles} found. */
export interface CollectedPackageFiles {
  /** Files to package, sorted by the byte order of their paths. */
  readonly files: PackageFile[];
  /** Folders to package (empty ones too), same order. */
  readonly directories: string[];
  /** Noise that was skipped and large files, one sentence each. */
  readonly warnings: string[];
  /** Paths of secrets (by name or by content); a bundle must not be made while any exist. */
  readonly secrets: string[];
  /** Paths of symbolic links; refused like secrets. */
  readonly symlinks: string[];
  /** Paths of sockets, FIFOs and devices; refused. */
  readonly specialFiles: string[];
  /** Every refused entry with its reason, in path order. */
  readonly refused: RefusedPackageEntry[];
  /** Sum of the included files' sizes. */
  readonly totalBytes: number;
}

/** Files opened at once to read their size, mode and first bytes. */
const SNIFF_CONCURRENCY = 16;

/**
 * Walks a skill folder under the P2 rules: noise is skipped (with a warning), secrets, links and
 * special files are collected for the caller to refuse, files over 1 MiB get a warning. Secrets
 * are found by name and, for private keys, by their first bytes. Nothing is followed through a link.
 * @example
 * const { files, secrets } = await collectPackageFiles('skills/pdf');
 */
export async function collectPackageFiles(directory: string): Promise<CollectedPackageFiles> {
  const warnings: string[] = [];
  const refused: RefusedPackageEntry[] = [];
  const entries = await walkPackageTree(directory, { skip: packageTreeSkip(warnings, refused) });
  const candidates = packageFileCandidates(entries, refused);
  const sniffed = await runConcurrently(candidates, SNIFF_CONCURRENCY, (entry) =>
    withRegularFile(entry.absolutePath, entry.path, async (handle, stats) => {
      const head = Buffer.alloc(Math.min(CONTENT_SNIFF_BYTES, stats.size));
      if (head.length > 0) await handle.read(head, 0, head.length, 0);
      return { entry, size: stats.size, executable: isExecutable(stats), secret: matchContentRule(head) };
    }),
  );
  const files: PackageFile[] = [];
  let totalBytes = 0;
  for (const { entry, size, executable, secret } of sniffed) {
    if (secret) {
      refused.push({ path: entry.path, kind: 'secret', reason: secret.reason });
      continue;
    }
    const classification = classifyPackageFile(entry.path, {
      isDirectory: false,
      isSymbolicLink: false,
      size,
    });
    if (classification.kind === 'large') warnings.push(`${entry.path} is large: ${classification.reason}`);
    files.push({ path: entry.path, absolutePath: entry.absolutePath, size, executable });
    totalBytes += size;
  }
  warnings.sort();
  sortRefused(refused);
  return {
    files,
    directories: entries.filter((entry) => entry.type === 'directory').map((entry) => entry.path),
    warnings,
    secrets: refusedPaths(refused, 'secret'),
    symlinks: refusedPaths(refused, 'symlink'),
    specialFiles: refusedPaths(refused, 'special'),
    refused,
    totalBytes,
  };
}

/** The name-level half of {@link collectPackageFiles}: what to read, before any file is opened. */
export interface PackageTreeListing {
  /** Files to read (their content may still mark them as secrets), sorted by path bytes. */
  readonly files: PackageTreeEntry[];
  /** Folders to package (empty ones too), same order. */
  readonly directories: string[];
  /** Noise that was skipped, one sentence each, unsorted. */
  readonly warnings: string[];
  /** Entries refused by name or type so far (secrets, links, special files), unsorted. */
  readonly refused: RefusedPackageEntry[];
}

/**
 * Walks a skill folder synchronously under the P2 name rules, like {@link collectPackageFiles} but
 * without opening any file: the caller reads each listed file once (applying the content rules
 * with `matchContentRule`) and can copy and hash it from the same bytes.
 */
export function listPackageTreeSync(directory: string): PackageTreeListing {
  const warnings: string[] = [];
  const refused: RefusedPackageEntry[] = [];
  const entries = walkPackageTreeSync(directory, { skip: packageTreeSkip(warnings, refused) });
  return {
    files: packageFileCandidates(entries, refused),
    directories: entries.filter((entry) => entry.type === 'directory').map((entry) => entry.path),
    warnings,
    refused,
  };
}

/** Sorts refused entries by path, as {@link CollectedPackageFiles.refused} lists them. */
export function sortRefused(refused: RefusedPackageEntry[]): RefusedPackageEntry[] {
  return refused.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
}

/** The paths of one kind of refused entry, in the order given. */
export function refusedPaths(
  refused: readonly RefusedPackageEntry[],
  kind: RefusedPackageEntry['kind'],
): string[] {
  return refused.filter((entry) => entry.kind === kind).map((entry) => entry.path);
}

/** Skips noise (with a warning) and secret folders (refused whole, not entered). */
function packageTreeSkip(
  warnings: string[],
  refused: RefusedPackageEntry[],
): (entry: PackageTreeEntry) => boolean {
  return (entry) => {
    if (entry.type === 'symlink' || entry.type === 'special') return false;
    const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
    const rule = matchNameRule(name, entry.type === 'directory');
    if (rule?.kind === 'noise') {
      warnings.push(`skipped ${entry.path}${entry.type === 'directory' ? '/' : ''} (${rule.reason})`);
      return true;
    }
    if (rule?.kind === 'secret' && entry.type === 'directory') {
      // A secret folder is refused whole; its contents are not listed one by one.
      refused.push({ path: entry.path, kind: 'secret', reason: rule.reason });
      return true;
    }
    return false;
  };
}

/** The files whose names and types pass; links, special files and secret names are refused. */
function packageFileCandidates(
  entries: readonly PackageTreeEntry[],
  refused: RefusedPackageEntry[],
): PackageTreeEntry[] {
  return entries.filter((entry) => {
    if (entry.type === 'symlink') {
      refused.push({ path: entry.path, kind: 'symlink', reason: 'symbolic link' });
      return false;
    }
    if (entry.type === 'special') {
      refused.push({ path: entry.path, kind: 'special', reason: 'not a regular file or folder' });
      return false;
    }
    if (entry.type !== 'file') return false;
    const classification = classifyPackageFile(entry.path, {
      isDirectory: false,
      isSymbolicLink: false,
      size: 0,
    });
    if (classification.kind === 'secret') {
      refused.push({ path: entry.path, kind: 'secret', reason: classification.reason });
      return false;
    }
    return true;
  });
}
