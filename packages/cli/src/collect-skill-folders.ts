import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '@skilldock/core/format';
import { loadCore } from './load-core.js';

/** Skill folders named by one command-line PATH. */
export interface CollectedSkillFolders {
  readonly argument: string;
  readonly folders: readonly string[];
  /** True when PATH was a folder holding many skills (a summary is printed). */
  readonly many: boolean;
  /** What the search noticed: links refused, limits reached, special files. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Turns a PATH into skill folders: a skill folder, its SKILL.md, or a folder holding many skills
 * (searched like a skill root). A PATH that does not exist is a usage error (exit 2).
 */
export async function collectSkillFolders(argument: string, cwd: string): Promise<CollectedSkillFolders> {
  const { SKILL_FILE_NAME, UserInputError, walkSkillFolders } = await loadCore(
    'discover',
    'errors',
    'format',
  );
  const absolute = path.resolve(cwd, argument);
  const stats = await stat(absolute).catch(() => undefined);
  if (!stats)
    throw new UserInputError('path_not_found', `Path does not exist: ${argument}`, {
      details: { path: absolute },
    });
  if (stats.isFile()) {
    if (path.basename(absolute).toLowerCase() !== SKILL_FILE_NAME.toLowerCase()) {
      throw new UserInputError(
        'not_a_skill_path',
        `${argument} is a file but not a ${SKILL_FILE_NAME}; pass a skill folder, its ${SKILL_FILE_NAME}, or a folder of skills`,
        {
          details: { path: absolute },
        },
      );
    }
    return { argument, folders: [path.dirname(absolute)], many: false, diagnostics: [] };
  }
  const own = await stat(path.join(absolute, SKILL_FILE_NAME)).catch(() => undefined);
  if (own) return { argument, folders: [absolute], many: false, diagnostics: [] };
  const walk = await walkSkillFolders(absolute);
  return { argument, folders: walk.skillDirectories, many: true, diagnostics: walk.diagnostics };
}
