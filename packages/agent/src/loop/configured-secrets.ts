import type { Settings } from '@skilldock/core/discover';
import { isSecretName } from './shell-environment.js';

/** Variables the built-in providers read their keys from. */
const BUILT_IN_KEY_VARIABLES = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY'];

/**
 * Values shorter than this are never scrubbed: replacing every `test` or `1234` in a tool's output
 * would shred it, and a credential that short protects nothing anyway.
 */
export const MIN_SECRET_LENGTH = 8;

/** Options of {@link configuredSecrets}. */
export interface ConfiguredSecretsOptions {
  /** The effective settings (user providers included). */
  readonly settings: Settings;
  /** The environment keys are read from; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** What a host keeps away from tools and the model (SPEC SEC3). */
export interface ConfiguredSecrets {
  /**
   * Variables the shell must not get beyond those that look like credentials: every `apiKeyEnv`,
   * the built-in key variables, the variables MCP servers set, and `shell.env.deny`.
   */
  readonly names: readonly string[];
  /**
   * Name → value of every secret to scrub from tool results (`[redacted:NAME]`): the values of
   * those variables and of every variable that looks like a credential, and the literal values of
   * MCP server `env` entries and of provider and MCP `headers`. Values shorter than
   * {@link MIN_SECRET_LENGTH} are left out.
   */
  readonly secrets: ReadonlyMap<string, string>;
}

/**
 * Collects the secrets a session's settings and environment configure, for the shell's
 * environment and the scrubbing of tool results (SPEC SEC3).
 * @example
 * const { names, secrets } = configuredSecrets({ settings, env: process.env });
 * createShellTool({ environment: shellEnvironment(process.env, { deny: names }) });
 */
export function configuredSecrets({
  settings,
  env = process.env,
}: ConfiguredSecretsOptions): ConfiguredSecrets {
  const names = new Set(BUILT_IN_KEY_VARIABLES);
  const secrets = new Map<string, string>();
  const add = (name: string, value: string | undefined) => {
    if (value === undefined || value.length < MIN_SECRET_LENGTH || secrets.has(name)) return;
    if ([...secrets.values()].includes(value)) return;
    secrets.set(name, value);
  };
  for (const provider of Object.values(settings.models?.providers ?? {})) {
    if (provider.apiKeyEnv !== undefined) names.add(provider.apiKeyEnv);
    for (const [header, value] of Object.entries(provider.headers ?? {})) add(header, value);
  }
  for (const server of Object.values(settings.mcpServers ?? {})) {
    if ('url' in server) {
      for (const [header, value] of Object.entries(server.headers ?? {})) add(header, value);
    } else {
      for (const [name, value] of Object.entries(server.env ?? {})) {
        names.add(name);
        add(name, value);
      }
    }
  }
  for (const name of settings.shell?.env?.deny ?? []) names.add(name);
  const upperNames = new Set([...names].map((name) => name.toUpperCase()));
  for (const [name, value] of Object.entries(env)) {
    if (upperNames.has(name.toUpperCase()) || isSecretName(name)) add(name, value);
  }
  return { names: [...names].sort(), secrets };
}
