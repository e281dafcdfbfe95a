import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ConflictError } from '../errors.js';

/** How long a lock may go without its holder touching it before another process takes it over. */
const STALE_MILLISECONDS = 10_000;

/** Options of {@link withFileLock}. */
export interface WithFileLockOptions {
  /** Give up waiting after about this long; default 60 s. */
  readonly waitMilliseconds?: number;
}

/**
 * The last caller in line for each lock file in this process, by absolute path: callers of one
 * process wait their turn here, in order, and only the one whose turn it is polls the lock folder.
 * Without it, 50 concurrent saves of one server each retried `mkdir` on a 20–100 ms back-off: most
 * of a save's time was spent asleep between retries while the lock was free (server benchmark,
 * issue 28).
 */
const turns = new Map<string, Promise<void>>();

/**
 * Runs `work` while holding an inter-process lock on `file` (a `<file>.lock` folder beside it, via
 * `proper-lockfile`), so read-modify-write cycles of lock files, the trust store and settings from
 * concurrent processes never lose each other's changes. Callers in one process take their turns in
 * the order they asked, then the lock folder itself. A lock left by a killed process is taken
 * over once it is 10 s old. The file itself need not exist; its folder is created.
 * @throws ConflictError `file_locked` when the lock stays held past `waitMilliseconds`.
 * @example await withFileLock(lockFile, async () => { const lock = await read(); await write(edit(lock)); });
 */
export async function withFileLock<T>(
  file: string,
  work: () => Promise<T>,
  { waitMilliseconds = 60_000 }: WithFileLockOptions = {},
): Promise<T> {
  const deadline = Date.now() + waitMilliseconds;
  const key = path.resolve(file);
  const ahead = turns.get(key);
  let leave = () => {};
  const mine = new Promise<void>((resolve) => {
    leave = resolve;
  });
  // The next caller's turn comes when both this one and everyone before it are done: a caller that
  // gave up waiting does not let the next one in while the holder still works.
  const line = (ahead ?? Promise.resolve()).then(() => mine);
  turns.set(key, line);
  try {
    if (ahead !== undefined) await waitTurn(ahead, waitMilliseconds, file);
    return await lockAcrossProcesses(file, work, Math.max(0, deadline - Date.now()));
  } finally {
    leave();
    if (turns.get(key) === line) turns.delete(key);
  }
}

/** Waits for the callers ahead in this process, at most `waitMilliseconds`. */
async function waitTurn(ahead: Promise<void>, waitMilliseconds: number, file: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(fileLocked(file)), waitMilliseconds);
  });
  try {
    await Promise.race([ahead, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function lockAcrossProcesses<T>(
  file: string,
  work: () => Promise<T>,
  waitMilliseconds: number,
): Promise<T> {
  await mkdir(path.dirname(file), { recursive: true });
  // Loaded on first use: importing it (and graceful-fs, which patches fs) costs every read-only
  // command ~20 ms, and a listing never takes a lock.
  const { default: lockfile } = await import('proper-lockfile');
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(file, {
      realpath: false,
      stale: STALE_MILLISECONDS,
      update: STALE_MILLISECONDS / 2,
      retries: {
        retries: Math.ceil(waitMilliseconds / 100),
        factor: 1.2,
        minTimeout: 20,
        maxTimeout: 100,
        randomize: true,
      },
      // A holder that stalled past the stale time lost the lock; its write already happened, and
      // throwing from a timer would kill the process mid-publish.
      onCompromised: () => {},
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw fileLocked(file, error);
  }
  try {
    return await work();
  } finally {
    await release().catch(() => undefined);
  }
}

function fileLocked(file: string, cause?: unknown): ConflictError {
  return new ConflictError(
    'file_locked',
    `${file} is locked by another skilldock process (${file}.lock); try again when it has finished, or delete the .lock folder if no other process is running.`,
    { details: { path: file }, ...(cause === undefined ? {} : { cause }) },
  );
}
