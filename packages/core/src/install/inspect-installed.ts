import { assertSafeSkillId, isSafeSkillId } from '../fs/safe-path-segment.js';
import { cancelDraft } from './cancel-draft.js';
import { confineLockSource } from './confine-lock-source.js';
import type { InstallDraft, ResolvedSource } from './install-draft.js';
import type { InstallTargetOptions } from './install-target-options.js';
import { lockEntrySourceInput } from './lock-entry-source-input.js';
import { lockFileFor } from './locks/build-lock-update.js';
import { readLockFile } from './locks/read-lock-file.js';
import { type PrepareInstallOptions, prepareInstall } from './prepare-install.js';
import { type ResolveSourceOptions, resolveSource } from './sources/resolve-source.js';
import type { SourceToken } from './sources/source-token.js';

/** How an installed skill compares with its source now. */
export type InstalledSkillStatus =
  | { readonly id: string; readonly status: 'upToDate'; readonly source: string; readonly installed: string }
  | {
      readonly id: string;
      readonly status: 'changed';
      readonly source: string;
      /** The recorded hash (project: `computedHash`; global: `revision`). */
      readonly installed: string;
      /** The hash of what the source holds now. */
      readonly available: string;
    }
  | {
      readonly id: string;
      readonly status: 'sourceMissing';
      readonly source: string;
      readonly installed: string;
      /** Why the source or the skill in it could not be read. */
      readonly code: string;
      readonly message: string;
    };

/** Options of `checkInstalled` and `updateInstalled`. */
export interface InspectInstalledOptions
  extends InstallTargetOptions,
    Pick<ResolveSourceOptions, 'allowedHosts' | 'allowHosts' | 'allowInsecureLocalhost'>,
    Pick<PrepareInstallOptions, 'gitConfig' | 'signal' | 'stagingParent'> {
  /** Only these ids (default: every lock entry). */
  readonly ids?: readonly string[];
  /** Relative local sources resolve against it; default the project root. */
  readonly cwd?: string;
  /**
   * The token for a well-known source, given its resolved form and the lock entry (whose `tokenEnv`
   * says which variable it was installed with). A lock entry is data from disk — possibly a cloned
   * project's — so the caller decides which variables may be read; core sends the token to the
   * source's origin only. It may throw (a typed error marks that source `sourceMissing`).
   */
  readonly tokenFor?: (
    source: ResolvedSource,
    entry: Readonly<Record<string, unknown>>,
  ) => SourceToken | undefined;
  /** Called when a source starts being fetched. */
  readonly onSource?: (source: string, ids: readonly string[]) => void;
}

/** Statuses plus the drafts that hold the new versions; the caller cancels the drafts. */
export interface Inspection {
  readonly statuses: InstalledSkillStatus[];
  readonly drafts: InstallDraft[];
  /** The draft holding each changed skill. */
  readonly draftFor: ReadonlyMap<string, InstallDraft>;
  readonly entries: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/**
 * Re-prepares the source of each lock entry (entries from one source share one fetch) and compares
 * what it holds now with what was installed. Writes nothing but the drafts' temp folders. A local
 * source of a project lock outside the project is `sourceMissing` `path_outside_folder`, never
 * read ({@link confineLockSource}).
 */
export async function inspectInstalled(options: InspectInstalledOptions): Promise<Inspection> {
  for (const id of options.ids ?? []) assertSafeSkillId(id);
  const lock = await readLockFile(lockFileFor(options));
  const ids = options.ids ?? Object.keys(lock.skills).sort();
  const groups = new Map<string, string[]>();
  const statuses: InstalledSkillStatus[] = [];
  for (const id of ids) {
    const entry = lock.skills[id];
    if (!isSafeSkillId(id)) {
      // A lock key from disk that cannot name a folder is never updated (SPEC SEC1).
      statuses.push({
        id,
        status: 'sourceMissing',
        source: typeof entry?.source === 'string' ? entry.source : '',
        installed: '',
        code: 'invalid_skill_id',
        message: `${JSON.stringify(id)} in ${lock.file} is not a skill id; it is never updated`,
      });
      continue;
    }
    if (entry === undefined) {
      statuses.push({
        id,
        status: 'sourceMissing',
        source: '',
        installed: '',
        code: 'skill_not_installed',
        message: `${id} is not in ${lock.file}`,
      });
      continue;
    }
    const input = lockEntrySourceInput(entry);
    groups.set(input, [...(groups.get(input) ?? []), id]);
  }
  const recorded = (id: string) => {
    const entry = lock.skills[id] ?? {};
    const value = options.scope === 'project' ? entry.computedHash : (entry.revision ?? entry.computedHash);
    return typeof value === 'string' ? value : '';
  };
  const drafts: InstallDraft[] = [];
  const draftFor = new Map<string, InstallDraft>();
  try {
    for (const [input, groupIds] of groups) {
      options.onSource?.(input, groupIds);
      let draft: InstallDraft;
      try {
        const source = await confineLockSource(
          resolveSource(input, {
            cwd: options.cwd ?? options.projectRoot,
            homeDirectory: options.home,
            allowedHosts: options.allowedHosts,
            allowHosts: options.allowHosts,
            allowInsecureLocalhost: options.allowInsecureLocalhost,
          }),
          options,
        );
        const token =
          source.type === 'well-known'
            ? options.tokenFor?.(source, lock.skills[groupIds[0] ?? ''] ?? {})
            : undefined;
        draft = await prepareInstall(source, {
          ...(token === undefined ? {} : { token }),
          cwd: options.cwd ?? options.projectRoot,
          allowedHosts: options.allowedHosts,
          allowHosts: options.allowHosts,
          allowInsecureLocalhost: options.allowInsecureLocalhost,
          gitConfig: options.gitConfig,
          signal: options.signal,
          ...(options.env === undefined ? {} : { env: options.env }),
          ...(options.stagingParent === undefined ? {} : { stagingParent: options.stagingParent }),
        });
      } catch (error) {
        const code =
          typeof (error as { code?: unknown }).code === 'string'
            ? (error as { code: string }).code
            : 'source_unavailable';
        for (const id of groupIds) {
          statuses.push({
            id,
            status: 'sourceMissing',
            source: input,
            installed: recorded(id),
            code,
            message: (error as Error).message,
          });
        }
        continue;
      }
      drafts.push(draft);
      for (const id of groupIds) {
        const skill = draft.skills.find((candidate) => candidate.id === id);
        const installed = recorded(id);
        if (skill === undefined) {
          const failure = draft.failed.find((candidate) => candidate.name === id);
          statuses.push({
            id,
            status: 'sourceMissing',
            source: input,
            installed,
            code: failure?.code ?? 'skill_not_in_source',
            message: failure?.message ?? `${input} no longer holds a skill named ${id}`,
          });
          continue;
        }
        const available = options.scope === 'project' ? skill.computedHash : skill.revision;
        if (available === installed) statuses.push({ id, status: 'upToDate', source: input, installed });
        else {
          statuses.push({ id, status: 'changed', source: input, installed, available });
          draftFor.set(id, draft);
        }
      }
    }
  } catch (error) {
    await Promise.all(drafts.map((draft) => cancelDraft(draft)));
    throw error;
  }
  statuses.sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  return { statuses, drafts, draftFor, entries: lock.skills };
}
