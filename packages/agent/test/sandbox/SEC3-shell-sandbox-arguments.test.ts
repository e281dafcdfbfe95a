/**
 * SPEC SEC3: the CLI's shell runs in the platform's sandbox builder with the host's file system
 * read-only, its own /proc (no other process's environment), and only the project writable.
 * In process: the arguments and the settings' choices (the sandbox itself is proven end to end in
 * the CLI's SEC3-proc-environ integration test).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bubblewrapArguments, DEFAULT_SANDBOX_LIMITS, openShellSandbox } from '../../src/sandbox/index.js';

const base = { readOnlyFolders: [], systemMounts: [], cwd: '/work/p/sub', workFolder: '/work/p' } as const;

describe('SEC3 the shell sandbox', () => {
  let project: string;
  beforeEach(async () => {
    project = await mkdtemp(path.join(tmpdir(), 'skilldock-shell-sandbox-'));
  });
  afterEach(async () => {
    await rm(project, { recursive: true, force: true });
  });

  it('SEC3 hostRoot shows / read-only, then its own /proc, /dev and /tmp, then the project writable; no limits, no prlimit', () => {
    const args = bubblewrapArguments({ ...base, network: true, hostRoot: true, uid: 1234, gid: 5678 });
    const at = (flag: string, value: string) =>
      args.findIndex((arg, index) => arg === flag && args[index + 1] === value);
    expect(at('--ro-bind', '/')).toBeGreaterThan(-1);
    expect(at('--proc', '/proc')).toBeGreaterThan(at('--ro-bind', '/'));
    expect(at('--tmpfs', '/tmp')).toBeGreaterThan(at('--ro-bind', '/'));
    expect(at('--bind', '/work/p')).toBeGreaterThan(at('--tmpfs', '/tmp'));
    expect(args).toEqual(
      expect.arrayContaining(['--unshare-all', '--unshare-user', '--share-net', '--as-pid-1']),
    );
    expect(args.slice(args.indexOf('--uid'), args.indexOf('--uid') + 4)).toEqual([
      '--uid',
      '1234',
      '--gid',
      '5678',
    ]);
    expect(args).not.toContain('/etc/resolv.conf');
    expect(args).not.toContain('--remount-ro');
    expect(args.at(-1)).toBe('--');
    expect(args.some((arg) => arg.includes('prlimit'))).toBe(false);
  });

  it('SEC3 the platform spec is unchanged: an empty root, its resolv.conf from fd 5 and prlimit last', () => {
    const args = bubblewrapArguments({ ...base, network: true, limits: DEFAULT_SANDBOX_LIMITS });
    expect(args.some((arg, index) => arg === '--ro-bind' && args[index + 1] === '/')).toBe(false);
    expect(args).toEqual(expect.arrayContaining(['--ro-bind-data', '5', '/etc/resolv.conf', '--remount-ro']));
    expect(args.slice(args.indexOf('--uid'), args.indexOf('--uid') + 4)).toEqual([
      '--uid',
      '1000',
      '--gid',
      '1000',
    ]);
    expect(args.slice(-6)[0]).toBe('/usr/bin/prlimit');
  });

  it('SEC3 "off" runs unsandboxed with no notice; a missing bubblewrap says so and how to install it', async () => {
    expect(await openShellSandbox({ projectRoot: project, mode: 'off' })).toEqual({});
    const missing = await openShellSandbox({
      projectRoot: project,
      bwrapPath: path.join(project, 'no-bwrap'),
    });
    expect(missing.launcher).toBeUndefined();
    expect(missing.notice?.code).toBe('shell_unsandboxed');
    expect(missing.notice?.message).toContain('is not installed');
    expect(missing.notice?.message).toContain('/proc/<pid>/environ');
    expect(missing.notice?.message).toContain('apt install bubblewrap');
  });
});
