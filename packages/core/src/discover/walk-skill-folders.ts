import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { Diagnostic } from '../format/diagnostic.js';
import { isPathInsideAny } from '../format/is-path-inside.js';
import { MAX_SKILL_FILE_BYTES, SKILL_FILE_NAME } from '../format/limits.js';
import { IGNORED_FOLDER_NAMES } from '../format/list-skill-files.js';
import { type ReadRegularFileResult, readRegularFile } from '../format/read-regular-file.js';
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_FOLDERS } from './settings.js';

/** Options of {@link walkSkillFolders}. */
export interface WalkSkillFoldersOptions {
  /** Deepest level searched; the root is level 0. Default 6. */
  readonly maxDepth?: number;
  /**
   * Skill folders loaded before the walk stops with a warning; the same number bounds the other
   * folders searched on the way. Default 10,000 (`DEFAULT_MAX_FOLDERS`).
   */
  readonly maxFolders?: number;
  /** Real folders a symbolic link may point into; default the root alone. */
  readonly allowedRoots?: readonly string[];
  /**
   * Called as soon as a skill folder is found, so loading can start while the walk goes on. What
   * the walk already read comes along: the folder's entries, or its SKILL.md bytes.
   */
  readonly onSkillFolder?: (directory: string, found: FoundSkillFolder) => void;
  /**
   * Asked before a folder is read: true when it is a skill folder known unchanged since an
   * earlier walk (the caller reuses what it loaded then; see `scanSkillRoot`'s `previous`).
   */
  readonly isUnchangedSkillFolder?: (directory: string) => boolean;
  /**
   * Called for every folder just before the walk reads it (a change journal arms its watch here:
   * a change after the call is then seen by the watch, one before by the read).
   */
  readonly onFolder?: (directory: string) => void;
}

/** What the walk read of a skill folder on the way (so the loader need not read it again). */
export interface FoundSkillFolder {
  /** The folder's entries, when the walk listed it. */
  readonly entries?: readonly Dirent[];
  /** `SKILL.md`, when the walk read it directly (a regular file within the size limit). */
  readonly skillFile?: Extract<ReadRegularFileResult, { ok: true }>;
  /** True when `isUnchangedSkillFolder` said so: nothing was read. */
  readonly unchanged?: true;
}

/** What a walk found. */
export interface WalkSkillFoldersResult {
  /** Real absolute skill folders, breadth first, sorted by name within a folder. */
  readonly skillDirectories: readonly string[];
  /** Limits reached, links refused, unreadable subfolders, SKILL.md that is not a regular file. */
  readonly diagnostics: readonly Diagnostic[];
  /** Folders visited (skill folders and the folders searched to reach them). */
  readonly foldersRead: number;
}

interface Pending {
  readonly directory: string;
  readonly depth: number;
}

interface Listing {
  readonly directory: string;
  readonly depth: number;
  readonly entries: readonly Dirent[];
}

/**
 * Finds skill folders below a root (SPEC D2): a folder holding a regular file named exactly
 * `SKILL.md` is a skill and is not searched further. Skips `.git`, `node_modules`, `dist`,
 * `build` and `.cache`; follows a symbolic link only when its target stays inside an allowed root;
 * ignores special files. Reads one level at a time, so the result is deterministic. The file-system
 * calls are synchronous: each takes microseconds, and their promise wrappers cost more than the
 * calls themselves on a 10,000-skill walk (see the discover benchmark).
 *
 * `root` must be a real (symlink-free) absolute path. A missing or unreadable root throws the
 * file-system error; problems below it are diagnostics.
 */
export async function walkSkillFolders(
  root: string,
  {
    maxDepth = DEFAULT_MAX_DEPTH,
    maxFolders = DEFAULT_MAX_FOLDERS,
    allowedRoots = [root],
    onSkillFolder,
    isUnchangedSkillFolder,
    onFolder,
  }: WalkSkillFoldersOptions = {},
): Promise<WalkSkillFoldersResult> {
  const diagnostics: Diagnostic[] = [];
  const skillDirectories: string[] = [];
  const seen = new Set<string>([root]);
  let level: Pending[] = [{ directory: root, depth: 0 }];
  let searched = 0;
  let deeperFolders = 0;
  let limitReached: 'skills' | 'folders' | undefined;

  walk: while (level.length > 0) {
    const next: Pending[] = [];
    // One folder at a time, handed on at once: holding a whole level's listings (10,000 skill
    // folders) only feeds the garbage collector.
    for (const pending of level) {
      onFolder?.(pending.directory);
      const unchanged = isUnchangedSkillFolder?.(pending.directory) === true;
      const skillFile = unchanged ? undefined : readSkillFileDirectly(pending.directory);
      if (unchanged || skillFile !== undefined) {
        if (skillDirectories.length >= maxFolders) {
          limitReached = 'skills';
          break walk;
        }
        skillDirectories.push(pending.directory);
        onSkillFolder?.(pending.directory, unchanged ? { unchanged } : { skillFile });
        continue;
      }
      if (searched >= maxFolders) {
        limitReached = 'folders';
        break walk;
      }
      searched++;
      const listing = listFolder(pending, root, diagnostics);
      if (listing === undefined) continue;
      const children = classifyEntries(listing, allowedRoots, diagnostics);
      if (children.isSkill) {
        if (skillDirectories.length >= maxFolders) {
          limitReached = 'skills';
          break walk;
        }
        skillDirectories.push(listing.directory);
        onSkillFolder?.(listing.directory, { entries: listing.entries });
        continue;
      }
      for (const child of children.folders) {
        if (seen.has(child)) continue;
        seen.add(child);
        if (listing.depth + 1 > maxDepth) deeperFolders++;
        else next.push({ directory: child, depth: listing.depth + 1 });
      }
    }
    level = next;
  }

  if (limitReached !== undefined) {
    const what =
      limitReached === 'skills' ? `${maxFolders} skill folders` : `searching ${maxFolders} folders`;
    diagnostics.push({
      code: 'folder_limit_reached',
      severity: 'warning',
      message: `stopped after ${what} under ${root}; skills further down were not loaded (raise skills.maxFolders)`,
      file: root,
    });
  }
  if (deeperFolders > 0) {
    diagnostics.push({
      code: 'depth_limit_reached',
      severity: 'info',
      message: `${deeperFolders} folder(s) deeper than ${maxDepth} levels under ${root} were not searched (raise skills.maxDepth)`,
      file: root,
    });
  }
  return { skillDirectories, diagnostics, foldersRead: searched + skillDirectories.length };
}

/**
 * Reads `directory/SKILL.md` when it is a plain regular file (no link, within the size limit):
 * most folders a walk meets are skill folders, and reading the file first spares a readdir per
 * skill, the largest cost of a cold listing (discover benchmark). Anything else (no such file, a
 * link, a FIFO, a file too large) returns `undefined` and the folder is listed and classified as
 * before. Only where names are case-sensitive: on macOS or Windows `SKILL.md` would also open
 * `skill.md`, so there every folder is listed.
 */
function readSkillFileDirectly(directory: string): FoundSkillFolder['skillFile'] {
  if (!CASE_SENSITIVE_NAMES) return undefined;
  const filePath = childPath(directory, SKILL_FILE_NAME);
  const read = readRegularFile(filePath, { maxBytes: MAX_SKILL_FILE_BYTES });
  return read.ok && read.realPath === filePath ? read : undefined;
}

const CASE_SENSITIVE_NAMES = process.platform === 'linux';

/**
 * `join(directory, name)` for a real absolute folder and one entry name: nothing to normalise, and
 * `path.join` was a tenth of a walk over 10,000 folders (discover benchmark).
 */
export function childPath(directory: string, name: string): string {
  return directory.endsWith(sep) ? `${directory}${name}` : `${directory}${sep}${name}`;
}

function listFolder(pending: Pending, root: string, diagnostics: Diagnostic[]): Listing | undefined {
  try {
    // Synchronous: a readdir is microseconds, its promise wrapper costs more than the call (benchmark).
    const entries = readdirSync(pending.directory, { withFileTypes: true });
    return { ...pending, entries };
  } catch (error) {
    if (pending.directory === root) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    // A folder removed while walking is not a problem worth reporting.
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      diagnostics.push({
        code: 'folder_unreadable',
        severity: 'warning',
        message: `cannot read folder: ${(error as Error).message}`,
        file: pending.directory,
      });
    }
    return undefined;
  }
}

interface ClassifiedEntries {
  readonly isSkill: boolean;
  readonly folders: readonly string[];
}

function classifyEntries(
  listing: Listing,
  allowedRoots: readonly string[],
  diagnostics: Diagnostic[],
): ClassifiedEntries {
  const folders: string[] = [];
  const links: Dirent[] = [];
  let skillFile: Dirent | undefined;
  for (const entry of listing.entries) {
    if (entry.name === SKILL_FILE_NAME) skillFile = entry;
    else if (entry.isDirectory()) {
      if (!IGNORED_FOLDER_NAMES.has(entry.name)) folders.push(childPath(listing.directory, entry.name));
    } else if (entry.isSymbolicLink() && !IGNORED_FOLDER_NAMES.has(entry.name)) links.push(entry);
  }
  if (skillFile !== undefined) {
    const kind = skillFile.isSymbolicLink()
      ? followLink(join(listing.directory, skillFile.name), allowedRoots, diagnostics)
      : skillFile.isFile()
        ? { type: 'file' as const }
        : { type: 'other' as const };
    if (kind?.type === 'file') return { isSkill: true, folders: [] };
    // A refused or broken link was reported by followLink already.
    if (kind !== undefined)
      diagnostics.push({
        code: 'skill_file_not_regular',
        severity: 'warning',
        message: `${SKILL_FILE_NAME} is not a regular file; the folder is not loaded as a skill`,
        file: join(listing.directory, SKILL_FILE_NAME),
      });
  }
  if (links.length > 0) {
    const targets = links.map((link) =>
      followLink(join(listing.directory, link.name), allowedRoots, diagnostics),
    );
    for (const target of targets) if (target?.type === 'directory') folders.push(target.path);
  }
  folders.sort();
  return { isSkill: false, folders };
}

type LinkTarget = { type: 'file'; path: string } | { type: 'directory'; path: string } | { type: 'other' };

/** Resolves a link; refuses (with a warning) a target outside every allowed root. */
function followLink(
  link: string,
  allowedRoots: readonly string[],
  diagnostics: Diagnostic[],
): LinkTarget | undefined {
  let target: string;
  try {
    target = realpathSync(link);
  } catch {
    diagnostics.push({
      code: 'symlink_broken',
      severity: 'warning',
      message: 'symbolic link points to nothing; ignored',
      file: link,
    });
    return undefined;
  }
  if (!isPathInsideAny(target, allowedRoots)) {
    diagnostics.push({
      code: 'symlink_outside_root',
      severity: 'warning',
      message: `symbolic link leaves the skill folders (points to ${target}); ignored`,
      file: link,
    });
    return undefined;
  }
  const stats = statSync(target, { throwIfNoEntry: false });
  if (stats?.isDirectory()) return { type: 'directory', path: target };
  if (stats?.isFile()) return { type: 'file', path: target };
  return { type: 'other' };
}
