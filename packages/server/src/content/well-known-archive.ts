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
 * same bytes and digest). The content is copied without following links before it is packed.
 */
export async function wellKnownArchive(
  layout: ContentLayout,
  skill: DiscoverableSkill,
): Promise<WellKnownArchive> {
  const id = assertSafeSkillId(skill.id);
  const revision = skill.revision ?? (await computeDirectoryRevision(skill.directory));
  const file = path.join(layout.archivesDirectory, `${id}.${revisionFolderName(revision)}.zip`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached !== undefined) return { file, digest: digestOf(cached), revision };
  await mkdir(layout.archivesDirectory, { recursive: true });
  const work = await createWorkFolder(layout);
  try {
    const folder = path.join(work.directory, id);
    await copyContentTree(skill.directory, folder);
    await packSkill(folder, { format: 'zip', out: file });
  } finally {
    await work.dispose();
  }
  return { file, digest: digestOf(await readFile(file)), revision };
}

function digestOf(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}
