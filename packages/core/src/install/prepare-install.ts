import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UserInputError } from '../errors.js';
import { loadSkillSync } from '../format/load-skill.js';
import { isLegalSkillName } from '../format/skill-id.js';
import { removeInside } from '../fs/remove-inside.js';
import { claimDraftFolder, releaseDraftFolder } from './draft-owner.js';
import { DRAFT_FILE_NAME, DRAFT_LIFETIME_MILLISECONDS, ensureStagingParent } from './draft-staging.js';
import type { DraftFailure, DraftSkill, InstallDraft, ResolvedSource } from './install-draft.js';
import type { InstallProgressEvent } from './install-progress-event.js';
import { invalidSkillMessage } from './invalid-skill-message.js';
import { type NamedCandidate, prepareDraftSkill, relocate } from './prepare-draft-skill.js';
import { assertRemoteUrlAllowed, type RemotePolicy } from './sources/assert-remote-url-allowed.js';
import { type FetchedSource, fetchSource } from './sources/fetch-source.js';
import { resolveSource } from './sources/resolve-source.js';
import type { SourceToken } from './sources/source-token.js';
import { StagingWriter } from './staging-writer.js';

/** Skills staged between two turns of the event loop (each takes about a millisecond). */
const YIELD_EVERY_SKILLS = 16;

/** How to prepare an install. */
export interface PrepareInstallOptions extends RemotePolicy {
  /** Relative local paths resolve against it. */
  readonly cwd: string;
  /** Skills to prepare, by name or install id (case-insensitive); default the `@skill` of the source, else all. */
  readonly skills?: readonly string[] | '*';
  /**
   * Validation profile of the staged skills; default `lenient`, what clients load and the `skills`
   * CLI installs (an over-long description is a warning). `spec` holds them to the open specification.
   */
  readonly profile?: 'spec' | 'lenient';
  readonly signal?: AbortSignal;
  readonly onProgress?: (event: InstallProgressEvent) => void;
  /** Clock for `createdAt`/`expiresAt`; default `new Date()`. */
  readonly now?: () => Date;
  /** Extra `git -c` settings (tests point github.com at local repositories with `url.<base>.insteadOf`). */
  readonly gitConfig?: Readonly<Record<string, string>>;
  /** Environment git runs in (`GIT_CONFIG_GLOBAL`, proxies); default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where draft folders are made; default `<tmp>/skilldock-drafts-<uid>`. */
  readonly stagingParent?: string;
  /**
   * API token for a well-known source (a Skilldock server): sent to the source URL's origin only,
   * never after a redirect to another origin; the draft and the lock keep only `token.from`.
   */
  readonly token?: SourceToken;
  /** Largest download (index, archive, file); default 10 MiB. */
  readonly maxDownloadBytes?: number;
  /** Per git command or download; default 120 s for git, 60 s for a download. */
  readonly timeoutMs?: number;
  /**
   * `false` (default): the draft belongs to this process — a signal removes it, and once the process
   * is gone the next sweep does. `true` (a `DraftStore`): once prepared it lives for its hour, so
   * another process may confirm it.
   */
  readonly persistent?: boolean;
}

/**
 * Step one of an install (SPEC P4–P6): resolves and fetches the source into a private staging folder,
 * finds its skills, and stages a validated, clean copy of each, ready for review. Nothing is installed;
 * confirm publishes the staged copies, cancel removes them. Skills that failed are listed in `failed`
 * and can never be confirmed. The draft expires one hour after creation.
 * @throws UserInputError `no_skills_found`, `skill_not_found` and fetch errors; SecurityError from the allowlist.
 * @example
 * const draft = await prepareInstall('acme/skills@pdf', { cwd: process.cwd() });
 * for (const skill of draft.skills) console.log(skill.id, skill.description);
 */
export async function prepareInstall(
  source: string | ResolvedSource,
  options: PrepareInstallOptions,
): Promise<InstallDraft> {
  const resolved = typeof source === 'string' ? resolveSource(source, options) : source;
  // A caller-built source gets the same allowlist check as a typed one.
  if (resolved.url !== undefined) assertRemoteUrlAllowed(resolved.url, options);
  if (options.token) assertTokenFits(resolved, options.token);
  const progress = options.onProgress ?? (() => {});
  const requested = options.skills ?? (resolved.skill === undefined ? '*' : [resolved.skill]);
  const createdAt = (options.now ?? (() => new Date()))();
  const id = randomUUID();
  const stagingParent = await ensureStagingParent(options.stagingParent);
  const stagingDirectory = path.join(stagingParent, id);
  await mkdir(stagingDirectory, { mode: 0o700 });
  claimDraftFolder(stagingDirectory, stagingParent);
  const fetchDirectory = path.join(stagingDirectory, 'fetch');
  const writer = new StagingWriter();
  try {
    await mkdir(fetchDirectory, { mode: 0o700 });
    const fetched = await fetchSource(resolved, {
      directory: fetchDirectory,
      policy: options,
      ...(requested === '*' ? {} : { names: requested }),
      ...(options.gitConfig ? { gitConfig: options.gitConfig } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(options.maxDownloadBytes ? { maxDownloadBytes: options.maxDownloadBytes } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.token ? { token: options.token } : {}),
      onProgress: progress,
    });
    if (fetched.candidates.length === 0 && fetched.failed.length === 0)
      throw new UserInputError(
        'no_skills_found',
        `No skills found in ${resolved.input}${resolved.subpath ? ` (looked in ${resolved.subpath})` : ''}: no folder holds a SKILL.md.`,
        { details: { source: resolved.input } },
      );

    progress({
      type: 'phase-start',
      phase: 'parse',
      message: 'Reading skills',
      total: fetched.candidates.length,
    });
    const named = nameCandidates(fetched);
    progress({ type: 'phase-end', phase: 'parse', count: named.length });
    const selected = selectCandidates(named, requested);

    const skillsDirectory = path.join(stagingDirectory, 'skills');
    await mkdir(skillsDirectory, { mode: 0o700 });
    const skills: DraftSkill[] = [];
    // Entries the source could not deliver count only when they were asked for.
    const failed: DraftFailure[] = fetched.failed.filter(
      (failure) =>
        requested === '*' || requested.some((name) => name.toLowerCase() === failure.name?.toLowerCase()),
    );
    const taken = new Set<string>();
    const outcomes: (DraftSkill | DraftFailure)[] = [];
    progress({ type: 'phase-start', phase: 'stage', message: 'Staging skills', total: selected.length });
    for (const [step, index] of stagingOrder(selected).entries()) {
      // Staging reads synchronously (see stageSkillCopy); giving the event loop a turn now and then
      // keeps an abort signal, a spinner and other work responsive during a big install.
      if (step > 0 && step % YIELD_EVERY_SKILLS === 0) await yieldToEventLoop();
      options.signal?.throwIfAborted();
      const candidate = selected[index]!;
      if ('code' in candidate) outcomes[index] = candidate;
      else if (taken.has(candidate.id)) outcomes[index] = duplicateSkill(candidate);
      else {
        const prepared = await prepareDraftSkill(candidate, {
          skillsDirectory,
          profile: options.profile ?? 'lenient',
          symlinks: fetched.symlinks,
          writer,
        });
        // Only a skill that prepared takes its id: an invalid one never blocks a valid one.
        if (!('code' in prepared)) taken.add(candidate.id);
        outcomes[index] = prepared;
      }
      progress({ type: 'phase-progress', phase: 'stage', completed: step + 1, total: selected.length });
    }
    for (const outcome of outcomes) {
      if ('code' in outcome) failed.push(outcome);
      else skills.push(outcome);
    }
    await writer.flush();
    progress({ type: 'phase-end', phase: 'stage', count: skills.length });
    await removeInside(fetchDirectory, stagingDirectory);

    const draft: InstallDraft = Object.freeze({
      id,
      source: options.token ? { ...resolved, tokenEnv: options.token.from } : resolved,
      ...(fetched.commit === undefined ? {} : { commit: fetched.commit }),
      createdAt: createdAt.toISOString(),
      expiresAt: new Date(createdAt.getTime() + DRAFT_LIFETIME_MILLISECONDS).toISOString(),
      stagingDirectory,
      skills: Object.freeze(skills),
      failed: Object.freeze(failed),
      ...(fetched.warnings.length === 0 ? {} : { warnings: Object.freeze([...fetched.warnings]) }),
    });
    await writeFile(path.join(stagingDirectory, DRAFT_FILE_NAME), `${JSON.stringify(draft, null, 2)}\n`, {
      mode: 0o600,
    });
    if (options.persistent) releaseDraftFolder(stagingDirectory);
    return draft;
  } catch (error) {
    await writer.settle();
    await removeInside(stagingDirectory, stagingParent);
    releaseDraftFolder(stagingDirectory);
    throw error;
  }
}

/**
 * Indexes of the candidates in the order they are staged: skills with a legal name first, then the
 * rest, each in source order — so a skill loaded under an illegal name (`PDF Tools` → `pdf-tools`)
 * never takes an install id from a skill that is named by it.
 */
function stagingOrder(candidates: readonly (NamedCandidate | DraftFailure)[]): number[] {
  const legal = (candidate: NamedCandidate | DraftFailure) =>
    'code' in candidate || isLegalSkillName(candidate.name);
  const indexes = candidates.map((_, index) => index);
  return [
    ...indexes.filter((index) => legal(candidates[index]!)),
    ...indexes.filter((index) => !legal(candidates[index]!)),
  ];
}

function duplicateSkill(candidate: NamedCandidate): DraftFailure {
  const why = isLegalSkillName(candidate.name)
    ? 'only the first one found is prepared'
    : `'${candidate.name}' is not a valid name, so the skill with a valid one keeps the id`;
  return {
    sourcePath: candidate.sourcePath,
    name: candidate.name,
    code: 'duplicate_skill',
    message: `Another skill in this source already has the install id ${candidate.id}; ${why}.`,
    diagnostics: isLegalSkillName(candidate.name) ? [] : candidate.diagnostics,
  };
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Reads each candidate's name leniently: enough to pick the install id and to select by name. */
function nameCandidates(fetched: FetchedSource): (NamedCandidate | DraftFailure)[] {
  const named: (NamedCandidate | DraftFailure)[] = [];
  for (const candidate of fetched.candidates) {
    const displayDirectory = fetched.inPlace ? candidate.directory : candidate.sourcePath;
    const read = loadSkillSync(candidate.directory, {
      profile: 'lenient',
      listFiles: false,
      ...(candidate.lone ? { checkFolderName: false } : {}),
    });
    if (!read.ok) {
      const diagnostics = relocate(read.diagnostics, candidate.directory, displayDirectory);
      named.push({
        sourcePath: candidate.sourcePath,
        code: 'invalid_skill',
        message: invalidSkillMessage(
          candidate.lone
            ? 'The SKILL.md is not a valid skill'
            : `${candidate.sourcePath || 'The source root'} does not hold a readable SKILL.md`,
          diagnostics,
        ),
        diagnostics,
      });
      continue;
    }
    const name = read.skill.name;
    named.push({
      ...candidate,
      name,
      // The install id is the skill's S4 id (the explicit `slug`, else the name when it is an id,
      // else pinyin / separators / a digest — `deriveSkillId`), so `文档整理` installs as
      // `wen-dang-zheng-li`, not as the `skills` CLI's `unnamed-skill`. Seed 002: "slug 可省略：符合机器
      // 标识格式的 name 直接作为 slug；中文展示名转为拼音 … 没有可用字母或数字时使用 skill- 加名称摘要".
      id: candidate.installName ?? read.skill.id,
      displayDirectory,
      diagnostics: relocate(read.diagnostics, candidate.directory, displayDirectory),
    });
  }
  return named;
}

/** Keeps the asked-for skills; an unknown name is an error that lists the names there are. */
function selectCandidates(
  named: readonly (NamedCandidate | DraftFailure)[],
  requested: readonly string[] | '*',
): (NamedCandidate | DraftFailure)[] {
  if (requested === '*') return [...named];
  const keys = (candidate: NamedCandidate | DraftFailure) =>
    [
      candidate.name,
      'id' in candidate ? candidate.id : undefined,
      path.posix.basename(candidate.sourcePath),
    ].flatMap((key) => (key ? [key.toLowerCase()] : []));
  const wanted = requested.map((name) => name.toLowerCase());
  const missing = requested.filter(
    (name) => !named.some((candidate) => keys(candidate).includes(name.toLowerCase())),
  );
  if (missing.length > 0) {
    const available = named.map((candidate) => candidate.name ?? candidate.sourcePath);
    throw new UserInputError(
      'skill_not_found',
      `No skill named ${missing.join(', ')} in this source; it has: ${available.join(', ') || 'no readable skills'}.`,
      { details: { missing, available } },
    );
  }
  return named.filter((candidate) => keys(candidate).some((key) => wanted.includes(key)));
}

/** A token goes to a well-known source on its own origin, nowhere else (SPEC P5, SEC3). */
function assertTokenFits(source: ResolvedSource, token: SourceToken): void {
  if (source.type !== 'well-known' || source.url === undefined)
    throw new UserInputError(
      'token_not_supported',
      `A token is sent only to a skills server (a well-known index); ${source.input} is a ${source.type} source.`,
      { details: { source: source.input, tokenEnv: token.from } },
    );
  const origin = new URL(source.url).origin;
  if (origin !== token.origin)
    throw new UserInputError(
      'token_origin_mismatch',
      `The token from $${token.from} belongs to ${token.origin}, not ${origin}; it was not sent.`,
      { details: { origin, tokenOrigin: token.origin, tokenEnv: token.from } },
    );
}
