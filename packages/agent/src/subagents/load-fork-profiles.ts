import path from 'node:path';
import { type Diagnostic, type ForkProfile, parseForkProfile } from '@skilldock/core/format';
import { readMarkdownFolder } from './read-markdown-folder.js';
import { FORK_PROFILE_FOLDER_NAMES } from './subagent-folders.js';

/** A fork profile with where it was read. */
export interface LoadedForkProfile extends ForkProfile {
  readonly level: 'project' | 'user';
  readonly file: string;
}

/** The fork profiles of a session: read once at its start (SPEC S7, A4). */
export interface ForkProfiles {
  /** By name (equal to the file name), the first found winning. */
  readonly profiles: ReadonlyMap<string, LoadedForkProfile>;
  /** Invalid files (with line and column), shadowed names, and why none were read. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Options of {@link loadForkProfiles}. */
export interface LoadForkProfilesOptions {
  readonly projectRoot: string;
  readonly homeDirectory: string;
  /** Project profiles load only in a trusted workspace. */
  readonly trusted: boolean;
  /** In safe mode nothing is read (SPEC A11). */
  readonly safeMode?: boolean;
}

/**
 * Reads the fork profiles a session may name with `fork_profile` (SPEC S7): `.qwen/fork-profiles`
 * then `.agents/fork-profiles` of the project (trusted workspaces only), then the same under the
 * home folder. Read once: a profile changed mid-session applies to the next session. Never in safe
 * mode. Each file goes through core's `parseForkProfile`; every invalid one is a diagnostic.
 * @example const { profiles } = await loadForkProfiles({ projectRoot, homeDirectory, trusted: true });
 */
export async function loadForkProfiles({
  projectRoot,
  homeDirectory,
  trusted,
  safeMode = false,
}: LoadForkProfilesOptions): Promise<ForkProfiles> {
  const profiles = new Map<string, LoadedForkProfile>();
  if (safeMode) return { profiles, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const levels: Array<{ level: 'project' | 'user'; root: string }> = [
    ...(trusted && path.resolve(projectRoot) !== path.resolve(homeDirectory)
      ? [{ level: 'project' as const, root: projectRoot }]
      : []),
    { level: 'user', root: homeDirectory },
  ];
  for (const { level, root } of levels) {
    for (const folder of FORK_PROFILE_FOLDER_NAMES) {
      const read = await readMarkdownFolder(path.join(root, folder), { kind: 'fork profile' });
      diagnostics.push(...read.diagnostics);
      for (const { file, bytes } of read.files) {
        const parsed = parseForkProfile(bytes, { file });
        diagnostics.push(...parsed.diagnostics);
        if (!parsed.ok) continue;
        const winner = profiles.get(parsed.profile.name);
        if (winner !== undefined) {
          diagnostics.push({
            code: 'fork_profile_shadowed',
            severity: 'info',
            message: `fork profile '${parsed.profile.name}' is shadowed by ${winner.file}`,
            file,
            path: ['name'],
          });
          continue;
        }
        profiles.set(parsed.profile.name, Object.freeze({ ...parsed.profile, level, file }));
      }
    }
  }
  return { profiles, diagnostics };
}
