import { UserInputError } from '../../errors.js';
import { isLoopbackHost } from './assert-remote-url-allowed.js';

/**
 * A bearer token bound to one origin (scheme, host and port): the only origin it is ever sent to.
 * `from` names where it was read (an environment variable name); that name, never the value, is
 * what lock files, messages and drafts may carry.
 */
export interface SourceToken {
  /** `https://skills.example.com` or `http://127.0.0.1:7860`, as `URL.origin` spells it. */
  readonly origin: string;
  readonly value: string;
  /** The environment variable the value was read from, e.g. `SKILLDOCK_TOKEN`. */
  readonly from: string;
}

const ENVIRONMENT_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
// Visible ASCII only: a CR or LF would split the header; spaces would make another scheme.
const TOKEN_VALUE = /^[\x21-\x7e]{1,4096}$/;

/**
 * True when `name` can be an environment variable name (what `--token-env` accepts) and is not a
 * Skilldock token (`skd_…`) pasted where the name belongs.
 */
export function isEnvironmentVariableName(name: string): boolean {
  return ENVIRONMENT_NAME.test(name) && !/^skd_/i.test(name);
}

/**
 * Binds a token read from the environment variable `from` to the origin of `url` (SPEC P5, SEC3).
 * The value is checked, never echoed: every message names the variable instead.
 * @throws UserInputError `invalid_token` for a value that cannot be sent in a header, or a bad name.
 * @example createSourceToken('https://skills.example.com/team', process.env.SKILLDOCK_TOKEN, 'SKILLDOCK_TOKEN')
 */
export function createSourceToken(url: string | URL, value: string, from: string): SourceToken {
  if (!isEnvironmentVariableName(from))
    throw new UserInputError(
      'invalid_token',
      // Never echoed: a token pasted where the variable name belongs must not reach a log.
      'A token source must be an environment variable name (letters, digits and _).',
      { details: {} },
    );
  const trimmed = value.trim();
  if (!TOKEN_VALUE.test(trimmed))
    throw new UserInputError(
      'invalid_token',
      `The token in $${from} is empty, too long or holds spaces or control characters; it was not sent.`,
      { details: { tokenEnv: from } },
    );
  return Object.freeze({ origin: new URL(url).origin, value: trimmed, from });
}

/**
 * The request headers for `url`: `Authorization: Bearer …` only when `url` has exactly the token's
 * origin and the connection is https or loopback http. Called for every request and every redirect
 * hop, so a redirect to another origin (another host, port or scheme) never receives the token.
 */
export function authorizationHeaders(url: URL, token: SourceToken | undefined): Record<string, string> {
  if (token === undefined || url.origin !== token.origin) return {};
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  return secure ? { authorization: `Bearer ${token.value}` } : {};
}
