import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError, SkilldockError } from '@skilldock/core/errors';
import { loadSkill } from '@skilldock/core/format';
import { isSafeSkillId, proveInside, removeInside } from '@skilldock/core/fs';
import { checkFoldersInside } from '../../curator/check-curator-folders.js';
import { moveFolder, NODE_FILE_SYSTEM } from '../../curator/move-folders.js';
import { AUTO_SKILL_PREFIX, type AutoSkillPaths } from './auto-skill-paths.js';
import { ensureAutoSkillGitignore } from './ensure-auto-skill-gitignore.js';

/** A proposal waiting in `.skilldock/pending-skills/`. */
export interface PendingAutoSkill {
  readonly name: string;
  readonly directory: string;
  readonly description: string;
  /** `extracted_at` of its SKILL.md. */
  readonly extractedAt?: string;
}

/**
 * The proposals of auto-skill reviews that wait for the user (SPEC L2): folders in the pending
 * area named `auto-skill-…` whose SKILL.md loads and says `source: auto-skill`. Links and anything
 * else there are left out.
 */
export async function listPendingAutoSkills(paths: AutoSkillPaths): Promise<PendingAutoSkill[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(paths.pendingDirectory, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const pending: PendingAutoSkill[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !isAutoSkillName(entry.name)) continue;
    const directory = path.join(paths.pendingDirectory, entry.name);
    const loaded = await loadSkill(directory, { profile: 'lenient', listFiles: false });
    if (!loaded.ok || loaded.skill.fields.source !== 'auto-skill') continue;
    pending.push({
      name: entry.name,
      directory,
      description: loaded.skill.description,
      ...(loaded.skill.fields.extractedAt === undefined
        ? {}
        : { extractedAt: loaded.skill.fields.extractedAt }),
    });
  }
  return pending.sort((left, right) => (left.name < right.name ? -1 : 1));
}

/**
 * Accepts a proposal: its folder moves into the skills folder (a skill of that name there is a
 * `ConflictError` `skill_exists`; a proposal holding a link is refused), and the skills folder's
 * `.gitignore` gets the `auto-skill-*` rule. Returns the new folder.
 */
export async function acceptPendingAutoSkill(paths: AutoSkillPaths, name: string): Promise<string> {
  const source = await pendingFolder(paths, name);
  await refuseLinksInside(source);
  const loaded = await loadSkill(source, { profile: 'lenient', listFiles: false });
  if (!loaded.ok || loaded.skill.fields.source !== 'auto-skill') {
    throw new SkilldockError(
      'pending_skill_not_found',
      `${source} holds no valid auto skill (a SKILL.md with source: auto-skill); it was not accepted. Reject it instead.`,
      { details: { name, path: source } },
    );
  }
  await checkFoldersInside(paths.projectRoot, [paths.skillsDirectory, paths.pendingDirectory]);
  await moveFolder({ name, from: paths.pendingDirectory, to: paths.skillsDirectory }, NODE_FILE_SYSTEM);
  await ensureAutoSkillGitignore(paths.skillsDirectory, paths.projectRoot);
  return path.join(paths.skillsDirectory, name);
}

/** Rejects a proposal: its folder is removed from the pending area (only there, SPEC SEC1). */
export async function rejectPendingAutoSkill(paths: AutoSkillPaths, name: string): Promise<void> {
  const folder = await pendingFolder(paths, name);
  await removeInside(folder, paths.pendingDirectory);
}

async function pendingFolder(paths: AutoSkillPaths, name: string): Promise<string> {
  if (!isAutoSkillName(name)) {
    throw new SecurityError(
      'path_outside_folder',
      `${JSON.stringify(name)} is not a pending auto skill: proposals are named ${AUTO_SKILL_PREFIX}<name>; \`skills pending\` lists them. Nothing was changed.`,
      { details: { path: name, folder: paths.pendingDirectory } },
    );
  }
  const folder = await proveInside(path.join(paths.pendingDirectory, name), paths.pendingDirectory);
  const stats = await lstat(folder).catch(() => undefined);
  if (stats === undefined) {
    throw new SkilldockError(
      'pending_skill_not_found',
      `No pending auto skill ${name}; \`skills pending\` lists them.`,
      {
        details: { name, path: paths.pendingDirectory },
      },
    );
  }
  if (!stats.isDirectory()) {
    throw new SecurityError('symlink_refused', `${folder} is not a plain folder; nothing was changed.`, {
      details: { path: folder },
    });
  }
  return folder;
}

/** A proposal is the review's own writing: a link inside it could point anywhere, so none is accepted. */
async function refuseLinksInside(folder: string): Promise<void> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const link = entries.find((entry) => entry.isSymbolicLink());
  if (link !== undefined) {
    throw new SecurityError(
      'symlink_refused',
      `${path.join(link.parentPath, link.name)} is a link inside the proposal; it was not accepted.`,
      { details: { path: folder } },
    );
  }
}

function isAutoSkillName(name: string): boolean {
  return name.startsWith(AUTO_SKILL_PREFIX) && name.length > AUTO_SKILL_PREFIX.length && isSafeSkillId(name);
}
