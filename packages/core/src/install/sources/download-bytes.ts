import { isIP } from 'node:net';
import type { Agent, Response } from 'undici';
import { SecurityError, UserInputError } from '../../errors.js';
import { type AddressAllowance, assertAddressAllowed } from '../../network/assert-address-allowed.js';
import { publicAddressLookup, type ResolveHost } from '../../network/public-address-lookup.js';
import { readBodyWithin } from '../../network/read-body-within.js';
import {
  assertRemoteUrlAllowed,
  type RemotePolicy,
  remoteAddressAllowance,
} from './assert-remote-url-allowed.js';
import { authorizationHeaders, type SourceToken } from './source-token.js';

/** How to download one URL. */
export interface DownloadBytesOptions {
  /**
   * The install allowlist (SPEC P5): checks the URLs unless `checkUrl` is given, and decides the
   * addresses they may reach unless `addressAllowance` is given.
   */
  readonly policy?: RemotePolicy;
  /**
   * Checks the URL and each redirect target before it is requested, returning the URL to fetch;
   * default `assertRemoteUrlAllowed(url, policy)` (a page to learn from uses `assertPageUrlAllowed`).
   */
  readonly checkUrl?: (url: string | URL) => URL;
  /**
   * Which addresses each hop may connect to (SPEC SEC8), decided on the URL `checkUrl` returned;
   * default `remoteAddressAllowance(url, policy)` (a page to learn from uses `pageAddressAllowance`).
   */
  readonly addressAllowance?: (url: URL) => AddressAllowance;
  /** Resolves host names; default the system resolver. Tests pass one that answers what they need. */
  readonly resolve?: ResolveHost;
  /** Largest body accepted; counted while streaming, so a lying Content-Length cannot pass. */
  readonly maxBytes: number;
  /** Whole request, redirects included; default 60 s. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Default 5. */
  readonly maxRedirects?: number;
  /** Sent as `Authorization: Bearer` to the token's origin only, re-checked on every redirect hop. */
  readonly token?: SourceToken;
}

/** A downloaded body. */
export interface DownloadedBytes {
  readonly bytes: Buffer;
  /** The URL the body came from, after redirects. */
  readonly url: string;
  readonly contentType: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads a URL over https (SPEC P4, P5, L1, SEC8): every URL, including each redirect target, is
 * checked against the allowlist (or `checkUrl`) before it is requested, and the address each hop
 * connects to is checked when it is resolved, in the connection itself (so a name cannot resolve
 * to a public address for a check and to a private one for the request); no credentials or
 * cookies are sent; the body is capped while it streams, and the whole request is bounded in time.
 * A token is attached only to requests on its own origin (see {@link authorizationHeaders}).
 * @throws SecurityError from the allowlist, `address_not_public` or `download_too_large`; UserInputError `download_failed`
 *   (with `details.status`), `download_timeout`, `too_many_redirects`, `token_rejected` (a 401 or
 *   403 to a request that carried the token).
 */
export async function downloadBytes(url: string, options: DownloadBytesOptions): Promise<DownloadedBytes> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const check =
    options.checkUrl ?? ((target: string | URL) => assertRemoteUrlAllowed(target, options.policy ?? {}));
  const allowanceOf =
    options.addressAllowance ?? ((target: URL) => remoteAddressAllowance(target, options.policy ?? {}));
  let current = check(url);
  let allowance: AddressAllowance = 'public';
  // Loaded on first use: undici costs a cold CLI command far more than the rest of this stage.
  const undici = await import('undici');
  // One connection pool per download; its lookup reads the allowance of the hop being requested.
  const dispatcher = new undici.Agent({
    connect: {
      lookup: publicAddressLookup({
        allowance: () => allowance,
        ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
      }),
    },
  });
  try {
    for (let redirects = 0; ; redirects++) {
      allowance = allowanceOf(current);
      const response = await request(undici.fetch, current, allowance, dispatcher, signal, options);
      if (REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location)
          throw new UserInputError('download_failed', `${current.href} redirected without a location.`, {
            details: { url: current.href, status: response.status },
          });
        if (redirects >= (options.maxRedirects ?? 5))
          throw new UserInputError('too_many_redirects', `${url} redirected too many times.`, {
            details: { url },
          });
        current = check(new URL(location, current));
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        const sent = Object.keys(authorizationHeaders(current, options.token)).length > 0;
        if (sent && options.token && (response.status === 401 || response.status === 403))
          throw new UserInputError(
            'token_rejected',
            `${current.href} refused the token from $${options.token.from} (HTTP ${response.status}): it is wrong, expired or revoked, or may not read this. Check $${options.token.from}, or pass another variable with --token-env NAME.`,
            { details: { url: current.href, status: response.status, tokenEnv: options.token.from } },
          );
        throw new UserInputError('download_failed', `${current.href} answered HTTP ${response.status}.`, {
          details: { url: current.href, status: response.status },
        });
      }
      const bytes = await readCapped(response, current.href, options, signal);
      return { bytes, url: current.href, contentType: response.headers.get('content-type') ?? '' };
    }
  } finally {
    // The body is read or cancelled by now: nothing waits on the pool.
    dispatcher.destroy().catch(() => undefined);
  }
}

async function request(
  fetch: typeof import('undici').fetch,
  url: URL,
  allowance: AddressAllowance,
  dispatcher: Agent,
  signal: AbortSignal,
  options: DownloadBytesOptions,
): Promise<Response> {
  // `net` resolves nothing for a literal address, so the lookup never sees it: check it here.
  const literal = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(literal) !== 0) assertAddressAllowed(literal, { host: url.host, allowance });
  try {
    return await fetch(url, {
      redirect: 'manual',
      signal,
      credentials: 'omit',
      headers: authorizationHeaders(url, options.token),
      dispatcher,
    });
  } catch (error) {
    throw (
      refusedAddress(error) ??
      translateAbort(error, url.href, options) ??
      new UserInputError('download_failed', `Could not reach ${url.href}.`, {
        cause: error,
        details: { url: url.href },
      })
    );
  }
}

async function readCapped(
  response: Response,
  url: string,
  options: DownloadBytesOptions,
  signal: AbortSignal,
): Promise<Buffer> {
  const tooLarge = () =>
    new SecurityError('download_too_large', `${url} is larger than ${options.maxBytes} bytes.`, {
      details: { url, limit: options.maxBytes },
    });
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  let bytes: Buffer | undefined;
  try {
    bytes = await readBodyWithin(response, options.maxBytes);
  } catch (error) {
    throw translateAbort(error, url, options, signal) ?? error;
  }
  if (bytes === undefined) throw tooLarge();
  return bytes;
}

/** The lookup's refusal, which fetch wraps in `TypeError('fetch failed')` (its `cause`). */
function refusedAddress(error: unknown): SecurityError | undefined {
  for (let cause = error, depth = 0; cause !== undefined && depth < 4; depth++) {
    if (SecurityError.isInstance(cause)) return cause;
    cause = (cause as { cause?: unknown } | null)?.cause;
  }
  return undefined;
}

function translateAbort(
  error: unknown,
  url: string,
  options: DownloadBytesOptions,
  signal?: AbortSignal,
): unknown {
  if (options.signal?.aborted) return options.signal.reason;
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'TimeoutError' || (name === 'AbortError' && signal?.aborted))
    return new UserInputError('download_timeout', `${url} took too long to download.`, {
      cause: error,
      details: { url },
    });
  return undefined;
}
