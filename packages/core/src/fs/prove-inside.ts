import { lstatSync, realpathSync } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError } from '../errors.js';
import { isPathInside } from '../format/is-path-inside.js';
import { isSafePathSegment } from './safe-path-segment.js';

/**
 * Proves on real paths that `target` lies strictly inside `folder` (SPEC SEC1) and returns the
 * real path of the entry itself: its parent resolved through links, its own name kept, so a link
 * at `target` is named as the link, never followed. Folders that do not exist yet resolve through
 * their nearest existing ancestor (what is missing cannot be a link).
 * @throws SecurityError `path_outside_folder` naming both paths.
 * @example const real = await proveInside(path.join(skills, id), skills);
 */
export async function proveInside(target: string, folder: string): Promise<string> {
  const [real] = await proveAllInside([{ target, folder }]);
  return real as string;
}

/** Real paths of folders being resolved, by absolute path; see {@link proveAllInside}. */
export type RealPathMemo = Map<string, Promise<string | undefined>>;

/**
 * {@link proveInside} for many targets at the same moment: each distinct folder and parent is
 * resolved once (200 skills in one agent folder cost one `realpath` of it, not 200). `realPaths`
 * may hold folders already resolved, e.g. a transaction's root; it is filled as a side effect.
 * Throws the refusal of the first refused target, in the given order.
 * @example const [pdf, docx] = await proveAllInside([{ target: pdfFolder, folder: root }, { target: docxFolder, folder: root }]);
 */
export async function proveAllInside(
  entries: readonly { readonly target: string; readonly folder: string }[],
  realPaths: RealPathMemo = new Map(),
): Promise<string[]> {
  const resolve = (absolute: string) => {
    let real = realPaths.get(absolute);
    if (real === undefined) {
      real = realExisting(absolute);
      realPaths.set(absolute, real);
    }
    return real;
  };
  const proofs = await Promise.allSettled(
    entries.map(async ({ target, folder }) => {
      const [realFolder, realParent] = await Promise.all([
        resolve(path.resolve(folder)),
        resolve(path.dirname(path.resolve(target))),
      ]);
      return checkInside(target, folder, realFolder, realParent);
    }),
  );
  return proofs.map((proof) => {
    if (proof.status === 'rejected') throw proof.reason;
    return proof.value;
  });
}

/** {@link proveInside}, synchronously (for signal handlers). */
export function proveInsideSync(target: string, folder: string): string {
  const realFolder = realExistingSync(path.resolve(folder));
  const realParent = realExistingSync(path.dirname(path.resolve(target)));
  return checkInside(target, folder, realFolder, realParent);
}

/**
 * How often an entry that appeared between a failed `realpath` and its `lstat` is resolved again
 * before it counts as a dangling link (a folder that keeps vanishing and reappearing).
 */
const MAX_APPEARED_RETRIES = 3;

function checkInside(
  target: string,
  folder: string,
  realFolder: string | undefined,
  realParent: string | undefined,
): string {
  const name = path.basename(path.resolve(target));
  const real = realParent === undefined ? undefined : path.join(realParent, name);
  if (
    real !== undefined &&
    realFolder !== undefined &&
    realParent !== undefined &&
    isSafePathSegment(name) &&
    isPathInside(realParent, realFolder) &&
    real !== realFolder
  )
    return real;
  throw new SecurityError(
    'path_outside_folder',
    `Refusing to touch ${target}: it resolves to ${real ?? 'a dangling link'}, which is not inside ${folder}${realFolder === undefined || realFolder === folder ? '' : ` (${realFolder})`}; nothing was changed.`,
    { details: { path: target, realPath: real, folder, realFolder } },
  );
}

/**
 * The real path of `folder` as {@link proveInside} resolves it: through links, a missing tail kept
 * as named; undefined when a link on the way dangles.
 */
export function realPathOf(folder: string): Promise<string | undefined> {
  return realExisting(path.resolve(folder));
}

/**
 * The real path, or undefined when a link on the way dangles. An existing entry (the usual case)
 * costs one `realpath`; only a failed one is told apart by `lstat`: missing, so its parent is
 * tried, or present, so a link on the way dangles.
 */
async function realExisting(absolute: string): Promise<string | undefined> {
  const missing: string[] = [];
  let appeared = 0;
  for (let current = absolute; ; ) {
    try {
      return path.join(await realpath(current), ...missing.reverse());
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    try {
      const entry = await lstat(current);
      // Not a link, yet missing a moment ago: another process created it in between (two sessions
      // making `.skilldock/` at once). Resolve it again rather than call it a dangling link.
      if (!entry.isSymbolicLink() && appeared++ < MAX_APPEARED_RETRIES) continue;
      return undefined;
    } catch (error) {
      if (!isMissing(error) || path.dirname(current) === current) throw error;
      missing.push(path.basename(current));
      current = path.dirname(current);
    }
  }
}

function realExistingSync(absolute: string): string | undefined {
  const missing: string[] = [];
  let appeared = 0;
  for (let current = absolute; ; ) {
    try {
      return path.join(realpathSync(current), ...missing.reverse());
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    try {
      const entry = lstatSync(current);
      if (!entry.isSymbolicLink() && appeared++ < MAX_APPEARED_RETRIES) continue;
      return undefined;
    } catch (error) {
      if (!isMissing(error) || path.dirname(current) === current) throw error;
      missing.push(path.basename(current));
      current = path.dirname(current);
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
