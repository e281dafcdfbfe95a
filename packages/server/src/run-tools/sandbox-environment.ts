import { shellEnvironment } from '@skilldock/agent/tools';

/**
 * The whole environment of a sandboxed command (SPEC SEC3, Y17): a fixed list, nothing of the
 * server's (no keys, no database URL, no paths of the host user). `HOME` is the sandbox's private
 * `/tmp`, so caches never land among the run's files; only the work folder outlives a command.
 */
export function sandboxEnvironment(): NodeJS.ProcessEnv {
  return shellEnvironment({
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: '/tmp',
    TMPDIR: '/tmp',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    USER: 'sandbox',
    LOGNAME: 'sandbox',
    SHELL: '/bin/bash',
  });
}
