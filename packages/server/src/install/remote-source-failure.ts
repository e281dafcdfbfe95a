import { SkilldockError } from '@skilldock/core/errors';
import { MODELSCOPE_HOSTS } from '@skilldock/core/install';
import { type ContentDraft, type ContentLayout, cancelContentDraft } from '../content/index.js';
import { HttpError } from '../http/http-error.js';

/**
 * The codes of a remote source that did not answer, or answered nothing usable: the remote's
 * failure, not the request's. Whatever the source (GitHub, ModelScope, a git server, a site),
 * they answer alike: 502, the code kept, `details.remote` and `details.host` naming where.
 */
export const REMOTE_FAILURE_CODES: ReadonlySet<string> = new Set([
  'download_failed',
  'download_timeout',
  'git_fetch_failed',
  'git_timeout',
  'modelscope_answer_invalid',
  'too_many_redirects',
]);

/** Where a failure came from, as `details` and its message name it. */
interface Remote {
  /** `GitHub`, `ModelScope`, or the host itself. */
  readonly name: string;
  readonly host: string | null;
}

function hostOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

function remoteAt(host: string | null, modelScopeHosts: readonly string[]): Remote {
  if (host === 'github.com') return { name: 'GitHub', host };
  if (host !== null && modelScopeHosts.includes(host)) return { name: 'ModelScope', host };
  return { name: host ?? 'The remote source', host };
}

function remoteFailure(
  remote: Remote,
  failure: { readonly code: string; readonly message: string },
  cause: unknown,
): HttpError {
  return new HttpError(
    502,
    failure.code as HttpError['code'],
    `${remote.name} could not be read: ${failure.message}`,
    { details: { remote: remote.name, ...(remote.host === null ? {} : { host: remote.host }) }, cause },
  );
}

/**
 * Runs `prepare` (a remote draft) and answers a remote that failed in one style, whatever the
 * source (issue 24): a fetch that throws (a git clone) and a source whose every skill failed to
 * download (a ModelScope page, whose failures core lists apart) both become a 502 `HttpError`
 * with the failure's code, "<remote> could not be read: …", and `details.remote`/`host`. The
 * empty draft of the second kind is cancelled, not kept.
 * @example await withRemoteSourceFailures(layout, MODELSCOPE_HOSTS, () => prepareRemoteDraft(layout, options));
 */
export async function withRemoteSourceFailures(
  layout: ContentLayout,
  modelScopeHosts: readonly string[] | undefined,
  prepare: () => Promise<ContentDraft>,
): Promise<ContentDraft> {
  const hosts = modelScopeHosts ?? MODELSCOPE_HOSTS;
  let draft: ContentDraft;
  try {
    draft = await prepare();
  } catch (error) {
    if (
      !SkilldockError.isInstance(error) ||
      HttpError.isInstance(error) ||
      !REMOTE_FAILURE_CODES.has(error.code)
    )
      throw error;
    throw remoteFailure(remoteAt(hostOf(error.details.url), hosts), error, error);
  }
  const [first] = draft.failed;
  if (
    draft.skills.length > 0 ||
    first === undefined ||
    !draft.failed.every((failure) => REMOTE_FAILURE_CODES.has(failure.code))
  )
    return draft;
  await cancelContentDraft(layout, draft.id);
  const host = hostOf(draft.source.input) ?? (draft.source.type === 'github' ? 'github.com' : null);
  throw remoteFailure(remoteAt(host, hosts), first, undefined);
}
