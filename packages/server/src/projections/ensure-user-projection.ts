import { lstat, mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError, UserInputError } from '@skilldock/core/errors';
import { removeInside, swapFolder, withFileLock } from '@skilldock/core/fs';
import type { Viewer } from '../auth/principal.js';
import { copyContentTree } from '../content/index.js';
import { makeCopyReadOnly, removeReadOnlyTree, sealFolder, unsealFolder } from '../content/read-only-tree.js';
import { createWorkFolder } from '../content/work-folder.js';
import type { SkilldockDatabase } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import type { SkillContentContext } from '../skill-content/skill-content-context.js';
import type { ProjectionFaults } from './projection-faults.js';
import {
  ensureProjectionFolders,
  type UserProjectionPaths,
  userProjectionPaths,
} from './projection-layout.js';
import {
  type ProjectionManifest,
  readProjectionManifest,
  writeProjectionManifest,
} from './projection-manifest.js';
import { type ProjectionSource, projectionSources, readAccessGeneration } from './projection-sources.js';

/** What {@link ensureUserProjection} needs: the database, where content lives, a logger, test faults. */
export interface ProjectionContext {
  readonly db: SkilldockDatabase;
  readonly content: SkillContentContext;
  readonly logger: Logger;
  /** Test hook failing a write step (stage, manifest, revoke, rename). */
  readonly faults?: ProjectionFaults;
}

/** One skill of a user's projection. */
export interface ProjectionEntry {
  readonly id: string;
  readonly kind: 'builtin' | 'shared';
  readonly revision: string;
  /** `<data>/projections/<user>/skills/<id>`: a read-only copy of the skill's files. */
  readonly directory: string;
}

/** A user's projection as it is now, and what the call changed. */
export interface UserProjection {
  /** `<data>/projections/<user>/skills`: the folder a run reads (nothing else is in it). */
  readonly directory: string;
  /** The access generation it was built at. */
  readonly generation: string;
  readonly entries: readonly ProjectionEntry[];
  /** Ids written (new or replaced), revoked and kept untouched by this call; all empty when it was a no-op. */
  readonly changes: { readonly written: string[]; readonly revoked: string[]; readonly kept: string[] };
}

/**
 * Brings `viewer`'s read-only projection (SPEC Y7, Y15) in line with the enabled builtin and shared
 * skills it may read, and returns it. A no-op when the manifest's access generation equals the
 * database's (nothing about skills, scopes, enable state, users, departments or memberships changed)
 * and every entry is still a real folder. Otherwise, under a per-user inter-process lock: every
 * changed entry is copied into a private work folder (links refused, files 0444/0555, folders 0555),
 * the manifest is marked as rebuilding, entries no longer readable or about to be replaced are moved
 * out first (revoke), then the staged ones renamed in, then the manifest written with the
 * generation. Entries whose revision is unchanged are kept as they are. A failure at any step puts
 * the previous projection back and leaves no work folder.
 * @throws SecurityError `symlink_refused` when a projection folder is a link (nothing is followed);
 *   UserInputError `invalid_user_id`; ConflictError `file_locked` when another process holds the lock
 *   past a minute.
 * @example const { directory, entries } = await ensureUserProjection(context, viewer);
 */
export async function ensureUserProjection(
  context: ProjectionContext,
  viewer: Viewer,
): Promise<UserProjection> {
  const paths = userProjectionPaths(context.content.layout, viewer.id);
  const current = await upToDate(context, paths);
  if (current !== undefined) return current;
  return withFileLock(paths.lockFile, async () => {
    const again = await upToDate(context, paths);
    if (again !== undefined) return again;
    return rebuild(context, paths, viewer);
  });
}

/** The projection from its manifest when it is current and intact, else undefined. */
async function upToDate(
  context: ProjectionContext,
  paths: UserProjectionPaths,
): Promise<UserProjection | undefined> {
  await ensureProjectionFolders(paths, false);
  const generation = await readAccessGeneration(context.db);
  const manifest = readProjectionManifest(paths.manifestFile);
  if (manifest.generation !== generation) return undefined;
  for (const entry of entriesOf(paths, manifest))
    if (!(await isRealFolder(entry.directory))) return undefined;
  return projectionOf(paths, manifest, { written: [], revoked: [], kept: [] });
}

async function rebuild(
  context: ProjectionContext,
  paths: UserProjectionPaths,
  viewer: Viewer,
): Promise<UserProjection> {
  // The generation is read before the listing: a change committed in between makes the next ensure rebuild.
  const generation = await readAccessGeneration(context.db);
  const sources = await projectionSources(context.db, context.content, viewer, context.logger);
  await ensureProjectionFolders(paths, true);
  const previous = readProjectionManifest(paths.manifestFile);
  const onDisk = await readdir(paths.skillsDirectory, { withFileTypes: true });
  const kept: ProjectionSource[] = [];
  const changed: ProjectionSource[] = [];
  for (const source of sources) {
    const recorded = previous.entries[source.id];
    const intact = await isRealFolder(path.join(paths.skillsDirectory, source.id));
    if (intact && recorded?.revision === source.revision && recorded.kind === source.kind) kept.push(source);
    else changed.push(source);
  }
  const keptIds = new Set(kept.map((source) => source.id));
  // Links and stray files are never part of a projection: they go at once, as links, never followed.
  const strays = onDisk.filter((entry) => !entry.isDirectory()).map((entry) => entry.name);
  const toMoveOut = onDisk
    .filter((entry) => entry.isDirectory() && !keptIds.has(entry.name))
    .map((entry) => entry.name);
  if (changed.length === 0 && toMoveOut.length === 0 && strays.length === 0) {
    const next = manifestOf(generation, kept);
    await context.faults?.before('manifest', { path: paths.manifestFile });
    await writeProjectionManifest(paths.manifestFile, next);
    return projectionOf(paths, next, { written: [], revoked: [], kept: [...keptIds] });
  }

  const work = await createWorkFolder(context.content.layout);
  const staged = path.join(work.directory, 'staged');
  const aside = path.join(work.directory, 'aside');
  const placed: string[] = [];
  const movedOut: string[] = [];
  let manifestMarked = false;
  try {
    await mkdir(staged);
    await mkdir(aside);
    const written = await stageEntries(context, changed, staged);
    const next = manifestOf(generation, [...kept, ...written]);
    await context.faults?.before('manifest', { path: paths.manifestFile });
    manifestMarked = true;
    await writeProjectionManifest(paths.manifestFile, manifestOf(null, kept));
    await unsealFolder(paths.skillsDirectory);
    for (const name of strays) {
      await context.faults?.before('revoke', { path: path.join(paths.skillsDirectory, name) });
      await removeInside(path.join(paths.skillsDirectory, name), paths.skillsDirectory);
    }
    for (const id of toMoveOut) {
      const entry = path.join(paths.skillsDirectory, id);
      await context.faults?.before('revoke', { path: entry });
      await unsealFolder(entry);
      await rename(entry, path.join(aside, id));
      movedOut.push(id);
    }
    for (const source of written) {
      const entry = path.join(paths.skillsDirectory, source.id);
      await swapFolder(path.join(staged, source.id), entry, {
        folder: paths.skillsDirectory,
        replace: false,
        before: (_step, detail) => context.faults?.before('rename', detail),
      });
      placed.push(source.id);
      await sealFolder(entry);
    }
    await context.faults?.before('manifest', { path: paths.manifestFile });
    await writeProjectionManifest(paths.manifestFile, next);
    const writtenIds = new Set(written.map((source) => source.id));
    return projectionOf(paths, next, {
      written: [...writtenIds],
      revoked: toMoveOut.filter((id) => !writtenIds.has(id)),
      kept: [...keptIds],
    });
  } catch (error) {
    await restorePrevious(paths, {
      placed,
      movedOut,
      staged,
      aside,
      previous: manifestMarked ? previous : undefined,
    }).catch((restoreError: unknown) => {
      // The manifest still says "rebuilding" then, so the next ensure rebuilds from scratch.
      context.logger.error('projection.restore_failed', {
        userId: viewer.id,
        errorCode: (restoreError as { code?: string }).code,
      });
    });
    throw error;
  } finally {
    await sealFolder(paths.skillsDirectory).catch(() => undefined);
    await removeReadOnlyTree(work.directory, context.content.layout.stagingDirectory);
  }
}

/**
 * Copies each changed skill into `staged/<id>` and makes it read-only. A source the content layer
 * refuses (a link, a special file or a secret inside, a package folder that is a link) is left out
 * of the projection and logged; the others still go in. Any other failure stops the rebuild.
 */
async function stageEntries(
  context: ProjectionContext,
  changed: readonly ProjectionSource[],
  staged: string,
): Promise<ProjectionSource[]> {
  const written: ProjectionSource[] = [];
  for (const source of changed) {
    const target = path.join(staged, source.id);
    await context.faults?.before('stage', { path: target });
    try {
      await makeCopyReadOnly(target, await copyContentTree(source.directory, target));
      written.push(source);
    } catch (error) {
      if (!(error instanceof SecurityError || error instanceof UserInputError)) throw error;
      context.logger.warn('projection.source_refused', { skillId: source.id, errorCode: error.code });
      await removeReadOnlyTree(target, staged);
    }
  }
  return written;
}

function manifestOf(generation: string | null, entries: readonly ProjectionSource[]): ProjectionManifest {
  const sorted = [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    version: 1,
    generation,
    entries: Object.fromEntries(
      sorted.map((source) => [source.id, { kind: source.kind, revision: source.revision }]),
    ),
  };
}

function projectionOf(
  paths: UserProjectionPaths,
  manifest: ProjectionManifest,
  changes: UserProjection['changes'],
): UserProjection {
  return {
    directory: paths.skillsDirectory,
    generation: manifest.generation ?? '',
    entries: entriesOf(paths, manifest),
    changes,
  };
}

/**
 * Puts the projection back as it was before a failed rebuild: entries renamed in go back to the work
 * folder, entries moved out return, and the previous manifest is rewritten (when it was replaced).
 * If that fails too, the manifest still says "rebuilding" (no generation), so the next ensure rebuilds.
 */
async function restorePrevious(
  paths: UserProjectionPaths,
  step: {
    readonly placed: readonly string[];
    readonly movedOut: readonly string[];
    readonly staged: string;
    readonly aside: string;
    readonly previous: ProjectionManifest | undefined;
  },
): Promise<void> {
  for (const id of step.placed) {
    const entry = path.join(paths.skillsDirectory, id);
    await unsealFolder(entry);
    await rename(entry, path.join(step.staged, id));
  }
  for (const id of step.movedOut) {
    const entry = path.join(paths.skillsDirectory, id);
    await rename(path.join(step.aside, id), entry);
    await sealFolder(entry);
  }
  if (step.previous !== undefined) await writeProjectionManifest(paths.manifestFile, step.previous);
}

function entriesOf(paths: UserProjectionPaths, manifest: ProjectionManifest): ProjectionEntry[] {
  return Object.entries(manifest.entries)
    .map(([id, entry]) => ({ id, ...entry, directory: path.join(paths.skillsDirectory, id) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

async function isRealFolder(directory: string): Promise<boolean> {
  const stats = await lstat(directory).catch(() => undefined);
  return stats?.isDirectory() === true;
}

/**
 * Removes `userId`'s projection (when the account goes), under its lock, through `removeInside`:
 * a projection folder that is a link is removed as a link, its target never touched.
 */
export async function removeUserProjection(context: ProjectionContext, userId: string): Promise<void> {
  const paths = userProjectionPaths(context.content.layout, userId);
  await withFileLock(paths.lockFile, () =>
    removeReadOnlyTree(paths.userDirectory, paths.projectionsDirectory),
  );
}
