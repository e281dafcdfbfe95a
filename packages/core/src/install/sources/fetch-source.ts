import { copyFile, lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { UserInputError } from '../../errors.js';
import { MAX_SKILL_FILE_BYTES, SKILL_FILE_NAME } from '../../format/limits.js';
import { removeInside } from '../../fs/remove-inside.js';
import type { DraftFailure, ResolvedSource } from '../install-draft.js';
import type { InstallProgressEvent } from '../install-progress-event.js';
import { type RemotePolicy, remoteAddressAllowance } from './assert-remote-url-allowed.js';
import { findSkillFolders } from './find-skill-folders.js';
import type { SkillCandidate } from './skill-candidate.js';
import type { SourceToken } from './source-token.js';

/** How to fetch a source. */
export interface FetchSourceOptions {
  /** Empty private folder to fetch into. */
  readonly directory: string;
  readonly policy: RemotePolicy;
  /** Skill names asked for; lets a well-known source download only those. */
  readonly names?: readonly string[];
  readonly gitConfig?: Readonly<Record<string, string>>;
  /** Environment of git; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly maxDownloadBytes?: number;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Bearer token of a well-known source's origin (the other source types take none). */
  readonly token?: SourceToken;
  readonly onProgress?: (event: InstallProgressEvent) => void;
}

/** The skill folders of a fetched source. */
export interface FetchedSource {
  readonly candidates: readonly SkillCandidate[];
  /** Entries that failed before any SKILL.md could be read (well-known downloads). */
  readonly failed: readonly DraftFailure[];
  readonly warnings: readonly string[];
  /** The commit a git source was at. */
  readonly commit?: string;
  /** POSIX paths, from the source root, of symlinks git checked out as plain files. */
  readonly symlinks: readonly string[];
  /** True when the candidates are the user's own files (a local folder), shown by their real path. */
  readonly inPlace: boolean;
}

/**
 * Fetches a resolved source into `directory` (a local folder is read in place) and finds the skill
 * folders in it (SPEC P4). Nothing outside `directory` is written.
 *
 * The archive, git and well-known fetchers are imported when a source needs them: with their
 * libraries (tar, yauzl, zlib, child processes) they were a good part of what loading the install
 * code cost, and a local folder needs none of them.
 */
export async function fetchSource(
  source: ResolvedSource,
  options: FetchSourceOptions,
): Promise<FetchedSource> {
  const progress = options.onProgress ?? (() => {});
  const empty = { failed: [], warnings: [], symlinks: [] };
  switch (source.type) {
    case 'local': {
      const found = await findSkillFolders(requirePath(source), subpathOf(source));
      return { ...empty, ...found, inPlace: true };
    }
    case 'archive': {
      progress({
        type: 'phase-start',
        phase: 'extract',
        message: `Unpacking ${path.basename(requirePath(source))}`,
      });
      const { extractArchive } = await import('../../package/extract-archive.js');
      const extracted = await extractArchive(requirePath(source), { tempParent: options.directory });
      progress({ type: 'phase-end', phase: 'extract', count: extracted.files.length });
      // An archive holds one skill (SPEC P3): extractArchive has already found it.
      const sourcePath = path
        .relative(extracted.directory, extracted.skillDirectory)
        .split(path.sep)
        .join('/');
      return { ...empty, candidates: [{ directory: extracted.skillDirectory, sourcePath }], inPlace: false };
    }
    case 'file': {
      const file = requirePath(source);
      const stats = await lstat(file);
      if (!stats.isFile())
        throw new UserInputError('unsupported_source_file', `${file} is not a regular file.`, {
          details: { path: file },
        });
      if (stats.size > MAX_SKILL_FILE_BYTES)
        throw new UserInputError(
          'skill_file_too_large',
          `${file} is larger than ${MAX_SKILL_FILE_BYTES} bytes.`,
          {
            details: { path: file, limit: MAX_SKILL_FILE_BYTES, actual: stats.size },
          },
        );
      const directory = path.join(options.directory, 'skill');
      await mkdir(directory, { recursive: true });
      await copyFile(file, path.join(directory, SKILL_FILE_NAME));
      return { ...empty, candidates: [{ directory, sourcePath: '', lone: true }], inPlace: false };
    }
    case 'git':
    case 'github': {
      const url = requireUrl(source);
      progress({ type: 'phase-start', phase: 'fetch', message: `Cloning ${source.lockSource}` });
      const directory = path.join(options.directory, 'repository');
      const { fetchGitRepository } = await import('./fetch-git-repository.js');
      const repository = await fetchGitRepository({
        url,
        directory,
        ...(source.ref === undefined ? {} : { ref: source.ref }),
        ...(options.gitConfig ? { gitConfig: options.gitConfig } : {}),
        ...(options.env ? { env: options.env } : {}),
        allowHttp: url.startsWith('http:'),
        addressAllowance: remoteAddressAllowance(new URL(url), options.policy),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      progress({ type: 'phase-end', phase: 'fetch', count: 1 });
      // History is not part of a skill; dropping it keeps "skipped .git/" out of every warning list.
      await removeInside(path.join(directory, '.git'), directory);
      const found = await findSkillFolders(directory, subpathOf(source));
      return { ...empty, ...found, commit: repository.commit, symlinks: repository.symlinks, inPlace: false };
    }
    case 'modelscope': {
      progress({ type: 'phase-start', phase: 'fetch', message: `Reading ${source.lockSource}` });
      const { fetchModelScopeSource } = await import('./fetch-modelscope-source.js');
      const fetched = await fetchModelScopeSource({
        url: requireUrl(source),
        directory: path.join(options.directory, 'modelscope'),
        policy: options.policy,
        ...(source.ref === undefined ? {} : { revision: source.ref }),
        ...(options.names ? { names: options.names } : {}),
        ...(options.maxDownloadBytes ? { maxDownloadBytes: options.maxDownloadBytes } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        onSkillFetched: (completed, total) =>
          progress({ type: 'phase-progress', phase: 'fetch', completed, total }),
      });
      progress({ type: 'phase-end', phase: 'fetch', count: fetched.candidates.length });
      return { ...empty, candidates: fetched.candidates, failed: fetched.failed, inPlace: false };
    }
    case 'well-known': {
      progress({
        type: 'phase-start',
        phase: 'fetch',
        message: `Reading the skills index of ${source.lockSource}`,
      });
      const { fetchWellKnownSource } = await import('./fetch-well-known-source.js');
      const fetched = await fetchWellKnownSource({
        url: requireUrl(source),
        directory: path.join(options.directory, 'well-known'),
        policy: options.policy,
        ...(options.names ? { names: options.names } : {}),
        ...(options.token ? { token: options.token } : {}),
        ...(options.maxDownloadBytes ? { maxDownloadBytes: options.maxDownloadBytes } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        onSkillFetched: (completed, total) =>
          progress({ type: 'phase-progress', phase: 'fetch', completed, total }),
      });
      progress({ type: 'phase-end', phase: 'fetch', count: fetched.candidates.length });
      return { ...empty, candidates: fetched.candidates, failed: fetched.failed, inPlace: false };
    }
  }
}

function subpathOf(source: ResolvedSource): { subpath?: string } {
  return source.subpath === undefined ? {} : { subpath: source.subpath };
}

function requirePath(source: ResolvedSource): string {
  if (source.path === undefined)
    throw new UserInputError('invalid_source', `A ${source.type} source needs a path.`, {
      details: { source: source.input },
    });
  return source.path;
}

function requireUrl(source: ResolvedSource): string {
  if (source.url === undefined)
    throw new UserInputError('invalid_source', `A ${source.type} source needs a URL.`, {
      details: { source: source.input },
    });
  return source.url;
}
