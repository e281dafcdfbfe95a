/**
 * Names that look like credentials: `*_API_KEY`, `*_TOKEN`, `*_SECRET*`, `*PASSWORD*`, … The
 * model sees everything a command prints, so `env` must not reveal the user's keys to it.
 */
const SECRET_NAME =
  /(^|_)(API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|KEY|SECRET|SECRETS|TOKEN|TOKENS|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|CREDENTIALS)(_|$)/i;

/** True when an environment variable's name looks like it holds a credential. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * The environment a shell command gets: the host's, without variables whose names look like
 * credentials (see {@link isSecretName}), and with pagers and git prompts switched off so no
 * command waits for a terminal that is not there.
 * @example spawn('bash', ['-c', command], { env: shellEnvironment(process.env) });
 */
export function shellEnvironment(environment: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(environment)) {
    if (value !== undefined && !isSecretName(name)) kept[name] = value;
  }
  return { ...kept, PAGER: 'cat', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' };
}
