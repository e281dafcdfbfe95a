import { readFile } from 'node:fs/promises';
import { UserInputError } from '@skilldock/core/errors';
import { WELL_KNOWN_SCHEMA_V2, type WellKnownEntryV2, wellKnownEntryV2Schema } from '@skilldock/core/install';
import type { ContentLayout } from './content-layout.js';
import type { DiscoverableSkill, SkippedSkill } from './discoverable-skill.js';
import { schemaIssues, sortedById } from './index-entry-helpers.js';
import { wellKnownArchive } from './well-known-archive.js';

/** The body of `/.well-known/agent-skills/index.json` (discovery v0.2). */
export interface AgentSkillsIndex {
  readonly $schema: typeof WELL_KNOWN_SCHEMA_V2;
  readonly skills: readonly WellKnownEntryV2[];
}

/**
 * Builds `/.well-known/agent-skills/index.json` (SPEC Y13, discovery v0.2) for the skills the
 * caller may read: one `archive` entry per skill, `url` relative to the index (`<id>.zip`, served
 * by {@link readAgentSkillsArchive}) and the `sha256:` digest of the archive's bytes. An entry the
 * v0.2 schema would refuse (an id that is not an Agent Skills name, a description over 1024
 * characters) is left out and reported in `skipped`. Entries are sorted by name.
 * @example const { index } = await buildAgentSkillsIndex(layout, readable); return c.json(index);
 */
export async function buildAgentSkillsIndex(
  layout: ContentLayout,
  skills: readonly DiscoverableSkill[],
): Promise<{ index: AgentSkillsIndex; skipped: SkippedSkill[] }> {
  const entries: WellKnownEntryV2[] = [];
  const skipped: SkippedSkill[] = [];
  for (const skill of sortedById(skills)) {
    const candidate = {
      name: skill.id,
      description: skill.description,
      type: 'archive',
      url: `${skill.id}.zip`,
    };
    const shape = wellKnownEntryV2Schema.safeParse({ ...candidate, digest: `sha256:${'0'.repeat(64)}` });
    if (!shape.success) {
      skipped.push({
        id: skill.id,
        reason: schemaIssues(shape.error.issues),
      });
      continue;
    }
    const archive = await wellKnownArchive(layout, skill);
    entries.push({ ...shape.data, digest: archive.digest });
  }
  return { index: { $schema: WELL_KNOWN_SCHEMA_V2, skills: entries }, skipped };
}

/**
 * The bytes of `/.well-known/agent-skills/<id>.zip` for a skill the caller may read. Anything else —
 * another name, a path, an id not in `skills` — is `UserInputError` `path_not_found` (the route's 404),
 * so the name in the URL never becomes a path.
 */
export async function readAgentSkillsArchive(
  layout: ContentLayout,
  skills: readonly DiscoverableSkill[],
  fileName: string,
): Promise<{ bytes: Buffer; digest: string }> {
  const skill = skills.find((candidate) => `${candidate.id}.zip` === fileName);
  if (skill === undefined || !wellKnownEntryV2Schema.shape.name.safeParse(skill.id).success)
    throw new UserInputError('path_not_found', `No skill archive ${JSON.stringify(fileName)} here.`, {
      details: { path: String(fileName) },
    });
  const archive = await wellKnownArchive(layout, skill);
  return { bytes: await readFile(archive.file), digest: archive.digest };
}
