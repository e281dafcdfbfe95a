import { type ExecFileException, execFile } from 'node:child_process';
import { devNull } from 'node:os';
import { UserInputError } from '../../errors.js';
import type { AddressAllowance } from '../../network/assert-address-allowed.js';
import type { ResolveHost } from '../../network/public-address-lookup.js';
import { resolvePublicAddresses } from '../../network/resolve-public-addresses.js';

/** How to fetch a git repository. */
export interface FetchGitRepositoryOptions {
  /** https URL, already checked against the allowlist. */
  readonly url: string;
  /** Branch, tag or full commit id; default the remote's default branch. */
  readonly ref?: string;
  /** Empty folder to check the tree out into. */
  readonly directory: string;
  /**
   * Extra `git -c` settings, applied after the safe defaults. Tests use it to point `https://github.com/`
   * at a local bare repository (`url.file:///tmp/x/.insteadOf`) and allow the file protocol.
   */
  readonly gitConfig?: Readonly<Record<string, string>>;
  /** Environment git runs in (variables pointing at another repository are dropped); default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Which addresses the host may resolve to (SPEC SEC8); default `public`. */
  readonly addressAllowance?: AddressAllowance;
  /** Resolves the host; default the system resolver. */
  readonly resolve?: ResolveHost;
  /** Allow `http://` (only ever set for an allowed loopback URL). */
  readonly allowHttp?: boolean;
  /** Per git command; default 120 s. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

/** What was checked out. */
export interface FetchedGitRepository {
  /** `git rev-parse HEAD`. */
  readonly commit: string;
  /** POSIX paths of tracked symlinks (checked out as plain files because `core.symlinks=false`). */
  readonly symlinks: readonly string[];
}

const COMMIT_PATTERN = /^([0-9a-f]{40}|[0-9a-f]{64})$/;

/** Variables that would point git at another repository or work tree. */
const LOCAL_GIT_VARIABLES = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_COMMON_DIR',
  'GIT_NAMESPACE',
  'GIT_PREFIX',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
];

/**
 * Shallow-fetches one commit of a git repository with the `git` binary (SPEC P4): `clone --depth 1`
 * for a branch or tag, `init` + `fetch --depth 1` for a commit id. Git never prompts, never runs hooks,
 * never uses stored credentials, never follows redirects, speaks only https (plus what `gitConfig`
 * allows), and checks symlinks out as plain files so nothing can point outside the tree. The host
 * is resolved and checked here (SPEC SEC8) and git's connections are pinned to those addresses.
 * @throws UserInputError `git_ref_not_found`, `git_fetch_failed`, `git_timeout`, `git_not_installed`;
 *   SecurityError `address_not_public`.
 */
export async function fetchGitRepository(options: FetchGitRepositoryOptions): Promise<FetchedGitRepository> {
  const config = [...safeConfig(options), ...(await pinnedAddresses(options))];
  const run = (args: readonly string[], cwd?: string) => runGit([...config, ...args], options, cwd);
  if (options.ref !== undefined && COMMIT_PATTERN.test(options.ref)) {
    await run(['init', '--quiet', '--', options.directory]);
    await run(
      ['fetch', '--quiet', '--depth', '1', '--no-tags', '--', options.url, options.ref],
      options.directory,
    );
    await run(['checkout', '--quiet', '--detach', 'FETCH_HEAD'], options.directory);
  } else {
    await run([
      'clone',
      '--quiet',
      '--depth',
      '1',
      '--no-tags',
      '--single-branch',
      ...(options.ref === undefined ? [] : [`--branch=${options.ref}`]),
      '--',
      options.url,
      options.directory,
    ]);
  }
  const commit = (await run(['rev-parse', 'HEAD'], options.directory)).trim();
  const listing = await run(['ls-files', '--stage', '-z'], options.directory);
  const symlinks = listing
    .split('\0')
    .filter((line) => line.startsWith('120000 '))
    .map((line) => line.slice(line.indexOf('\t') + 1));
  return { commit, symlinks };
}

/**
 * `http.curloptResolve` (curl's CURLOPT_RESOLVE, git ≥ 2.37) pins the host to the addresses checked
 * here: git's own lookup could otherwise get another answer (DNS rebinding). No redirect is
 * followed, so the one host is all git connects to. The host checked is the one git will connect
 * to: `url.<base>.insteadOf` (a mirror in the user's git config, or a test's local repository) may
 * rewrite the URL, so git itself expands it first (`ls-remote --get-url`, which talks to no remote);
 * a URL rewritten to a local path or `file://` reaches no network and is left alone.
 */
async function pinnedAddresses(options: FetchGitRepositoryOptions): Promise<string[]> {
  const expanded = (
    await runGit([...safeConfig(options), 'ls-remote', '--get-url', '--', options.url], options)
  )
    .trim()
    .split('\n')[0];
  let url: URL;
  try {
    url = new URL(expanded ?? options.url);
  } catch {
    return []; // a local path after rewriting: no host to resolve.
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return [];
  let addresses: string[];
  try {
    addresses = await resolvePublicAddresses(url, {
      allowance: options.addressAllowance ?? 'public',
      ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'address_not_public') throw error;
    throw new UserInputError('git_fetch_failed', `Could not resolve ${url.host}.`, {
      cause: error,
      details: { url: url.href },
    });
  }
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const list = addresses.map((address) => (address.includes(':') ? `[${address}]` : address)).join(',');
  return ['-c', `http.curloptResolve=${url.hostname}:${port}:${list}`];
}

function safeConfig(options: FetchGitRepositoryOptions): string[] {
  const settings: Record<string, string> = {
    'protocol.allow': 'never',
    'protocol.https.allow': 'always',
    ...(options.allowHttp ? { 'protocol.http.allow': 'always' } : {}),
    'core.hooksPath': devNull,
    'core.symlinks': 'false',
    'core.fsmonitor': 'false',
    'credential.helper': '',
    'http.followRedirects': 'false',
    'init.templateDir': '',
    'submodule.recurse': 'false',
    'advice.detachedHead': 'false',
    ...options.gitConfig,
  };
  return Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
}

function runGit(args: readonly string[], options: FetchGitRepositoryOptions, cwd?: string): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...(options.env ?? process.env),
    GIT_TERMINAL_PROMPT: '0',
    GCM_INTERACTIVE: 'never',
  };
  for (const name of LOCAL_GIT_VARIABLES) delete env[name];
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      {
        cwd,
        env,
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 16 * 1024 * 1024,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        reject(describeGitFailure(error, stderr, options));
      },
    );
  });
}

function describeGitFailure(
  error: ExecFileException,
  stderr: string,
  options: FetchGitRepositoryOptions,
): unknown {
  if (error.name === 'AbortError') return options.signal?.reason ?? error;
  const details = { url: options.url, ...(options.ref === undefined ? {} : { ref: options.ref }) };
  if (error.code === 'ENOENT')
    return new UserInputError(
      'git_not_installed',
      'Installing from git needs the git command; install git.',
      {
        cause: error,
        details,
      },
    );
  if (error.killed)
    return new UserInputError('git_timeout', `git took too long to fetch ${options.url}.`, {
      cause: error,
      details,
    });
  const message = stderr.trim().split('\n').slice(-3).join(' ');
  if (
    options.ref !== undefined &&
    /Remote branch .* not found|couldn't find remote ref|not our ref|unadvertised object/i.test(stderr)
  )
    return new UserInputError(
      'git_ref_not_found',
      `${options.url} has no branch, tag or commit named '${options.ref}'.`,
      { cause: error, details },
    );
  return new UserInputError(
    'git_fetch_failed',
    `Could not fetch ${options.url}: ${message || error.message}`,
    {
      cause: error,
      details,
    },
  );
}
