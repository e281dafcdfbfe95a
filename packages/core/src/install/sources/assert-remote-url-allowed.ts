import { SecurityError, UserInputError } from '../../errors.js';
import type { AddressAllowance } from '../../network/assert-address-allowed.js';

/** Hosts a remote install may reach when no `allowed_hosts` setting is given (SPEC P5). */
export const DEFAULT_ALLOWED_HOSTS: readonly string[] = Object.freeze(['github.com', 'modelscope.cn']);

/** Which remote URLs an install may fetch (SPEC P5). */
export interface RemotePolicy {
  /** The `allowed_hosts` setting; default {@link DEFAULT_ALLOWED_HOSTS}; an empty list disables remote install. */
  readonly allowedHosts?: readonly string[];
  /** Extra hosts for this run only (`--allow-host`). */
  readonly allowHosts?: readonly string[];
  /** Allow plain http, and any port, to loopback addresses (`--allow-insecure-localhost`); for tests and local servers. */
  readonly allowInsecureLocalhost?: boolean;
  /**
   * Hosts (with `:port` when not the default) whose `/skills/@owner/name` and `/collections/…` pages
   * are ModelScope's and are fetched through its API; default {@link MODELSCOPE_HOSTS}. Being named
   * here does not allow a host: `allowedHosts` still decides.
   */
  readonly modelScopeHosts?: readonly string[];
  /**
   * Who may allow a refused host, as a refusal's message tells it: `command-line` (default) names
   * the `allowed_hosts` setting and `--allow-host`; `administrator` (a server: its users have no
   * command line) says an administrator lists the host in the server's allowed hosts.
   */
  readonly allowHostAdvice?: 'command-line' | 'administrator';
}

/** The hosts of ModelScope (SPEC Y4: a ModelScope skill or collection is a remote source). */
export const MODELSCOPE_HOSTS: readonly string[] = Object.freeze(['modelscope.cn', 'www.modelscope.cn']);

/** How to allow `host`, told to whoever can (see {@link RemotePolicy.allowHostAdvice}). */
function allowHostAdvice(host: string, policy: RemotePolicy): string {
  return policy.allowHostAdvice === 'administrator'
    ? `an administrator can add ${host} to the allowed hosts in the server's settings`
    : `add it to the 'allowed_hosts' setting, or pass --allow-host ${host} for this run`;
}

/**
 * Checks a remote URL against the allowlist (SPEC P5) and returns it parsed. Hosts match exactly after
 * the WHATWG URL parser has normalised them (lowercase, punycode, canonical IPv4), so
 * `github.com.evil.com`, `github.com.` and look-alike Unicode hosts never match `github.com`.
 * A host with a non-default port must be listed with its port (`host:8443`).
 * @throws SecurityError `unsupported_protocol`, `insecure_protocol`, `url_has_credentials`,
 *   `url_has_query`, `url_has_fragment`, `remote_install_disabled`, `host_not_allowed`.
 * @example assertRemoteUrlAllowed('https://github.com/acme/skills.git', { allowedHosts: ['github.com'] });
 */
export function assertRemoteUrlAllowed(url: string | URL, policy: RemotePolicy = {}): URL {
  const parsed = parseUrl(url);
  const shown = redact(parsed);
  const loopback = isLoopbackHost(parsed.hostname);
  if (parsed.protocol === 'http:') {
    if (!loopback)
      throw new SecurityError('insecure_protocol', `Refusing ${shown}: remote sources must use https.`, {
        details: { url: shown },
      });
    if (!policy.allowInsecureLocalhost)
      throw new SecurityError(
        'insecure_protocol',
        policy.allowHostAdvice === 'administrator'
          ? `Refusing ${shown}: remote sources must use https.`
          : `Refusing ${shown}: plain http is allowed only for loopback addresses with --allow-insecure-localhost (allowInsecureLocalhost).`,
        { details: { url: shown } },
      );
  } else if (parsed.protocol !== 'https:') {
    throw new SecurityError(
      'unsupported_protocol',
      `Refusing ${shown}: only https URLs can be installed from (${parsed.protocol} is not supported).`,
      { details: { url: shown } },
    );
  }
  if (parsed.username !== '' || parsed.password !== '')
    throw new SecurityError(
      'url_has_credentials',
      `Refusing ${shown}: a source URL must not carry credentials (user:password@); remote installs are anonymous.`,
      { details: { url: shown } },
    );
  const beforeFragment = parsed.href.split('#')[0] ?? '';
  if (parsed.search !== '' || beforeFragment.includes('?'))
    throw new SecurityError('url_has_query', `Refusing ${shown}: a source URL must not have a query (?…).`, {
      details: { url: shown },
    });
  if (parsed.hash !== '' || parsed.href.includes('#'))
    throw new SecurityError(
      'url_has_fragment',
      `Refusing ${shown}: a source URL must not have a fragment (#…).`,
      {
        details: { url: shown },
      },
    );
  if (loopback && policy.allowInsecureLocalhost) return parsed;

  const allowed = new Set(
    [...(policy.allowedHosts ?? DEFAULT_ALLOWED_HOSTS), ...(policy.allowHosts ?? [])].map(normalizeHost),
  );
  if (allowed.size === 0)
    throw new SecurityError(
      'remote_install_disabled',
      policy.allowHostAdvice === 'administrator'
        ? `Refusing ${shown}: remote install is disabled because the allowed hosts list is empty; ${allowHostAdvice(parsed.host, policy)}.`
        : `Refusing ${shown}: remote install is disabled because 'allowed_hosts' is empty; set 'allowed_hosts' or pass --allow-host ${parsed.host} for this run.`,
      { details: { url: shown, host: parsed.host } },
    );
  if (!allowed.has(parsed.host))
    throw new SecurityError(
      'host_not_allowed',
      `Refusing ${shown}: host '${parsed.host}' is not in the allowed hosts (${[...allowed].join(', ')}); ${allowHostAdvice(parsed.host, policy)}.`,
      { details: { url: shown, host: parsed.host, allowedHosts: [...allowed] } },
    );
  return parsed;
}

/**
 * Which addresses a remote install may connect to for a URL {@link assertRemoteUrlAllowed} let
 * through (SPEC SEC8): a loopback URL with `allowInsecureLocalhost` may reach loopback; a host the
 * operator listed (`allowed_hosts` beyond the defaults, `--allow-host`) may live on a private
 * network; the default hosts (github.com, ModelScope) must resolve to public addresses.
 * @example remoteAddressAllowance(new URL('https://github.com/a/b.git'), {}) // 'public'
 */
export function remoteAddressAllowance(url: URL, policy: RemotePolicy = {}): AddressAllowance {
  if (isLoopbackHost(url.hostname) && policy.allowInsecureLocalhost) return 'loopback';
  const builtIn = new Set([...DEFAULT_ALLOWED_HOSTS, ...(policy.modelScopeHosts ?? MODELSCOPE_HOSTS)]);
  const listed = [...(policy.allowedHosts ?? DEFAULT_ALLOWED_HOSTS), ...(policy.allowHosts ?? [])]
    .map(normalizeHost)
    .filter((host) => !builtIn.has(host));
  return listed.includes(url.host) ? 'any' : 'public';
}

/** True for `localhost`, `127.0.0.0/8` and `::1` as the URL parser spells them. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/** Normalises an allowlist entry the way the URL parser normalises a host (lowercase, punycode). */
export function normalizeHost(entry: string): string {
  const trimmed = entry.trim();
  if (trimmed === '' || /[/@?#\s]/.test(trimmed))
    throw new UserInputError(
      'invalid_allowed_host',
      `'${entry}' is not a host name; write it like 'github.com'.`,
      {
        details: { field: 'allowed_hosts' },
      },
    );
  try {
    return new URL(`https://${trimmed}`).host;
  } catch (cause) {
    throw new UserInputError(
      'invalid_allowed_host',
      `'${entry}' is not a host name; write it like 'github.com'.`,
      {
        cause,
        details: { field: 'allowed_hosts' },
      },
    );
  }
}

/** The URL parsed, or `UserInputError` `invalid_url`. */
export function parseUrl(url: string | URL): URL {
  if (url instanceof URL) return url;
  try {
    return new URL(url);
  } catch (cause) {
    throw new UserInputError('invalid_url', `'${url}' is not a valid URL.`, { cause });
  }
}

/** The URL as shown in messages: never echo a password back. */
export function redact(url: URL): string {
  if (url.password === '') return url.href;
  const copy = new URL(url.href);
  copy.password = '***';
  return copy.href;
}
