import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeSkillId } from '@skilldock/core/fs';
import { computeDirectoryRevision, packSkill } from '@skilldock/core/package';
import type { ContentLayout } from './content-layout.js';
import { copyContentTree } from './copy-content-tree.js';
import type { DiscoverableSkill } from './discoverable-skill.js';
import { revisionFolderName } from './package-revision.js';
import { createWorkFolder } from './work-folder.js';

/** A skill's deterministic archive, cached by id and revision. */
export interface WellKnownArchive {
  readonly file: string;
  /** `sha256:` and the hex SHA-256 of the archive's bytes, as a v0.2 index lists it. */
  readonly digest: string;
  readonly revision: string;
}

/**
 * The P2 bundle of a skill as a ZIP whose top folder is the skill id, built once per id and
 * revision into `<data>/archives/<id>.<hex>.zip` (deterministic: the same content always gives the
 * same bytes and digest). The content is copied without following links before it is packed. A
 * folder without a known revision (a personal or builtin skill's) is copied first and its revision
 * taken from the copy: the cache is shared by every caller, so an owner changing their folder
 * between hashing and copying must not file other content under a revision someone else's skill has.
 */
export async function wellKnownArchive(
  layout: ContentLayout,
  skill: DiscoverableSkill,
): Promise<WellKnownArchive> {
  const id = assertSafeSkillId(skill.id);
  if (skill.revision !== undefined) {
    const cached = await cachedArchive(layout, id, skill.revision);
    if (cached !== undefined) return cached;
  }
  await mkdir(layout.archivesDirectory, { recursive: true });
  const work = await createWorkFolder(layout);
  try {
    const folder = path.join(work.directory, id);
    await copyContentTree(skill.directory, folder);
    const revision = skill.revision ?? (await computeDirectoryRevision(folder));
    const cached = await cachedArchive(layout, id, revision);
    if (cached !== undefined) return cached;
    const file = archiveFile(layout, id, revision);
    await packSkill(folder, { format: 'zip', out: file });
    return { file, digest: digestOf(await readFile(file)), revision };
  } finally {
    await work.dispose();
  }
}

function archiveFile(layout: ContentLayout, id: string, revision: string): string {
  return path.join(layout.archivesDirectory, `${id}.${revisionFolderName(revision)}.zip`);
}

async function cachedArchive(
  layout: ContentLayout,
  id: string,
  revision: string,
): Promise<WellKnownArchive | undefined> {
  const file = archiveFile(layout, id, revision);
  const cached = await readFile(file).catch(() => undefined);
  return cached === undefined ? undefined : { file, digest: digestOf(cached), revision };
}

function digestOf(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}
