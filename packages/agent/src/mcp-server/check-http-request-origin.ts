import { type Failure, failure } from '@skilldock/core/errors';
import { isLoopbackHost } from '@skilldock/core/install';

/** Host names a loopback server answers to (DNS-rebinding protection, as the MCP SDK's `localhostHostValidation`). */
export const LOOPBACK_HOST_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** What {@link checkHttpRequestOrigin} decided. */
export type RequestOriginCheck =
  | { readonly ok: true }
  | Failure<'mcp_request_refused', { readonly status: 403 }>;

/**
 * DNS-rebinding protection for the streamable HTTP transport, as the MCP specification asks
 * ("servers MUST validate the Origin header") and the SDK's host-header middleware does: the
 * `Host` header's host name (any port) must be one the server answers to, and an `Origin`, when
 * a browser sends one, must name such a host too. A page on `evil.example` whose name now
 * resolves to 127.0.0.1 sends `Host: evil.example` and is refused.
 * @example checkHttpRequestOrigin({ host: '127.0.0.1:3000' }, LOOPBACK_HOST_NAMES) // { ok: true }
 */
export function checkHttpRequestOrigin(
  headers: { readonly host?: string | undefined; readonly origin?: string | undefined },
  allowedHostNames: readonly string[],
): RequestOriginCheck {
  const allowed = new Set(allowedHostNames.map((name) => name.toLowerCase()));
  const hostName = hostNameOf(headers.host === undefined ? undefined : `http://${headers.host}`);
  if (hostName === undefined) return refuse('The request has no valid Host header.');
  if (!allowed.has(hostName)) return refuse(`The Host ${hostName} is not one this server answers to.`);
  if (headers.origin !== undefined && headers.origin !== '') {
    const originHost = headers.origin === 'null' ? undefined : hostNameOf(headers.origin);
    if (originHost === undefined || !allowed.has(originHost)) {
      return refuse(`The Origin ${headers.origin} is not allowed.`);
    }
  }
  return { ok: true };
}

/** True for a `--host` value that only this machine can reach (`127.0.0.1`, `localhost`, `::1`). */
export function isLoopbackBindHost(host: string): boolean {
  return isLoopbackHost(bracketed(host).toLowerCase());
}

/** An IPv6 address in the brackets URLs and `Host` headers write it with. */
export function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function hostNameOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.username !== '' || parsed.password !== '') return undefined;
    return parsed.hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function refuse(message: string): RequestOriginCheck {
  return failure('mcp_request_refused', message, { status: 403 as const });
}
