import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { readRegularFile } from '../format/read-regular-file.js';
import type { LoadSkillResult, Skill } from '../format/types.js';
import { writeFileAtomic } from '../fs/write-file-atomic.js';
import type { LocatedSkillRoot } from './locate-skill-roots.js';
import type { ScanOptions, SkillRootScan } from './scan-skill-root.js';

/** Bumped whenever what a cached load result means changes (the parser, the validator, Skill). */
const CACHE_FORMAT = 1;

/** A cache file larger than this is neither read nor written. */
const MAX_CACHE_BYTES = 256 * 1024 * 1024;

/**
 * The user's cache folder for discovery: `$XDG_CACHE_HOME/skilldock/discovery`, else
 * `~/.cache/skilldock/discovery`.
 */
export function defaultDiscoveryCacheDirectory(
  homeDirectory: string = homedir(),
  env: NodeJS.ProcessEnv = process.env,
): string {
  const base = env.XDG_CACHE_HOME?.startsWith('/') ? env.XDG_CACHE_HOME : join(homeDirectory, '.cache');
  return join(base, 'skilldock', 'discovery');
}

interface CacheFile {
  readonly format: number;
  readonly key: string;
  readonly entries: readonly (readonly [directory: string, stamp: string, result: LoadSkillResult])[];
}

/**
 * Reads the cached scan of one root, as a `previous` for `scanSkillRoot`: its load results are
 * reused for every skill folder whose stamp (real path, inode, size, times) still matches, so a warm
 * listing costs a stat per skill instead of a read and a parse (issue 9). Returns `undefined` for a
 * missing, corrupt, foreign (not owned by this user, or writable by others), outdated or oversized
 * cache: a cache is only ever a shortcut, never a source of skills.
 */
export function readSkillScanCache(
  cacheDirectory: string,
  located: LocatedSkillRoot,
  options: ScanOptions,
): SkillRootScan | undefined {
  const key = cacheKey(located, options);
  const bytes = readOwnFile(join(cacheDirectory, `${key}.v8`));
  if (bytes === undefined) return undefined;
  let file: CacheFile;
  try {
    file = deserialize(bytes) as CacheFile;
  } catch {
    return undefined;
  }
  if (file?.format !== CACHE_FORMAT || file.key !== key || !Array.isArray(file.entries)) return undefined;
  const results = new Map<string, LoadSkillResult>();
  const stamps = new Map<string, string>();
  for (const entry of file.entries) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'string')
      return undefined;
    results.set(entry[0], freezeResult(entry[2]));
    stamps.set(entry[0], entry[1]);
  }
  return { located, status: 'loaded', results, diagnostics: [], stamps };
}

/** Writes a root's scan (with stamps) for the next listing; failures are ignored (it is a cache). */
export async function writeSkillScanCache(
  cacheDirectory: string,
  scan: SkillRootScan,
  options: ScanOptions,
): Promise<void> {
  if (scan.status !== 'loaded' || scan.stamps === undefined) return;
  const entries: [string, string, LoadSkillResult][] = [];
  for (const [directory, result] of scan.results) {
    const stamp = scan.stamps.get(directory);
    if (stamp !== undefined) entries.push([directory, stamp, result]);
  }
  const file: CacheFile = { format: CACHE_FORMAT, key: cacheKey(scan.located, options), entries };
  try {
    const bytes = serialize(file);
    if (bytes.length > MAX_CACHE_BYTES) return;
    await mkdir(cacheDirectory, { recursive: true, mode: 0o700 });
    await writeFileAtomic(join(cacheDirectory, `${file.key}.v8`), bytes, { mode: 0o600 });
  } catch {
    // A read-only or full disk only costs the next listing its shortcut.
  }
}

/**
 * Everything a cached result depends on besides the folder itself: the root and how it is loaded,
 * and the V8 build (its serialisation format).
 */
function cacheKey(located: LocatedSkillRoot, options: ScanOptions): string {
  const { root } = located;
  return createHash('sha256')
    .update(
      JSON.stringify([
        CACHE_FORMAT,
        process.versions.v8,
        located.realDirectory,
        located.allowedRoots,
        root.directory,
        root.sourceType,
        root.sourceScope ?? null,
        options.profile ?? 'lenient',
        options.listFiles !== false,
        options.readBodies !== false,
      ]),
    )
    .digest('hex');
}

/**
 * The file's bytes when it is a regular file (read safely, never through a link) of this user's
 * that nobody else may write.
 */
function readOwnFile(file: string): Buffer | undefined {
  const read = readRegularFile(file, { maxBytes: MAX_CACHE_BYTES });
  if (!read.ok) return undefined;
  if (process.getuid !== undefined && read.stats.uid !== process.getuid()) return undefined;
  if ((read.stats.mode & 0o022) !== 0) return undefined;
  return read.bytes;
}

/** A loaded skill is frozen data; a deserialised copy is frozen again the same way. */
function freezeResult(result: LoadSkillResult): LoadSkillResult {
  if (result.ok) {
    const skill = result.skill as Skill;
    Object.freeze(skill.files);
    Object.freeze(skill.diagnostics);
    Object.freeze(skill);
  }
  return result;
}
