import { type Stats, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { SecurityError, UserInputError } from '../../errors.js';
import type { ResolvedSource } from '../install-draft.js';
import { assertRemoteUrlAllowed, MODELSCOPE_HOSTS, type RemotePolicy } from './assert-remote-url-allowed.js';
import { assertValidRef, parseSourceFragment } from './parse-source-fragment.js';

/** How to resolve a source string. */
export interface ResolveSourceOptions extends RemotePolicy {
  /** Relative local paths resolve against it. */
  readonly cwd: string;
  /** `~` expands to it; default the user's home folder. */
  readonly homeDirectory?: string;
}

const ARCHIVE_PATTERN = /\.(zip|tar\.gz|tgz|tar)$/i;
const GITHUB_NAME = /^[A-Za-z0-9_.-]+$/;
const SHORTHAND_SKILL = /^([^/]+)\/([^/@]+)@(.+)$/;
const SHORTHAND = /^([^/]+)\/([^/]+)(?:\/(.+?))?\/?$/;
const WELL_KNOWN_PATH = /^(.*?)\/\.well-known\/(?:agent-skills|skills)(?:\/([^/]+))?\/?$/;

/**
 * Resolves what the user typed into a fetchable source (SPEC P4) and checks remote URLs against the
 * allowlist (SPEC P5). No network; local paths are `stat`ed to tell a folder from an archive or a file.
 *
 * Forms, as the `skills` CLI reads them:
 * - local: starts with `/`, `./`, `../`, `.`, `~`, a drive letter, or names something that exists
 *   (a folder, a `.zip`/`.tar.gz`/`.tgz`, or a single `.md` skill file);
 * - GitHub: `owner/repo`, `owner/repo/path`, `owner/repo@skill`, `github:owner/repo`,
 *   `https://github.com/owner/repo[.git]`, `https://github.com/owner/repo/tree/REF[/PATH]`;
 *   `#ref` or `#ref@skill` after a git source picks a branch, tag or commit (never sent to a server);
 * - ModelScope: `https://modelscope.cn/skills/@owner/name` (one skill) and
 *   `https://modelscope.cn/collections/Owner/Name` (a collection; `#@skill` picks one of it), read
 *   through ModelScope's API; `#revision` picks a skill repository's revision;
 * - git: any other https URL whose path ends in `.git`;
 * - well-known: any other https URL (its `/.well-known/agent-skills/index.json` is read;
 *   `…/.well-known/agent-skills/<name>` picks one skill).
 *
 * SSH sources (`git@host:…`, `ssh://`) are refused: they need keys, and remote installs are anonymous.
 * @throws UserInputError for unreadable input, SecurityError for an URL the policy refuses.
 * @example resolveSource('anthropics/skills@pdf', { cwd: process.cwd() })
 * // { type: 'github', url: 'https://github.com/anthropics/skills.git', skill: 'pdf', lockSource: 'anthropics/skills', … }
 */
export function resolveSource(input: string, options: ResolveSourceOptions): ResolvedSource {
  const trimmed = input.trim();
  if (trimmed === '')
    throw new UserInputError('empty_source', 'No source given: pass a path, owner/repo or URL.');
  if (looksLocal(trimmed, options)) return resolveLocal(input, trimmed, options);
  if (/^(git@|ssh:\/\/|git\+ssh:\/\/)/i.test(trimmed) || /^[\w.-]+@[\w.-]+:/.test(trimmed))
    throw new SecurityError(
      'unsupported_protocol',
      `Refusing '${trimmed}': SSH sources need keys and remote installs are anonymous; use the https URL (https://host/owner/repo.git).`,
      { details: { source: trimmed } },
    );
  if (/^github:/i.test(trimmed)) return resolveShorthand(input, trimmed.slice('github:'.length), options);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return resolveUrl(input, trimmed, options);
  if (!trimmed.includes(':')) return resolveShorthand(input, trimmed, options);
  throw new UserInputError(
    'unrecognized_source',
    `Cannot read source '${trimmed}': expected a path, owner/repo, or an https URL.`,
    { details: { source: trimmed } },
  );
}

function looksLocal(input: string, options: ResolveSourceOptions): boolean {
  if (
    path.isAbsolute(input) ||
    input === '.' ||
    input === '..' ||
    input === '~' ||
    /^(\.\.?|~)[/\\]/.test(input) ||
    /^[a-zA-Z]:[/\\]/.test(input)
  )
    return true;
  // A bare name that exists on disk (`skill.zip`, `my-skills`) is local, unless it is a URL.
  if (/^[a-z][a-z0-9+.-]*:/i.test(input)) return false;
  try {
    return statSync(path.resolve(options.cwd, input), { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

function resolveLocal(input: string, trimmed: string, options: ResolveSourceOptions): ResolvedSource {
  const expanded =
    trimmed === '~' || /^~[/\\]/.test(trimmed)
      ? path.join(options.homeDirectory ?? homedir(), trimmed.slice(1))
      : trimmed;
  const absolute = path.resolve(options.cwd, expanded);
  const stats = statIfPresent(absolute);
  if (!stats)
    throw new UserInputError('source_not_found', `No such file or folder: ${absolute}`, {
      details: { path: absolute },
    });
  const base = { input, path: absolute, lockSource: absolute, lockSourceType: 'local' } as const;
  if (stats.isDirectory()) return { ...base, type: 'local' };
  if (stats.isFile() && ARCHIVE_PATTERN.test(absolute)) return { ...base, type: 'archive' };
  if (stats.isFile() && /\.md$/i.test(absolute)) return { ...base, type: 'file' };
  throw new UserInputError(
    'unsupported_source_file',
    `Cannot install from ${absolute}: expected a folder, a .zip/.tar.gz/.tgz archive or a SKILL.md file.`,
    { details: { path: absolute } },
  );
}

function resolveShorthand(input: string, text: string, options: ResolveSourceOptions): ResolvedSource {
  const { base, ref, skill: fragmentSkill } = parseSourceFragment(text);
  const withSkill = SHORTHAND_SKILL.exec(base);
  if (withSkill) {
    const [, owner = '', repo = '', skill = ''] = withSkill;
    return github(input, owner, repo, { ref, skill: fragmentSkill ?? skill }, options);
  }
  const plain = SHORTHAND.exec(base);
  if (!plain)
    throw new UserInputError(
      'unrecognized_source',
      `Cannot read source '${text}': expected owner/repo, owner/repo/path or owner/repo@skill.`,
      { details: { source: text } },
    );
  const [, owner = '', repo = '', subpath] = plain;
  return github(input, owner, repo, { ref, subpath, skill: fragmentSkill }, options);
}

function resolveUrl(input: string, text: string, options: ResolveSourceOptions): ResolvedSource {
  const { base, ref, skill } = parseSourceFragment(text);
  const url = assertRemoteUrlAllowed(base, options);
  const pathname = decodePath(url.pathname);
  if (url.hostname === 'github.com') {
    const tree = /^\/([^/]+)\/([^/]+)\/tree\/([^/]+)(?:\/(.+?))?\/?$/.exec(pathname);
    if (tree) {
      const [, owner = '', repo = '', treeRef, subpath] = tree;
      return github(input, owner, repo, { ref: treeRef ?? ref, subpath, skill }, options);
    }
    const repository = /^\/([^/]+)\/([^/]+?)(?:\.git)?\/?$/.exec(pathname);
    if (repository) {
      const [, owner = '', repo = ''] = repository;
      return github(input, owner, repo, { ref, skill }, options);
    }
    throw new UserInputError(
      'unrecognized_github_url',
      `Cannot install from ${url.href}: expected https://github.com/owner/repo or …/tree/REF/PATH.`,
      { details: { url: url.href } },
    );
  }
  if ((options.modelScopeHosts ?? MODELSCOPE_HOSTS).includes(url.host))
    return modelScope(input, url, pathname, { ref, skill });
  if (pathname.endsWith('.git')) {
    if (ref !== undefined) assertValidRef(ref);
    return clean({
      input,
      type: 'git',
      url: url.href,
      ref,
      skill,
      lockSource: url.href,
      lockSourceType: 'git',
    });
  }
  if (ref !== undefined)
    throw new SecurityError(
      'url_has_fragment',
      `Refusing ${text}: a source URL must not have a fragment (#…).`,
      {
        details: { url: text },
      },
    );
  const wellKnown = WELL_KNOWN_PATH.exec(url.pathname);
  const basePath = (wellKnown ? wellKnown[1] : url.pathname.replace(/\/+$/, '')) ?? '';
  const named = wellKnown?.[2] && wellKnown[2] !== 'index.json' ? decodePath(wellKnown[2]) : undefined;
  return clean({
    input,
    type: 'well-known',
    url: `${url.protocol}//${url.host}${basePath}`,
    skill: named,
    lockSource: url.hostname.replace(/^www\./, ''),
    lockSourceType: 'well-known',
  });
}

function github(
  input: string,
  owner: string,
  repo: string,
  parts: { ref?: string | undefined; subpath?: string | undefined; skill?: string | undefined },
  options: ResolveSourceOptions,
): ResolvedSource {
  const name = repo.replace(/\.git$/, '');
  for (const segment of [owner, name])
    if (!GITHUB_NAME.test(segment) || segment === '.' || segment === '..')
      throw new UserInputError(
        'invalid_github_repository',
        `'${owner}/${repo}' is not a GitHub owner/repo.`,
        {
          details: { source: input },
        },
      );
  if (parts.ref !== undefined) assertValidRef(parts.ref);
  const url = `https://github.com/${owner}/${name}.git`;
  assertRemoteUrlAllowed(url, options);
  return clean({
    input,
    type: 'github',
    url,
    ref: parts.ref,
    subpath: parts.subpath === undefined ? undefined : checkSubpath(parts.subpath),
    skill: parts.skill,
    lockSource: `${owner}/${name}`,
    lockSourceType: 'github',
  });
}

const MODELSCOPE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const MODELSCOPE_SKILL_PAGE = /^\/skills\/(@?[^/]+)\/([^/]+?)(?:\.git)?(?:\/.*)?$/;
const MODELSCOPE_COLLECTION_PAGE = /^\/collections\/([^/]+)\/([^/]+?)\/?$/;

function modelScope(
  input: string,
  url: URL,
  pathname: string,
  parts: { ref?: string | undefined; skill?: string | undefined },
): ResolvedSource {
  const skillPage = MODELSCOPE_SKILL_PAGE.exec(pathname);
  const collection = skillPage ? undefined : MODELSCOPE_COLLECTION_PAGE.exec(pathname);
  const [, owner = '', name = ''] = skillPage ?? collection ?? [];
  const ownerName = owner.replace(/^@/, '');
  if ((!skillPage && !collection) || !MODELSCOPE_NAME.test(ownerName) || !MODELSCOPE_NAME.test(name))
    throw new UserInputError(
      'unrecognized_modelscope_url',
      `Cannot install from ${url.href}: expected a ModelScope skill (https://modelscope.cn/skills/@owner/name) or collection (https://modelscope.cn/collections/Owner/Name).`,
      { details: { url: url.href } },
    );
  if (parts.ref !== undefined) assertValidRef(parts.ref);
  const page = skillPage
    ? `${url.protocol}//${url.host}/skills/@${ownerName}/${name}`
    : `${url.protocol}//${url.host}/collections/${ownerName}/${name}`;
  return clean({
    input,
    type: 'modelscope',
    url: page,
    ref: parts.ref,
    skill: parts.skill,
    lockSource: page,
    lockSourceType: 'modelscope',
  });
}

/** A subpath is a folder inside the fetched tree: relative, POSIX, no `..`. */
function checkSubpath(subpath: string): string | undefined {
  const segments = subpath
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..') || subpath.includes('\0'))
    throw new SecurityError('unsafe_subpath', `Unsafe path '${subpath}': it must not contain '..'.`, {
      details: { path: subpath },
    });
  return segments.length === 0 ? undefined : segments.join('/');
}

/** `undefined` for anything that cannot be a source: missing, or below a file (ENOTDIR). */
function statIfPresent(absolute: string): Stats | undefined {
  try {
    return statSync(absolute, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
}

function decodePath(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

type Draft = { -readonly [Key in keyof ResolvedSource]: ResolvedSource[Key] | undefined };

/** Drops undefined fields so the result reads (and serialises) cleanly. */
function clean(source: Draft): ResolvedSource {
  return Object.freeze(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined)),
  ) as unknown as ResolvedSource;
}
