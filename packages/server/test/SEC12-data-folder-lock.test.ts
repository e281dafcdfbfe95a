/**
 * SPEC SEC12: an embedded database folder is opened by one process at a time. Two PGlite
 * instances on one folder each keep their own state, and one side's writes are gone after a
 * restart; the second must be refused, naming the holder, and a dead holder's lock taken over.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataFolderLockFile, lockDataFolder, processStartTime } from '../src/db/lock-data-folder.js';

/** A pid above Linux's largest (`pid_max` is at most 2^22): no process has it. */
const DEAD_PID = 2 ** 22 + 7;

describe('SEC12 one process per embedded database folder', () => {
  let base: string;
  let folder: string;
  beforeEach(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'skilldock-sec12-'));
    folder = path.join(base, 'db');
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('SEC12 a second holder is refused with the holder pid and port, and may take the folder once it is released', async () => {
    const first = await lockDataFolder(folder);
    await first.record({ port: 7861 });
    const refused = await lockDataFolder(folder).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      code: 'file_locked',
      details: { pid: process.pid, port: 7861, path: dataFolderLockFile(folder) },
    });
    expect((refused as Error).message).toContain(`pid ${process.pid}`);
    expect((refused as Error).message).toContain('port 7861');
    expect((refused as Error).message).toContain(folder);
    await first.release();
    expect(existsSync(dataFolderLockFile(folder))).toBe(false);
    const second = await lockDataFolder(folder);
    await second.release();
  });

  it('SEC12 a lock left by a dead process, or by a pid since reused, is taken over', async () => {
    const file = dataFolderLockFile(folder);
    await writeFile(
      file,
      JSON.stringify({ pid: DEAD_PID, hostname: hostname(), since: '2026-01-01T00:00:00.000Z', port: 7860 }),
    );
    const taken = await lockDataFolder(folder);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ pid: process.pid });
    await taken.release();
    // This very pid, but recorded with another start time: the holder was an earlier process.
    expect(processStartTime(process.pid)).toBeDefined();
    await writeFile(
      file,
      JSON.stringify({
        pid: process.pid,
        hostname: hostname(),
        since: '2026-01-01T00:00:00.000Z',
        processStart: '1',
      }),
    );
    const again = await lockDataFolder(folder);
    await again.release();
    // A torn or foreign file names no live holder either.
    await writeFile(file, '{"pid": ');
    const torn = await lockDataFolder(folder);
    await torn.release();
  });

  it('SEC12 a holder on another host is judged by its heartbeat: held while the file is fresh, taken over once stale', async () => {
    const file = dataFolderLockFile(folder);
    await writeFile(
      file,
      JSON.stringify({ pid: DEAD_PID, hostname: `not-${hostname()}`, since: '2026-01-01T00:00:00.000Z' }),
    );
    await expect(lockDataFolder(folder)).rejects.toMatchObject({ code: 'file_locked' });
    // A container recreated with a new host name left it: untouched for longer than the stale age.
    // A fixed day long past will do, and tests read no clock.
    const before = new Date('2026-01-01T00:00:00.000Z');
    await utimes(file, before, before);
    const taken = await lockDataFolder(folder);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      pid: process.pid,
      hostname: hostname(),
    });
    await taken.release();
  });

  it('SEC12 release never removes a lock another process took over meanwhile', async () => {
    const lock = await lockDataFolder(folder);
    const other = JSON.stringify({ pid: DEAD_PID, hostname: hostname(), since: '2026-01-02T00:00:00.000Z' });
    await writeFile(dataFolderLockFile(folder), other);
    await lock.release();
    expect(await readFile(dataFolderLockFile(folder), 'utf8')).toBe(other);
  });
});
