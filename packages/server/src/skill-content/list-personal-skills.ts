import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { SkilldockError } from '@skilldock/core/errors';
import { computeDirectoryRevision } from '@skilldock/core/package';
import type { Viewer } from '../auth/principal.js';
import { contentLayout, personalSkillsDirectory, readSkillIndexEntry } from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import { listReadableSkills, type ReadableSkill } from '../policy/list-readable-skills.js';

/** A shared or builtin skill a personal skill takes the place of (same id: personal wins, SPEC D1/Y8). */
export interface OverriddenSkill {
  readonly id: string;
  readonly kind: 'builtin' | 'shared';
  readonly name: string;
}

/** One personal skill as `GET /api/me/skills` lists it, in the shape of `/api/skills` plus what it overrides. */
export interface PersonalSkillSummary {
  /** The folder name under `agents/skills/`. */
  readonly id: string;
  readonly kind: 'personal';
  readonly name: string;
  readonly description: string;
  readonly version: string;
  readonly enabled: true;
  readonly manageable: true;
  /** Directory revision (SPEC P1); null when the folder cannot be read. */
  readonly revision: string | null;
  /** The readable, enabled shared or builtin skills with the same id, which this one shadows. */
  readonly overrides: readonly OverriddenSkill[];
  /** Why the folder is not a usable skill (an invalid SKILL.md, a link), or null. */
  readonly problem: { readonly code: string; readonly message: string } | null;
}

async function summarize(
  directory: string,
  id: string,
  readable: ReadonlyMap<string, OverriddenSkill>,
): Promise<PersonalSkillSummary> {
  try {
    const index = await readSkillIndexEntry(directory);
    const revision = await computeDirectoryRevision(directory);
    const overridden = readable.get(index.id);
    return {
      id,
      kind: 'personal',
      name: index.name,
      description: index.description,
      version: index.version,
      enabled: true,
      manageable: true,
      revision,
      overrides: overridden === undefined ? [] : [overridden],
      problem: null,
    };
  } catch (error) {
    if (!SkilldockError.isInstance(error)) throw error;
    return unusable(id, error.code, error.message);
  }
}

function unusable(id: string, code: string, message: string): PersonalSkillSummary {
  return {
    id,
    kind: 'personal',
    name: id,
    description: '',
    version: '',
    enabled: true,
    manageable: true,
    revision: null,
    overrides: [],
    problem: { code, message },
  };
}

/**
 * The caller's personal skills (SPEC Y2: folders in `<data>/workspaces/<user>/agents/skills`, no
 * row), sorted by id, each with the shared and builtin skills it shadows for this caller: those the
 * caller may read and that are enabled, with the same id (a personal skill overrides them, SPEC Y8).
 * Entries that are not folders — a planted link — are listed with a problem, never followed.
 * `readableSkills` is the caller's `listReadableSkills` when it already has it (discovery does):
 * the listing query then runs once per request, not twice.
 */
export async function listPersonalSkills(
  db: SkilldockDatabase,
  dataDir: string,
  viewer: Viewer,
  readableSkills?: readonly ReadableSkill[],
): Promise<{ skills: PersonalSkillSummary[] }> {
  const root = await personalSkillsDirectory(contentLayout(dataDir), viewer.id);
  const readable = new Map(
    (readableSkills ?? (await listReadableSkills(db, viewer)))
      .filter((skill) => skill.enabled)
      .map((skill) => [skill.id, { id: skill.id, kind: skill.kind, name: skill.name }] as const),
  );
  const entries = (await readdir(root, { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const skills: PersonalSkillSummary[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (!entry.isDirectory()) {
      const link = entry.isSymbolicLink();
      skills.push(
        unusable(
          entry.name,
          link ? 'symlink_refused' : 'not_a_directory',
          `${entry.name} is not a skill folder${link ? ' (a link, never followed)' : ''}.`,
        ),
      );
      continue;
    }
    skills.push(await summarize(path.join(root, entry.name), entry.name, readable));
  }
  return { skills };
}
