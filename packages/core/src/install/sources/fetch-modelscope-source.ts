import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ErrorCode } from '../../error-codes.js';
import { SkilldockError, UserInputError } from '../../errors.js';
import { unsafeRelativePathReason } from '../../format/unsafe-relative-path-reason.js';
import { removeInside } from '../../fs/remove-inside.js';
import type { DraftFailure } from '../install-draft.js';
import { assertRemoteUrlAllowed, type RemotePolicy } from './assert-remote-url-allowed.js';
import { downloadBytes } from './download-bytes.js';
import { findSkillFolders } from './find-skill-folders.js';
import type { SkillCandidate } from './skill-candidate.js';

/** How to fetch a ModelScope skill or collection. */
export interface FetchModelScopeSourceOptions {
  /** The page from `resolveSource`: `https://modelscope.cn/skills/@owner/name` or `…/collections/Owner/Name`. */
  readonly url: string;
  /** The skill repository revision; default `master`. */
  readonly revision?: string;
  /** Empty folder the skills are written into, one sub-folder per skill. */
  readonly directory: string;
  readonly policy: RemotePolicy;
  /** Skill names to fetch from a collection (the others are not downloaded); default all. */
  readonly names?: readonly string[];
  /** Largest API answer (a listing or one file); default 10 MiB. */
  readonly maxDownloadBytes?: number;
  /** Largest sum of the files of one skill; default 50 MiB. */
  readonly maxSkillBytes?: number;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  readonly onSkillFetched?: (completed: number, total: number) => void;
}

/** Skills fetched from ModelScope, and those that could not be. */
export interface FetchedModelScopeSource {
  readonly candidates: readonly SkillCandidate[];
  readonly failed: readonly DraftFailure[];
}

const MEBIBYTE = 1024 * 1024;
const MAX_FILES_PER_SKILL = 2000;
const MAX_COLLECTION_SKILLS = 100;
const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** Every API answer: `{ Success, Data, Message? }` (the fields ModelScope's clients read). */
const envelope = <Data extends z.ZodType>(data: Data) =>
  z.object({ Success: z.literal(true), Data: data, Message: z.string().optional() });
const fileListSchema = envelope(
  z.object({
    Files: z
      .array(z.object({ Path: z.string().max(4096), Type: z.string(), Size: z.number().optional() }))
      .max(MAX_FILES_PER_SKILL * 4),
  }),
);
const rawFileSchema = envelope(z.object({ Content: z.string() }));
const collectionSchema = envelope(
  z.object({
    CollectionElements: z.object({
      CollectionElementVoList: z
        .array(
          z.object({
            ElementType: z.string().optional(),
            ElementInfo: z.object({ SkillPath: z.string(), SkillName: z.string() }).partial().optional(),
          }),
        )
        .max(MAX_COLLECTION_SKILLS * 4),
    }),
  }),
);

/** One skill repository on ModelScope: `@owner/name`. */
interface ModelScopeSkill {
  readonly owner: string;
  readonly name: string;
}

/**
 * Fetches a ModelScope skill, or every skill of a ModelScope collection (SPEC Y4), through the
 * site's JSON API — no git, no archive: the repository's file list
 * (`/api/v1/skills/@owner/name/repo/files`), then each file (`…/repo/raw?FilePath=`), written under
 * `directory/<name>/` after the same path checks as an archive entry. The API answers live on the
 * page's own origin, so the allowlist that let the page through decides every request (and every
 * redirect); only these API calls may carry a query string. Limits: 2,000 files and 50 MiB per skill,
 * 10 MiB per answer, 100 skills per collection. A skill that fails is listed in `failed`; a
 * collection or page that cannot be read throws.
 * The API shape is the one ModelScope's public clients use; it has no published specification.
 * @throws UserInputError `modelscope_answer_invalid`, `skill_not_found`, `download_failed`; SecurityError from the allowlist.
 */
export async function fetchModelScopeSource(
  options: FetchModelScopeSourceOptions,
): Promise<FetchedModelScopeSource> {
  const page = new URL(options.url);
  const api = `${page.protocol}//${page.host}/api/v1`;
  const skills = page.pathname.startsWith('/collections/')
    ? await collectionSkills(api, page, options)
    : [skillOfPage(page)];
  const wanted = options.names?.map((name) => name.toLowerCase());
  const available = skills.map((skill) => skill.name.toLowerCase());
  const missing = wanted?.filter((name) => !available.includes(name)) ?? [];
  if (missing.length > 0)
    throw new UserInputError(
      'skill_not_found',
      `No skill named ${missing.join(', ')} in ${options.url}; it has: ${available.join(', ') || 'none'}.`,
      { details: { missing, available } },
    );
  const selected = wanted ? skills.filter((skill) => wanted.includes(skill.name.toLowerCase())) : skills;
  const candidates: SkillCandidate[] = [];
  const failed: DraftFailure[] = [];
  let completed = 0;
  for (const skill of selected) {
    const where = `@${skill.owner}/${skill.name}`;
    const directory = path.join(options.directory, `${skill.owner}--${skill.name}`);
    try {
      await fetchSkillFiles(api, skill, directory, options);
      const found = await findSkillFolders(directory);
      if (found.candidates.length === 0)
        throw new UserInputError('skill_not_found', `${where} has no SKILL.md.`, {
          details: { skill: where },
        });
      for (const candidate of found.candidates)
        candidates.push({
          ...candidate,
          // No installName: the skill's own S4 id (slug, else name, else pinyin) names its folder,
          // not the page's `@owner/name` (which may have capitals a folder id cannot).
          sourcePath: candidate.sourcePath === '' ? where : `${where}/${candidate.sourcePath}`,
        });
    } catch (error) {
      // What was written of a skill that failed goes: nothing half-fetched stays in the draft's folder.
      await removeInside(directory, options.directory);
      if (!SkilldockError.isInstance(error)) throw error;
      failed.push(failureOf(where, error.code, error.message, skill.name));
    }
    options.onSkillFetched?.(++completed, selected.length);
  }
  return { candidates, failed };
}

function skillOfPage(page: URL): ModelScopeSkill {
  const [, , owner = '', name = ''] = page.pathname.split('/');
  return checkedSkill(owner.replace(/^@/, ''), name, page.href);
}

function checkedSkill(owner: string, name: string, where: string): ModelScopeSkill {
  if (!NAME.test(owner) || !NAME.test(name))
    throw new UserInputError(
      'modelscope_answer_invalid',
      `${where} names the skill '@${owner}/${name}', which is not a ModelScope owner/name.`,
      { details: { url: where } },
    );
  return { owner, name };
}

async function collectionSkills(
  api: string,
  page: URL,
  options: FetchModelScopeSourceOptions,
): Promise<ModelScopeSkill[]> {
  const [, , owner = '', name = ''] = page.pathname.split('/');
  const query = new URLSearchParams({
    Fid: `${owner}/${name}`,
    ElementType: 'skill',
    PageNumber: '1',
    PageSize: String(MAX_COLLECTION_SKILLS),
  });
  const url = `${api}/collections?${query}`;
  const answer = await getJson(url, collectionSchema, options);
  const skills: ModelScopeSkill[] = [];
  const seen = new Set<string>();
  for (const element of answer.Data.CollectionElements.CollectionElementVoList) {
    if (element.ElementType !== undefined && element.ElementType !== 'skill') continue;
    const info = element.ElementInfo;
    const skill = checkedSkill((info?.SkillPath ?? '').replace(/^@/, ''), info?.SkillName ?? '', url);
    const key = `${skill.owner}/${skill.name}`.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    skills.push(skill);
  }
  if (skills.length > MAX_COLLECTION_SKILLS)
    throw new UserInputError(
      'too_many_files',
      `${page.href} lists more than ${MAX_COLLECTION_SKILLS} skills.`,
      {
        details: { url: page.href, limit: MAX_COLLECTION_SKILLS },
      },
    );
  return skills;
}

async function fetchSkillFiles(
  api: string,
  skill: ModelScopeSkill,
  directory: string,
  options: FetchModelScopeSourceOptions,
): Promise<void> {
  const repository = `${api}/skills/${encodeURIComponent(`@${skill.owner}`)}/${encodeURIComponent(skill.name)}/repo`;
  const revision = options.revision ?? 'master';
  const listing = await getJson(
    `${repository}/files?${new URLSearchParams({ Revision: revision, Recursive: 'true' })}`,
    fileListSchema,
    options,
  );
  const blobs = listing.Data.Files.filter((file) => file.Type === 'blob');
  if (blobs.length > MAX_FILES_PER_SKILL)
    throw new UserInputError(
      'too_many_files',
      `@${skill.owner}/${skill.name} has more than ${MAX_FILES_PER_SKILL} files.`,
      {
        details: { limit: MAX_FILES_PER_SKILL, actual: blobs.length },
      },
    );
  const seen = new Set<string>();
  for (const file of blobs) {
    const reason =
      unsafeRelativePathReason(file.Path) ??
      (seen.has(file.Path.toLowerCase()) ? 'is listed twice' : undefined);
    if (reason)
      throw new UserInputError(
        'unsafe_file_path',
        `@${skill.owner}/${skill.name} lists the file '${file.Path}', which ${reason}.`,
        { details: { path: file.Path } },
      );
    seen.add(file.Path.toLowerCase());
  }
  const limit = options.maxSkillBytes ?? 50 * MEBIBYTE;
  let total = 0;
  for (const file of blobs) {
    const url = `${repository}/raw?${new URLSearchParams({ Revision: revision, FilePath: file.Path })}`;
    const answer = await getJson(url, rawFileSchema, options);
    const bytes = Buffer.from(answer.Data.Content, 'utf8');
    total += bytes.byteLength;
    if (total > limit)
      throw new UserInputError(
        'download_too_large',
        `@${skill.owner}/${skill.name} is larger than ${limit} bytes; nothing of it is kept.`,
        { details: { limit } },
      );
    const destination = path.join(directory, ...file.Path.split('/'));
    await mkdir(path.dirname(destination), { recursive: true });
    await writeFile(destination, bytes, { flag: 'wx' });
  }
}

/**
 * GETs an API answer and checks its shape. The URL's query is ours (built from checked names), so
 * the allowlist is asked about the URL without it; a redirect target is checked the same way.
 */
async function getJson<Schema extends z.ZodType>(
  url: string,
  schema: Schema,
  options: FetchModelScopeSourceOptions,
): Promise<z.infer<Schema>> {
  const { bytes } = await downloadBytes(url, {
    maxBytes: options.maxDownloadBytes ?? 10 * MEBIBYTE,
    policy: options.policy,
    checkUrl: (target) => {
      const parsed = new URL(target);
      const search = parsed.search;
      parsed.search = '';
      const allowed = assertRemoteUrlAllowed(parsed, options.policy);
      allowed.search = search;
      return allowed;
    },
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalidAnswer(url, 'it is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const message = (json as { Message?: unknown } | null)?.Message;
    throw invalidAnswer(
      url,
      typeof message === 'string' && message !== ''
        ? `ModelScope says: ${message.slice(0, 200)}`
        : parsed.error.issues
            .slice(0, 3)
            .map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`)
            .join('; '),
    );
  }
  return parsed.data;
}

function invalidAnswer(url: string, why: string): UserInputError {
  const shown = new URL(url);
  return new UserInputError(
    'modelscope_answer_invalid',
    `ModelScope's answer to ${shown.origin}${shown.pathname} cannot be used: ${why}.`,
    { details: { url: `${shown.origin}${shown.pathname}` } },
  );
}

function failureOf(sourcePath: string, code: ErrorCode, message: string, name: string): DraftFailure {
  return { sourcePath, name, code, message, diagnostics: [] };
}
