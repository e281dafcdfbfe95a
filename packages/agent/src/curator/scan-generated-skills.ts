import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { loadSkill, SKILL_FILE_NAME } from '@skilldock/core/format';
import { isSafeSkillId } from '@skilldock/core/fs';

/** Most folders one scan looks at: a skills folder past this is cut, not read without end (SEC4). */
export const MAX_SCANNED_FOLDERS = 10_000;

/** A generated skill found on disk (`source: learned` or `source: auto-skill`). */
export interface GeneratedSkillFolder {
  /** The folder name: the key of its curator record. */
  readonly name: string;
  readonly directory: string;
  readonly source: 'learned' | 'auto-skill';
  /** Modification time of its SKILL.md (its last edit). */
  readonly modifiedAt: Date;
}

/**
 * The generated skills directly inside `directory`: real folders (a link is never followed) with a
 * safe skill-id name whose SKILL.md declares `source: learned` or `source: auto-skill`. The
 * user's own skills beside them are not the curator's and are left out. A missing folder has none.
 * @example const found = await scanGeneratedSkills(paths.skillsDirectory);
 */
export async function scanGeneratedSkills(directory: string): Promise<GeneratedSkillFolder[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
  const found: GeneratedSkillFolder[] = [];
  for (const entry of entries.slice(0, MAX_SCANNED_FOLDERS)) {
    if (!entry.isDirectory() || !isSafeSkillId(entry.name)) continue;
    const folder = path.join(directory, entry.name);
    const loaded = await loadSkill(folder, { profile: 'lenient', listFiles: false });
    const source = loaded.ok ? loaded.skill.fields.source : undefined;
    if (source === undefined) continue;
    const stats = await lstat(path.join(folder, SKILL_FILE_NAME)).catch(() => undefined);
    if (stats === undefined || !stats.isFile()) continue;
    found.push({ name: entry.name, directory: folder, source, modifiedAt: stats.mtime });
  }
  return found.sort((left, right) => (left.name < right.name ? -1 : 1));
}
