import { randomUUID } from 'node:crypto';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { removeInsideSync } from '../fs/remove-inside.js';

/**
 * The file beside a staging folder (`<id>.owner`) naming the process that owns the draft, while
 * the draft lives only as long as that process.
 */
export function draftOwnerFile(stagingDirectory: string): string {
  return `${stagingDirectory}.owner`;
}

interface DraftOwner {
  readonly pid: number;
  readonly host: string;
  /** Which copy of this module in that process ({@link OWNER_INSTANCE}); absent in older owner files. */
  readonly instance?: string;
}

/**
 * This copy of the module. One process can hold several, each with its own {@link ownedDrafts}:
 * every worker thread loads its own (they share the pid), and so do two versions of core. A draft
 * is only known to be abandoned by the copy that claimed it; another copy's draft lives as long
 * as the process. Before this, a sweep in one thread took a draft another thread of the same
 * process was installing from for abandoned (same pid, not in its own map) and deleted it.
 */
const OWNER_INSTANCE = randomUUID();

/** Staging folders this copy owns (folder → its staging parent); removed on a signal. */
const ownedDrafts = new Map<string, string>();

/**
 * Marks a staging folder as owned by this process: `<id>.owner` names it, so a later sweep can
 * tell a draft whose process died (Ctrl-C, SIGKILL, a crash) from one still being worked on, and
 * {@link removeOwnedDraftsSync} removes it when a signal ends the process.
 */
export function claimDraftFolder(stagingDirectory: string, stagingParent: string): void {
  const owner: DraftOwner = { pid: process.pid, host: hostname(), instance: OWNER_INSTANCE };
  writeFileSync(draftOwnerFile(stagingDirectory), `${JSON.stringify(owner)}\n`, { mode: 0o600, flag: 'wx' });
  ownedDrafts.set(stagingDirectory, stagingParent);
}

/**
 * Gives up ownership of a staging folder: it was removed, or a draft store keeps it for its hour.
 * The owner file goes too.
 */
export function releaseDraftFolder(stagingDirectory: string): void {
  ownedDrafts.delete(stagingDirectory);
  try {
    unlinkSync(draftOwnerFile(stagingDirectory));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Removes every staging folder this process still owns, synchronously: what a signal handler does
 * before the process ends, so an interrupted install leaves no draft behind (SPEC P6).
 */
export function removeOwnedDraftsSync(): void {
  for (const [directory, parent] of ownedDrafts) {
    try {
      removeInsideSync(directory, parent);
      releaseDraftFolder(directory);
    } catch {
      // Best effort while the process is going down; the next sweep removes what is left.
    }
  }
}

/** True when the staging folder's owner file names a process on this machine that is no longer running. */
export function isDraftOwnerGone(stagingDirectory: string): boolean {
  let owner: DraftOwner;
  try {
    owner = JSON.parse(readFileSync(draftOwnerFile(stagingDirectory), 'utf8')) as DraftOwner;
  } catch {
    return false;
  }
  if (owner.host !== hostname() || !Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  if (owner.pid === process.pid) {
    // This copy's own: abandoned once it gave it up. Another copy's in this process (a worker
    // thread): alive while the process is; a draft store's lifetime removes it later if need be.
    // No copy named: written before this field, so by an earlier process whose pid this one reuses.
    if (owner.instance === OWNER_INSTANCE) return !ownedDrafts.has(stagingDirectory);
    return owner.instance === undefined;
  }
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Until the returned function is called, SIGINT, SIGTERM and SIGHUP first remove the drafts this
 * process owns, then end the process by the same signal (so its exit status still says which).
 * @example const restore = removeDraftsOnSignal(); try { await install(); } finally { restore(); }
 */
export function removeDraftsOnSignal(): () => void {
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const handler = (signal: NodeJS.Signals) => {
    removeOwnedDraftsSync();
    restore();
    process.kill(process.pid, signal);
  };
  const restore = () => {
    for (const signal of signals) process.off(signal, handler);
  };
  for (const signal of signals) process.on(signal, handler);
  return restore;
}
