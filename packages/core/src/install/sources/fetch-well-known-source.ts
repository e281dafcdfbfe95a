import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorCode } from '../../error-codes.js';
import { SecurityError, SkilldockError, UserInputError } from '../../errors.js';
import { unsafeRelativePathReason } from '../../format/unsafe-relative-path-reason.js';
import { assertSafeSkillId } from '../../fs/safe-path-segment.js';
import { extractArchive } from '../../package/extract-archive.js';
import type { DraftFailure } from '../install-draft.js';
import type { RemotePolicy } from './assert-remote-url-allowed.js';
import { downloadBytes } from './download-bytes.js';
import type { SkillCandidate } from './skill-candidate.js';
import type { SourceToken } from './source-token.js';
import {
  WELL_KNOWN_PATHS,
  type WellKnownEntryV1,
  type WellKnownEntryV2,
  wellKnownEntryV1Schema,
  wellKnownEntryV2Schema,
  wellKnownIndexV1Schema,
  wellKnownIndexV2Schema,
} from './well-known-index-schema.js';

/** How to fetch a well-known source. */
export interface FetchWellKnownSourceOptions {
  /** The site (and optional base path) from `resolveSource`, e.g. `https://example.com/docs`. */
  readonly url: string;
  /** Empty folder the skills are written into, one sub-folder per skill. */
  readonly directory: string;
  readonly policy: RemotePolicy;
  /** Skill names to fetch (the others are not downloaded); default all. */
  readonly names?: readonly string[];
  /** Largest index, artifact or file; default 10 MiB. */
  readonly maxDownloadBytes?: number;
  /** Largest sum of v0.1 files of one skill; default 50 MiB. */
  readonly maxSkillBytes?: number;
  /** Per download; default 60 s. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /**
   * Bearer token for the index, archives and files on its origin (a Skilldock server's token);
   * never sent to another origin, even after a redirect. Default: anonymous.
   */
  readonly token?: SourceToken;
  /** Called after each skill is fetched. */
  readonly onSkillFetched?: (completed: number, total: number) => void;
}

/** Skills fetched from a well-known index, and the entries that could not be. */
export interface FetchedWellKnownSource {
  readonly indexUrl: string;
  readonly candidates: readonly SkillCandidate[];
  readonly failed: readonly DraftFailure[];
}

const MEBIBYTE = 1024 * 1024;
const MAX_FILES_PER_SKILL = 2000;

/**
 * Reads a well-known skills index (SPEC P4) — `/.well-known/agent-skills/index.json` (v0.2) first,
 * then `/.well-known/skills/index.json` (v0.1), at the base path and then at the site root, as the
 * `skills` CLI does — and fetches its skills. A v0.2 artifact's bytes must match its `sha256:` digest
 * before anything is written or unpacked; v0.1 file paths are checked like archive entries.
 * Problems with one skill are listed in `failed`; problems with the index itself throw.
 * With a `token`, every request to the index's origin carries it (see `authorizationHeaders`).
 * @throws UserInputError `well_known_index_not_found`, `skill_not_found`, `token_required` (401/403
 *   without a token), `token_rejected` (401/403 with one); SecurityError from the allowlist.
 */
export async function fetchWellKnownSource(
  options: FetchWellKnownSourceOptions,
): Promise<FetchedWellKnownSource> {
  const maxBytes = options.maxDownloadBytes ?? 10 * MEBIBYTE;
  const tried: string[] = [];
  for (const indexUrl of indexUrls(options.url)) {
    tried.push(indexUrl);
    let raw: unknown;
    try {
      const { bytes } = await downloadBytes(indexUrl, { ...downloadOptions(options), maxBytes });
      raw = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      if (error instanceof SyntaxError) continue;
      if (SkilldockError.isInstance(error) && error.code === 'download_failed') {
        const status = (error.details as { status?: unknown } | undefined)?.status;
        // A server that wants a token says so; trying the other index paths would only hide it.
        if (status === 401 || status === 403) throw tokenRequired(indexUrl, status);
        continue;
      }
      throw error;
    }
    const v2 = wellKnownIndexV2Schema.safeParse(raw);
    const v1 = v2.success ? undefined : wellKnownIndexV1Schema.safeParse(raw);
    const entries = v2.success ? v2.data.skills : v1?.success ? v1.data.skills : undefined;
    if (!entries || entries.length === 0) continue;
    const version = v2.success ? 2 : 1;
    return { indexUrl, ...(await fetchEntries(entries, version, indexUrl, options, maxBytes)) };
  }
  throw new UserInputError(
    'well_known_index_not_found',
    `No skills index found for ${options.url}; tried ${tried.join(', ')}.`,
    { details: { url: options.url, tried } },
  );
}

function indexUrls(base: string): string[] {
  const parsed = new URL(base);
  const origin = `${parsed.protocol}//${parsed.host}`;
  const basePath = parsed.pathname.replace(/\/+$/, '');
  return WELL_KNOWN_PATHS.flatMap((wellKnownPath) => [
    `${origin}${basePath}/${wellKnownPath}/index.json`,
    ...(basePath === '' ? [] : [`${origin}/${wellKnownPath}/index.json`]),
  ]);
}

async function fetchEntries(
  entries: readonly unknown[],
  version: 1 | 2,
  indexUrl: string,
  options: FetchWellKnownSourceOptions,
  maxBytes: number,
): Promise<Omit<FetchedWellKnownSource, 'indexUrl'>> {
  const failed: DraftFailure[] = [];
  const valid: (WellKnownEntryV1 | WellKnownEntryV2)[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const parsed = (version === 2 ? wellKnownEntryV2Schema : wellKnownEntryV1Schema).safeParse(entry);
    const name = (entry as { name?: unknown } | null)?.name;
    const where = typeof name === 'string' ? name : `skills[${index}]`;
    if (!parsed.success) {
      const reason = parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'entry'}: ${issue.message}`,
      );
      failed.push(
        failure(where, 'invalid_index_entry', `Index entry ${where} is invalid: ${reason.join('; ')}`),
      );
    } else if (seen.has(parsed.data.name)) {
      failed.push(failure(where, 'duplicate_skill', `The index lists ${where} more than once.`));
    } else {
      seen.add(parsed.data.name);
      valid.push(parsed.data);
    }
  });
  const wanted = options.names?.map((name) => name.toLowerCase());
  const missing = wanted?.filter((name) => !seen.has(name)) ?? [];
  if (missing.length > 0)
    throw new UserInputError(
      'skill_not_found',
      `No skill named ${missing.join(', ')} in ${indexUrl}; it lists: ${[...seen].join(', ') || 'nothing valid'}.`,
      { details: { missing, available: [...seen] } },
    );
  const selected = wanted ? valid.filter((entry) => wanted.includes(entry.name)) : valid;
  const candidates: SkillCandidate[] = [];
  let completed = 0;
  for (const entry of selected) {
    // The schema already holds names to the id rule; the join still goes through the one check.
    const directory = path.join(options.directory, assertSafeSkillId(entry.name));
    try {
      const skillDirectory =
        'digest' in entry
          ? await fetchArtifact(entry, indexUrl, directory, options, maxBytes)
          : await fetchFiles(entry, indexUrl, directory, options, maxBytes);
      candidates.push({ directory: skillDirectory, sourcePath: entry.name, installName: entry.name });
    } catch (error) {
      if (!SkilldockError.isInstance(error)) throw error;
      failed.push({ ...failure(entry.name, error.code, error.message), name: entry.name });
    }
    options.onSkillFetched?.(++completed, selected.length);
  }
  return { candidates, failed };
}

async function fetchArtifact(
  entry: WellKnownEntryV2,
  indexUrl: string,
  directory: string,
  options: FetchWellKnownSourceOptions,
  maxBytes: number,
): Promise<string> {
  const artifactUrl = new URL(entry.url, indexUrl).href;
  const { bytes } = await downloadBytes(artifactUrl, { ...downloadOptions(options), maxBytes });
  const actual = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  if (actual !== entry.digest)
    throw new SecurityError(
      'digest_mismatch',
      `${artifactUrl} does not match its index digest (expected ${entry.digest}, got ${actual}); nothing was unpacked.`,
      { details: { url: artifactUrl, expectedDigest: entry.digest, actualDigest: actual } },
    );
  if (entry.type === 'skill-md') {
    await mkdir(directory, { recursive: true });
    await writeFile(path.join(directory, 'SKILL.md'), bytes);
    return directory;
  }
  const downloads = path.join(options.directory, '.downloads');
  await mkdir(downloads, { recursive: true });
  const archive = path.join(
    downloads,
    `${entry.name}${bytes[0] === 0x50 && bytes[1] === 0x4b ? '.zip' : '.tar.gz'}`,
  );
  await writeFile(archive, bytes);
  const extracted = await extractArchive(archive, { tempParent: downloads });
  return extracted.skillDirectory;
}

async function fetchFiles(
  entry: WellKnownEntryV1,
  indexUrl: string,
  directory: string,
  options: FetchWellKnownSourceOptions,
  maxBytes: number,
): Promise<string> {
  if (entry.files.length > MAX_FILES_PER_SKILL)
    throw new UserInputError('too_many_files', `${entry.name} lists more than ${MAX_FILES_PER_SKILL} files.`);
  const seen = new Set<string>();
  const targets = entry.files.map((file) => {
    const target = file.toLowerCase() === 'skill.md' ? 'SKILL.md' : file;
    const reason =
      unsafeRelativePathReason(target) ?? (seen.has(target.toLowerCase()) ? 'is listed twice' : undefined);
    if (reason)
      throw new UserInputError(
        'unsafe_file_path',
        `${entry.name} lists the file '${file}', which ${reason}.`,
        {
          details: { path: file },
        },
      );
    seen.add(target.toLowerCase());
    return { file, target };
  });
  const skillBase = `${indexUrl.slice(0, -'/index.json'.length)}/${encodeURIComponent(entry.name)}`;
  const limit = options.maxSkillBytes ?? 50 * MEBIBYTE;
  let total = 0;
  for (const { file, target } of targets) {
    const fileUrl = `${skillBase}/${file.split('/').map(encodeURIComponent).join('/')}`;
    const { bytes } = await downloadBytes(fileUrl, {
      ...downloadOptions(options),
      maxBytes: Math.min(maxBytes, limit - total),
    });
    total += bytes.byteLength;
    const destination = path.join(directory, ...target.split('/'));
    await mkdir(path.dirname(destination), { recursive: true });
    await writeFile(destination, bytes, { flag: 'wx' });
  }
  return directory;
}

function tokenRequired(indexUrl: string, status: number): UserInputError {
  return new UserInputError(
    'token_required',
    `${indexUrl} answered HTTP ${status}: this server needs an API token. Put it in an environment variable and pass --token-env NAME (or set SKILLDOCK_TOKEN); never on the command line.`,
    { details: { url: indexUrl, status } },
  );
}

function downloadOptions(options: FetchWellKnownSourceOptions) {
  return {
    policy: options.policy,
    ...(options.token ? { token: options.token } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  };
}

function failure(sourcePath: string, code: ErrorCode, message: string): DraftFailure {
  return { sourcePath, code, message, diagnostics: [] };
}
