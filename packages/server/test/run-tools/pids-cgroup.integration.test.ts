import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findPidsCgroups,
  launchInCgroup,
  pidsCgroupFolders,
  removeStaleCommandCgroups,
} from '../../src/run-tools/pids-cgroup.js';

const V1_MOUNTS = [
  '30 25 0:27 / /sys/fs/cgroup rw,nosuid - tmpfs tmpfs ro,mode=755',
  '36 30 0:31 / /sys/fs/cgroup/pids rw,relatime shared:9 - cgroup cgroup rw,pids',
  '37 30 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory',
  '38 30 0:33 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw',
].join('\n');

describe('SEC4 where a command’s pids cgroup can be made', () => {
  it('SEC4 on a hybrid system: the v1 pids hierarchy first, then the v2 tree, at this process’s own cgroup', () => {
    const cgroups = '9:name=systemd:/\n8:pids:/serve/1\n4:memory:/x\n0::/serve/1\n';
    expect(pidsCgroupFolders(cgroups, V1_MOUNTS)).toEqual([
      { folder: '/sys/fs/cgroup/pids/serve/1', version: 1 },
      { folder: '/sys/fs/cgroup/unified/serve/1', version: 2 },
    ]);
  });

  it('SEC4 on cgroup v2 alone, and inside a container whose mount shows only its own subtree', () => {
    const v2 = '40 1 0:35 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate';
    expect(pidsCgroupFolders('0::/user.slice/app\n', v2)).toEqual([
      { folder: '/sys/fs/cgroup/user.slice/app', version: 2 },
    ]);
    const container = '40 1 0:35 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw';
    expect(pidsCgroupFolders('0::/docker/abc\n', container)).toEqual([
      { folder: '/sys/fs/cgroup', version: 2 },
    ]);
    expect(pidsCgroupFolders('0::/docker/abc/worker\n', container)).toEqual([
      { folder: '/sys/fs/cgroup/worker', version: 2 },
    ]);
    // A cgroup the mount does not show (another subtree, or a sibling with a longer name) is skipped.
    expect(pidsCgroupFolders('0::/docker/other\n', container)).toEqual([]);
    expect(pidsCgroupFolders('0::/docker/abcd\n', container)).toEqual([]);
  });

  it('SEC4 malformed or empty texts find nothing, and a hierarchy without pids is not used', () => {
    expect(pidsCgroupFolders('', '')).toEqual([]);
    expect(pidsCgroupFolders('garbage', 'garbage - ')).toEqual([]);
    expect(pidsCgroupFolders('4:memory:/x\n', V1_MOUNTS.split('\n').slice(2, 3).join('\n'))).toEqual([]);
  });
});

describe('SEC4 command cgroups left behind are removed once they are empty and a minute old', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'skilldock-cgroups-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('SEC4 only old, empty folders of ours go', () => {
    const now = Date.now();
    const old = new Date(now - 120_000);
    for (const name of [
      'skilldock-sandbox-old',
      'skilldock-sandbox-busy',
      'skilldock-sandbox-new',
      'other-old',
    ])
      mkdirSync(path.join(parent, name));
    writeFileSync(path.join(parent, 'skilldock-sandbox-busy', 'tasks'), '42');
    for (const name of ['skilldock-sandbox-old', 'skilldock-sandbox-busy', 'other-old'])
      utimesSync(path.join(parent, name), old, old);
    removeStaleCommandCgroups(parent, now);
    expect(existsSync(path.join(parent, 'skilldock-sandbox-old'))).toBe(false);
    expect(existsSync(path.join(parent, 'skilldock-sandbox-busy'))).toBe(true);
    expect(existsSync(path.join(parent, 'skilldock-sandbox-new'))).toBe(true);
    expect(existsSync(path.join(parent, 'other-old'))).toBe(true);
    // A missing parent is not an error.
    removeStaleCommandCgroups(path.join(parent, 'missing'), now);
  });
});

const cgroups = findPidsCgroups();

describe.runIf(cgroups !== undefined)('SEC4 a command in its cgroup (this host has one)', () => {
  it('SEC4 cannot have more tasks than pids.max, even when the server is root', () => {
    const folder = cgroups!.create(10);
    expect(readFileSync(path.join(folder, 'pids.max'), 'utf8').trim()).toBe('10');
    const launcher = launchInCgroup(
      {
        executable: '/bin/sh',
        args: ['-c', 'i=0; while [ $i -lt 20 ]; do sleep 1 & i=$((i+1)); done; wait'],
      },
      folder,
    );
    const result = spawnSync(launcher.executable, launcher.args, { encoding: 'utf8', timeout: 20_000 });
    // dash gives up at once when fork fails (EAGAIN from the pids controller).
    expect(result.stderr).toContain('Cannot fork');
    expect(result.status).not.toBe(0);
    expect(readFileSync(path.join(folder, 'pids.events'), 'utf8')).toMatch(/^max [1-9]/m);
  });

  it('SEC4 a cgroup it cannot join runs nothing and says so (exit 125)', () => {
    const launcher = launchInCgroup(
      { executable: '/bin/sh', args: ['-c', 'echo ran'] },
      path.join(cgroups!.parent, 'skilldock-sandbox-never-made'),
    );
    const result = spawnSync(launcher.executable, launcher.args, { encoding: 'utf8' });
    expect(result.status).toBe(125);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('could not join its process-limit cgroup');
  });
});
