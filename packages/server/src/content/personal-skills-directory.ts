import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeSkillId, proveInside } from '@skilldock/core/fs';
import { type ContentLayout, personalSkillsPath } from './content-layout.js';
import { resolveContentPath } from './resolve-content-path.js';

/**
 * The folder of a user's personal skills, `<data>/workspaces/<user>/agents/skills` (SPEC Y2),
 * created when missing. The user id passes the one safe-segment check, the path is walked from the
 * workspaces folder down refusing any link (a workspace that is a link to another user's is
 * `symlink_refused`), and the result is proven inside the workspaces folder on real paths (SEC1):
 * one user's path can never reach another's.
 * @example const skills = await personalSkillsDirectory(layout, user.id);
 */
export async function personalSkillsDirectory(layout: ContentLayout, userId: string): Promise<string> {
  const relative = personalSkillsPath(userId);
  await mkdir(layout.workspacesDirectory, { recursive: true });
  const resolved = await resolveContentPath(layout.workspacesDirectory, relative);
  if (resolved.stats === undefined) await mkdir(resolved.absolutePath, { recursive: true });
  // Walk again after creating: a link planted meanwhile is refused, not followed.
  const checked = await resolveContentPath(layout.workspacesDirectory, relative);
  await proveInside(checked.absolutePath, path.join(layout.workspacesDirectory, userId));
  return checked.absolutePath;
}

/**
 * The folder of one personal skill (it may not exist, and it is not looked at: a skill folder that is
 * a link is refused by whatever reads it, and removed as a link by `removePersonalSkill`). The
 * skill id passes `assertSafeSkillId` before anything is touched; the path to the user's skills
 * folder is walked without following links.
 */
export async function personalSkillDirectory(
  layout: ContentLayout,
  userId: string,
  skillId: string,
): Promise<string> {
  const id = assertSafeSkillId(skillId);
  return path.join(await personalSkillsDirectory(layout, userId), id);
}
