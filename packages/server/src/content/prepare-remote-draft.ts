import { SecurityError } from '@skilldock/core/errors';
import { resolveSource } from '@skilldock/core/install';
import { type ContentDraft, draftStore, summarizePreparedDraft } from './content-draft.js';
import type { ContentLayout } from './content-layout.js';
import { createWorkFolder } from './work-folder.js';

/** The source types that fetch over the network; anything else would read the server's own files. */
const REMOTE_SOURCE_TYPES: ReadonlySet<string> = new Set(['git', 'github', 'modelscope', 'well-known']);

/** Options of {@link prepareRemoteDraft}. */
export interface PrepareRemoteDraftOptions {
  /**
   * A GitHub repository (`owner/repo`, `owner/repo@skill`, `https://github.com/…/tree/REF/PATH`), a
   * ModelScope skill or collection URL, any https git URL, or a site with a well-known index.
   */
  readonly source: string;
  /** The admin setting `remote_skill_source_policy.allowed_hosts` (SPEC Y9, P5); empty disables remote install. */
  readonly allowedHosts: readonly string[];
  /** Plain http to loopback addresses (tests and local servers only). */
  readonly allowInsecureLocalhost?: boolean;
  /** Hosts read through ModelScope's API; default core's `MODELSCOPE_HOSTS`. */
  readonly modelScopeHosts?: readonly string[];
  /** Skills to prepare by name; default all the source holds. */
  readonly skills?: readonly string[];
  readonly signal?: AbortSignal;
  /** Extra `git -c` settings (tests point github.com at local repositories). */
  readonly gitConfig?: Readonly<Record<string, string>>;
  /** Environment git runs in; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly now?: () => Date;
}

/**
 * Prepares a draft from a remote source (SPEC Y4, P4–P6) through core's install sources and the
 * `allowed_hosts` policy (exact host match, https only, no credentials, query or fragment). A
 * source that resolves to anything on this machine — a path, `~`, an archive on disk — is refused
 * with `SecurityError` `source_not_remote` before anything is read: a route must never let a
 * request name the server's files. Skills that fail to fetch or parse are listed in `failed`.
 * @throws SecurityError `source_not_remote`, `host_not_allowed`, `remote_install_disabled`, …;
 *   UserInputError `no_skills_found`, `skill_not_found`, fetch errors.
 * @example await prepareRemoteDraft(layout, { source: 'anthropics/skills@pdf', allowedHosts: ['github.com'] });
 */
export async function prepareRemoteDraft(
  layout: ContentLayout,
  options: PrepareRemoteDraftOptions,
): Promise<ContentDraft> {
  // An empty folder as cwd: a bare name never matches a file of the server's.
  const work = await createWorkFolder(layout);
  try {
    const policy = {
      allowedHosts: options.allowedHosts,
      // A refusal reaches people through the web app or the API, never a command line.
      allowHostAdvice: 'administrator' as const,
      ...(options.allowInsecureLocalhost ? { allowInsecureLocalhost: true } : {}),
      ...(options.modelScopeHosts === undefined ? {} : { modelScopeHosts: options.modelScopeHosts }),
    };
    const resolved = resolveSource(options.source, {
      cwd: work.directory,
      homeDirectory: work.directory,
      ...policy,
    });
    if (!REMOTE_SOURCE_TYPES.has(resolved.type))
      throw new SecurityError(
        'source_not_remote',
        `${JSON.stringify(options.source)} is not a remote source; give a repository, a git URL or an https address.`,
        { details: { source: options.source } },
      );
    const store = draftStore(layout, options.now);
    const draft = await store.prepare(resolved, {
      cwd: work.directory,
      ...policy,
      ...(options.skills === undefined ? {} : { skills: options.skills }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.gitConfig === undefined ? {} : { gitConfig: options.gitConfig }),
      ...(options.env === undefined ? {} : { env: options.env }),
    });
    return await summarizePreparedDraft(store, draft);
  } finally {
    await work.dispose();
  }
}
