import type { Command } from 'commander';

/** Flags shared by `skills add` and `skills import`. */
export interface InstallCommandOptions {
  readonly global?: boolean;
  readonly agent?: string[];
  readonly skill?: string[];
  readonly copy?: boolean;
  readonly list?: boolean;
  readonly yes?: boolean;
  readonly json?: boolean;
  readonly allowHost?: string[];
  readonly allowInsecureLocalhost?: boolean;
  /** `--token-env NAME` (`skills add` only). */
  readonly tokenEnv?: string;
  readonly cwd?: string;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Adds the install flags to a command. */
export function addInstallOptions(command: Command): Command {
  command
    .option('-g, --global', 'install for your user (~/…) instead of this project')
    .option(
      '-a, --agent <agents...>',
      "agent ids (comma or space separated), or '*' for all; default: detected agents + .agents/skills",
    )
    .option('-s, --skill <skills...>', "skills to install (comma or space separated), or '*' for all")
    .option('--copy', 'copy into every agent folder instead of linking to .agents/skills')
    .option('-l, --list', 'only list the skills the source holds')
    .option('-y, --yes', 'no prompts: install what the flags say (all skills when --skill is not given)')
    .option('--json', 'print JSON');
  return addRemotePolicyOptions(command).option(
    '--cwd <dir>',
    'work in this folder instead of the current one',
  );
}

/** The allowlist flags (SPEC P5) of every command that may fetch a remote source. */
export function addRemotePolicyOptions(command: Command): Command {
  return command
    .option('--allow-host <host>', 'also allow this remote host for this run (repeatable)', collect)
    .option('--allow-insecure-localhost', 'allow plain http to loopback addresses (tests, local servers)');
}

/** `['a,b', 'c']` → `['a', 'b', 'c']`; `['*']` → `'*'`; nothing → `undefined`. */
export function parseListOption(values: readonly string[] | undefined): string[] | '*' | undefined {
  if (values === undefined) return undefined;
  const items = values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  if (items.includes('*')) return '*';
  return items.length === 0 ? undefined : items;
}

/**
 * `--token-env NAME` of `skills add`, `update` and `check`: the variable holding a skills server's
 * API token. Only the name is ever on the command line (argv is visible in `ps`).
 */
export function addTokenOption(command: Command, use: 'add' | 'lock' = 'add'): Command {
  return command.option(
    '--token-env <name>',
    use === 'add'
      ? 'send the API token in this environment variable to the skills server (default: install_tokens setting, then SKILLDOCK_TOKEN)'
      : "send the API token in this environment variable to the lock's skills servers (default: install_tokens setting, then the variable the lock recorded)",
  );
}
