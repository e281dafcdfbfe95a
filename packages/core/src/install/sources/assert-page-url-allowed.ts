import { SecurityError, UserInputError } from '../../errors.js';
import type { AddressAllowance } from '../../network/assert-address-allowed.js';
import { isPublicUnicastAddress } from '../../network/is-public-unicast-address.js';
import { isLoopbackHost, normalizeHost, parseUrl, redact } from './assert-remote-url-allowed.js';

/** Which web pages `skilldock learn` may fetch (SPEC L1, the P5 rules for learning). */
export interface PagePolicy {
  /**
   * The `learn.allowedHosts` setting: hosts matched exactly, as in P5 (a non-default port listed
   * with it). Absent: any public https host; an empty list turns learning from the web off.
   */
  readonly allowedHosts?: readonly string[];
  /** Allow plain http, and any port, to loopback addresses; for tests and local servers only. */
  readonly allowInsecureLocalhost?: boolean;
}

const SETTING_HINT = "add it to 'learn.allowedHosts' in ~/.skilldock/settings.json";

/**
 * Checks the URL of a page to learn from, and every redirect it takes (SPEC L1, P5): https only
 * (http only to loopback with `allowInsecureLocalhost`), no credentials, the host in
 * `allowedHosts` when that is set — else any host but loopback, private, link-local and other
 * non-public addresses written as such. A query is part of a page's address and is kept; the
 * fragment is never sent and is dropped from the URL returned.
 * @throws SecurityError `unsupported_protocol`, `insecure_protocol`, `url_has_credentials`,
 *   `host_not_allowed`; UserInputError `invalid_url`, `invalid_allowed_host`.
 * @example assertPageUrlAllowed('https://docs.example.com/api?v=2#auth').href // 'https://docs.example.com/api?v=2'
 */
export function assertPageUrlAllowed(url: string | URL, policy: PagePolicy = {}): URL {
  const parsed = new URL(parseUrl(url).href);
  parsed.hash = '';
  const shown = redact(parsed);
  const loopback = isLoopbackHost(parsed.hostname);
  if (parsed.protocol === 'http:') {
    if (!(loopback && policy.allowInsecureLocalhost))
      throw new SecurityError('insecure_protocol', `Refusing ${shown}: pages are fetched over https only.`, {
        details: { url: shown },
      });
  } else if (parsed.protocol !== 'https:') {
    throw new SecurityError(
      'unsupported_protocol',
      `Refusing ${shown}: only https pages can be learned from (${parsed.protocol} is not supported).`,
      { details: { url: shown } },
    );
  }
  if (parsed.username !== '' || parsed.password !== '')
    throw new SecurityError(
      'url_has_credentials',
      `Refusing ${shown}: a page URL must not carry credentials (user:password@); pages are fetched anonymously.`,
      { details: { url: shown } },
    );
  if (loopback && policy.allowInsecureLocalhost) return parsed;
  if (policy.allowedHosts !== undefined) {
    const allowed = new Set(policy.allowedHosts.map(normalizePageHost));
    if (!allowed.has(parsed.host))
      throw new SecurityError(
        'host_not_allowed',
        allowed.size === 0
          ? `Refusing ${shown}: learning from the web is off because 'learn.allowedHosts' is empty.`
          : `Refusing ${shown}: host '${parsed.host}' is not in learn.allowedHosts (${[...allowed].join(', ')}); ${SETTING_HINT}.`,
        { details: { url: shown, host: parsed.host, allowedHosts: [...allowed] } },
      );
    return parsed;
  }
  if (loopback || isNonPublicAddress(parsed.hostname))
    throw new SecurityError(
      'host_not_allowed',
      `Refusing ${shown}: '${parsed.hostname}' is not a public address; to learn from it, ${SETTING_HINT}.`,
      { details: { url: shown, host: parsed.host } },
    );
  return parsed;
}

function normalizePageHost(host: string): string {
  try {
    return normalizeHost(host);
  } catch (cause) {
    throw new UserInputError(
      'invalid_allowed_host',
      `learn.allowedHosts: '${host}' is not a host name; write it like 'docs.example.com'.`,
      { cause, details: { field: 'learn.allowedHosts' } },
    );
  }
}

/**
 * Which addresses a page fetch may connect to for a URL {@link assertPageUrlAllowed} let through
 * (SPEC SEC8): a loopback URL with `allowInsecureLocalhost` may reach loopback; a host listed in
 * `learn.allowedHosts` may live on a private network (the operator named it); any other host must
 * resolve to public addresses only.
 * @example pageAddressAllowance(new URL('https://docs.example.com/'), {}) // 'public'
 */
export function pageAddressAllowance(url: URL, policy: PagePolicy = {}): AddressAllowance {
  if (isLoopbackHost(url.hostname) && policy.allowInsecureLocalhost) return 'loopback';
  if (policy.allowedHosts?.map(normalizePageHost).includes(url.host)) return 'any';
  return 'public';
}

/**
 * A host written as an address that is not public (SEC8's one predicate), or a `localhost` name.
 * Names are checked again on the addresses they resolve to, when the page is fetched.
 */
function isNonPublicAddress(hostname: string): boolean {
  const bare = hostname.toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  const literal = bare.startsWith('[') || /^[\d.]+$/.test(bare);
  return literal && !isPublicUnicastAddress(bare);
}
