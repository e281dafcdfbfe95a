import type { ResolvedSource, SourceToken } from '@skilldock/core/install';
import type { loadCore } from '../load-core.js';

/** The default variable a skills server's token is read from. */
export const DEFAULT_TOKEN_ENV = 'SKILLDOCK_TOKEN';

type Core = Awaited<ReturnType<typeof loadCore<['errors', 'install']>>>;

/** What decides which token a well-known source gets. */
export interface TokenChoice {
  /** `--token-env NAME`: read the token from this variable (never from argv itself). */
  readonly tokenEnv?: string | undefined;
  /** `install_tokens` of the user settings, by origin. */
  readonly tokenEnvByOrigin: ReadonlyMap<string, string>;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * The token `skills add SOURCE` sends (README "Installing from a server"), bound to the origin of the
 * URL the user typed: `--token-env NAME`, else the `install_tokens` entry of that origin, else
 * `SKILLDOCK_TOKEN` when it is set — unless `install_tokens` binds `SKILLDOCK_TOKEN` to some
 * server, which then keeps it to those servers. Only well-known sources take a token;
 * `--token-env` with another source is an error. A variable that was asked for but is unset is an
 * error before any request.
 */
export function tokenForAdd(
  core: Core,
  source: ResolvedSource,
  choice: TokenChoice,
): SourceToken | undefined {
  if (source.type !== 'well-known' || source.url === undefined) {
    if (choice.tokenEnv !== undefined)
      throw new core.UserInputError(
        'token_not_supported',
        `--token-env applies to skills servers (well-known indexes) only; ${source.input} is a ${source.type} source.`,
        { details: { source: source.input } },
      );
    return undefined;
  }
  const origin = new URL(source.url).origin;
  const named = choice.tokenEnv ?? choice.tokenEnvByOrigin.get(origin);
  if (named !== undefined) return readToken(core, source.url, named, choice.env);
  const fallback = choice.env[DEFAULT_TOKEN_ENV];
  return fallback === undefined || fallback === '' || defaultIsBound(choice)
    ? undefined
    : readToken(core, source.url, DEFAULT_TOKEN_ENV, choice.env);
}

/** True when `install_tokens` names `SKILLDOCK_TOKEN`: it then goes only to the servers bound to it. */
function defaultIsBound(choice: TokenChoice): boolean {
  return [...choice.tokenEnvByOrigin.values()].includes(DEFAULT_TOKEN_ENV);
}

/**
 * The `tokenFor` of `skills update` and `check`: `--token-env NAME`, else the `install_tokens` entry
 * of the entry's origin, else — for the personal lock only — the variable the lock entry recorded.
 * A project lock (possibly a cloned one) never makes the command read a variable or send a token:
 * its recorded variable only says that a token is needed.
 * An entry that recorded a token the rules do not allow fails with `token_required`.
 */
export function tokenForLockEntry(
  core: Core,
  scope: 'project' | 'global',
  choice: TokenChoice,
): (source: ResolvedSource, entry: Readonly<Record<string, unknown>>) => SourceToken | undefined {
  return (source, entry) => {
    if (source.url === undefined) return undefined;
    const named = choice.tokenEnv ?? choice.tokenEnvByOrigin.get(new URL(source.url).origin);
    if (named !== undefined) return readToken(core, source.url, named, choice.env);
    const recorded = typeof entry.tokenEnv === 'string' ? entry.tokenEnv : undefined;
    if (recorded === undefined) return undefined;
    // A project lock (possibly a cloned one) never makes the command send a token on its own, not
    // even SKILLDOCK_TOKEN: the lock names the server, so reading any variable for it would hand the
    // user's token to a host the repository chose.
    if (scope === 'global') return readToken(core, source.url, recorded, choice.env);
    throw new core.UserInputError(
      'token_required',
      `${source.input} was installed with a token from a variable the project lock names; a project cannot choose which variable is read. Pass --token-env NAME, or bind the server in install_tokens of ~/.skilldock/settings.json.`,
      { details: { source: source.input } },
    );
  };
}

function readToken(
  core: Core,
  url: string,
  name: string,
  env: Readonly<Record<string, string | undefined>>,
): SourceToken {
  if (!core.isEnvironmentVariableName(name))
    throw new core.UserInputError(
      'invalid_token',
      `--token-env takes the name of an environment variable (letters, digits and _), not the token itself.`,
      { details: {} },
    );
  const value = env[name];
  if (value === undefined || value === '') {
    // Only a conventional name is repeated: anything else may be a secret pasted in its place.
    const shown = /^[A-Z_][A-Z0-9_]*$/.test(name) ? name : undefined;
    const variable = shown === undefined ? 'The variable named by --token-env' : `$${shown}`;
    throw new core.UserInputError(
      'token_env_missing',
      `${variable} is not set, so there is no token to send: export it with an API token from the server's settings (pass its name with --token-env NAME, never the token), then run the command again.`,
      { details: shown === undefined ? {} : { tokenEnv: shown } },
    );
  }
  return core.createSourceToken(url, value, name);
}
