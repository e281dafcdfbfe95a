/**
 * Names that look like credentials: `*_API_KEY`, `*_TOKEN`, `*_SECRET*`, `*PASSWORD*`, `*_AUTH`, …
 * The model sees everything a command prints, so `env` must not reveal the user's keys to it.
 */
const SECRET_NAME =
  /(^|_)(API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|KEY|SECRET|SECRETS|TOKEN|TOKENS|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|CREDENTIALS)(_|$)/i;

// Only as the last word: `MYLLM_AUTH` holds a credential, `SSH_AUTH_SOCK` is a socket path.
const SECRET_SUFFIX = /(^|_)(AUTH|AUTHORIZATION|COOKIE)$/i;

/** True when an environment variable's name looks like it holds a credential. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) || SECRET_SUFFIX.test(name);
}

/** Options of {@link shellEnvironment} (settings `shell.env`, SPEC SEC3). */
export interface ShellEnvironmentOptions {
  /**
   * Names dropped as well: the variables providers (`apiKeyEnv`) and MCP servers name, and the
   * settings' `shell.env.deny`. Compared without regard to case.
   */
  readonly deny?: readonly string[];
  /** Names kept even though they look like credentials (the user's `shell.env.allow`). */
  readonly allow?: readonly string[];
}

/**
 * The environment a shell command gets: the host's, without variables whose names look like
 * credentials (see {@link isSecretName}) or are denied, unless allowed by name; with pagers and
 * git prompts switched off so no command waits for a terminal that is not there.
 * @example spawn('bash', ['-c', command], { env: shellEnvironment(process.env, { deny: ['MYLLM_AUTH'] }) });
 */
export function shellEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
  { deny = [], allow = [] }: ShellEnvironmentOptions = {},
): NodeJS.ProcessEnv {
  const denied = new Set(deny.map((name) => name.toUpperCase()));
  const allowed = new Set(allow.map((name) => name.toUpperCase()));
  const kept: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(environment)) {
    if (value === undefined) continue;
    const upper = name.toUpperCase();
    if (allowed.has(upper) || !(isSecretName(name) || denied.has(upper))) kept[name] = value;
  }
  return { ...kept, PAGER: 'cat', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' };
}
