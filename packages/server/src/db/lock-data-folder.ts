import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { ConflictError } from '@skilldock/core/errors';
import { withFileLock } from '@skilldock/core/fs';
import { z } from 'zod';

/** Who holds an embedded database folder: what its lock file records. */
export interface DataFolderHolder {
  readonly pid: number;
  readonly hostname: string;
  /** When the holder took the folder (ISO 8601). */
  readonly since: string;
  /** The holder's start time as the kernel counts it (`/proc/<pid>/stat`), to tell a reused pid apart. */
  readonly processStart?: string;
  /** The port the holder serves HTTP on, once it listens. */
  readonly port?: number;
  /** Tells this holding apart from another of the same process. */
  readonly token?: string;
}

/** A held embedded database folder (SPEC SEC12); {@link DataFolderLock.release} gives it back. */
export interface DataFolderLock {
  /** The lock file: `<folder>.lock.json`, beside the folder. */
  readonly file: string;
  /** Records the port this process serves on, so a second process can name it. */
  record(details: { readonly port: number }): Promise<void>;
  /** Removes the lock file when it is still this process's; later calls do nothing. */
  release(): Promise<void>;
}

const HolderSchema = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  since: z.string(),
  processStart: z.string().optional(),
  port: z.number().int().min(0).max(65_535).optional(),
  token: z.string().optional(),
});

/** The lock file of `folder`: beside it, since PGlite initialises only an empty folder. */
export function dataFolderLockFile(folder: string): string {
  return `${path.resolve(folder)}.lock.json`;
}

/**
 * The start time of process `pid` in clock ticks since boot (field 22 of `/proc/<pid>/stat`), or
 * undefined where there is no such file (another system, or the process is gone).
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** How often a holder touches its lock file, and how long an untouched one from another host counts as held. */
export const LOCK_HEARTBEAT_MS = 10_000;
export const LOCK_STALE_MS = 30_000;

/**
 * Whether the holder a lock file names still runs. Here its pid must exist and, where `/proc`
 * tells, have the recorded start time (a pid the kernel gave to a new process since is a dead
 * holder). A holder on another host (a container recreated with a new host name, a shared volume)
 * cannot be asked: it runs while it keeps touching the file (`touchedMs`, every
 * {@link LOCK_HEARTBEAT_MS}), and is gone once the file is {@link LOCK_STALE_MS} old.
 */
export function isHolderRunning(holder: DataFolderHolder, touchedMs: number, now = Date.now()): boolean {
  if (holder.hostname !== hostname()) return now - touchedMs < LOCK_STALE_MS;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const start = processStartTime(holder.pid);
  return holder.processStart === undefined || start === undefined || start === holder.processStart;
}

/** What a second process is told: who holds the folder and what to do. */
function heldMessage(folder: string, file: string, holder: DataFolderHolder): string {
  const what =
    holder.port === undefined ? 'a Skilldock process' : `the Skilldock server on port ${holder.port}`;
  const where = holder.hostname === hostname() ? '' : ` on host ${holder.hostname}`;
  return `The embedded database in ${folder} is in use by ${what} (pid ${holder.pid}${where}, since ${holder.since}): only one process may open it at a time, or writes are lost. Stop that process, or give this one another --data folder (or DATABASE_URL for several processes). If no such process runs any more, delete ${file}.`;
}

/** When the lock file was last touched (its holder's heartbeat), or 0 when it is gone. */
async function touchedAt(file: string): Promise<number> {
  return (await stat(file).catch(() => undefined))?.mtimeMs ?? 0;
}

async function readHolder(file: string): Promise<DataFolderHolder | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = HolderSchema.safeParse(JSON.parse(text));
    // An unreadable lock file was not written by a live holder (writes are atomic): stale.
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the lock file whole or not at all (a temporary file renamed over it). */
async function writeHolder(file: string, holder: DataFolderHolder): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(holder)}\n`, { mode: 0o644 });
  await rename(temporary, file);
}

/**
 * Takes the embedded database folder `folder` for this process (SPEC SEC12): one process at a
 * time, or two PGlite instances would each keep their own copy and one side's writes would be
 * gone after a restart. The lock file `<folder>.lock.json` records the pid, host, start time and,
 * once {@link DataFolderLock.record}ed, the port; its check-and-write runs under `withFileLock`,
 * so two processes starting at once cannot both take it. A lock file whose holder is gone (no such
 * pid, or the pid now names a process started later; on another host, a file its holder stopped
 * touching) is taken over.
 * Written by hand: `proper-lockfile` (used by `withFileLock`) keeps a lock alive with a timer and
 * learns of a dead holder only after its stale time; it records no pid or port to name the holder.
 * @throws ConflictError `file_locked` naming the holder's pid and port while it runs.
 * @example const lock = await lockDataFolder(dataDir); … await lock.release();
 */
export async function lockDataFolder(folder: string): Promise<DataFolderLock> {
  const file = dataFolderLockFile(folder);
  const start = processStartTime(process.pid);
  let mine: DataFolderHolder = {
    pid: process.pid,
    hostname: hostname(),
    since: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
    ...(start === undefined ? {} : { processStart: start }),
  };
  await withFileLock(file, async () => {
    const holder = await readHolder(file);
    if (holder !== undefined && isHolderRunning(holder, await touchedAt(file)))
      throw new ConflictError('file_locked', heldMessage(path.resolve(folder), file, holder), {
        details: { path: file, pid: holder.pid, ...(holder.port === undefined ? {} : { port: holder.port }) },
      });
    await writeHolder(file, mine);
  });
  const isMine = (holder: DataFolderHolder | undefined) =>
    holder !== undefined && holder.pid === mine.pid && holder.token === mine.token;
  let released = false;
  // The heartbeat another host judges this holder by (see isHolderRunning).
  const heartbeat = setInterval(() => {
    const now = new Date();
    void utimes(file, now, now).catch(() => undefined);
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  return {
    file,
    async record({ port }) {
      if (released) return;
      mine = { ...mine, port };
      await withFileLock(file, async () => {
        if (isMine(await readHolder(file))) await writeHolder(file, mine);
      });
    },
    async release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      await withFileLock(file, async () => {
        if (isMine(await readHolder(file))) await rm(file, { force: true });
      });
    },
  };
}
