import { UserInputError } from '@skilldock/core/errors';
import { type WellKnownEntryV1, wellKnownEntryV1Schema } from '@skilldock/core/install';
import type { DiscoverableSkill, SkippedSkill } from './discoverable-skill.js';
import { schemaIssues, sortedById } from './index-entry-helpers.js';
import { listContentTree } from './list-content-tree.js';
import { type ContentFile, readContentFile } from './read-content-file.js';

/** Largest file served through the v0.1 endpoint: the P3 budget of one skill. */
const MAX_SERVED_FILE_BYTES = 50 * 1024 * 1024;

/** The body of `/.well-known/skills/index.json` (discovery v0.1). */
export interface SkillsIndex {
  readonly skills: readonly WellKnownEntryV1[];
}

/**
 * Builds `/.well-known/skills/index.json` (SPEC Y13, discovery v0.1): each readable skill with the
 * list of its files (served by {@link readSkillsIndexFile} at `/.well-known/skills/<id>/<file>`).
 * Entries the v0.1 schema would refuse are left out and reported in `skipped`; a skill folder
 * holding a link is refused while listing (SPEC Y15), never listed.
 */
export async function buildSkillsIndex(
  skills: readonly DiscoverableSkill[],
): Promise<{ index: SkillsIndex; skipped: SkippedSkill[] }> {
  const entries: WellKnownEntryV1[] = [];
  const skipped: SkippedSkill[] = [];
  for (const skill of sortedById(skills)) {
    const tree = await listContentTree(skill.directory);
    const files = tree.entries.flatMap((entry) => (entry.type === 'file' ? [entry.path] : []));
    const parsed = wellKnownEntryV1Schema.safeParse({
      name: skill.id,
      description: skill.description,
      files,
    });
    if (parsed.success) entries.push(parsed.data);
    else
      skipped.push({
        id: skill.id,
        reason: schemaIssues(parsed.error.issues),
      });
  }
  return { index: { skills: entries }, skipped };
}

/**
 * One file of `/.well-known/skills/<id>/<file>` for a skill the caller may read: the id must be one
 * of `skills` (else `path_not_found`, the route's 404) and the file path goes through
 * `readContentFile` (no traversal, no encoded separators, no link followed).
 */
export function readSkillsIndexFile(
  skills: readonly DiscoverableSkill[],
  id: string,
  filePath: string,
): Promise<ContentFile> {
  const skill = skills.find((candidate) => candidate.id === id);
  if (skill === undefined)
    return Promise.reject(
      new UserInputError('path_not_found', `No skill ${JSON.stringify(id)} here.`, {
        details: { path: String(id) },
      }),
    );
  return readContentFile(skill.directory, filePath, { maxBytes: MAX_SERVED_FILE_BYTES });
}
