import { createHash, randomBytes } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { UserInputError } from '@skilldock/core/errors';
import { isSafePathSegment } from '@skilldock/core/fs';

/** Session ids: `YYYYMMDD-HHMMSS-<6 hex>` (UTC), so names sort by creation time. */
export const SESSION_ID_PATTERN = /^\d{8}-\d{6}-[0-9a-f]{6}$/;

/** Where one project's sessions live. */
export interface SessionLocation {
  /** Home folder holding `.skilldock/sessions`; default `os.homedir()`. */
  readonly home?: string;
  readonly projectRoot: string;
}

/**
 * A new session id: the UTC time to the second, then 6 random hex digits.
 * @example createSessionId(new Date('2026-11-30T10:42:33Z')) // '20261130-104233-ab12cd'
 */
export function createSessionId(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** The project's real path (or its resolved path when it no longer exists). */
export async function realProjectRoot(projectRoot: string): Promise<string> {
  return realpath(projectRoot).catch(() => resolve(projectRoot));
}

/** Short SHA-256 (16 hex digits) of the project's real path: its sessions folder name. */
export async function projectHash(projectRoot: string): Promise<string> {
  return createHash('sha256')
    .update(await realProjectRoot(projectRoot))
    .digest('hex')
    .slice(0, 16);
}

/** `<home>/.skilldock/sessions/<project-hash>`. */
export async function sessionsFolder({ home = homedir(), projectRoot }: SessionLocation): Promise<string> {
  return join(home, '.skilldock', 'sessions', await projectHash(projectRoot));
}

/** The transcript file of session `id`; refuses ids that could name another path. */
export async function sessionFile(location: SessionLocation, id: string): Promise<string> {
  return transcriptFileIn(await sessionsFolder(location), id);
}

/**
 * `<folder>/<id>.jsonl`: the one place a session id becomes a file name, through the session id
 * pattern and core's safe path segment check (SPEC SEC1).
 * @throws UserInputError `invalid_session_id`.
 */
export function transcriptFileIn(folder: string, id: string): string {
  const name = `${id}.jsonl`;
  if (!SESSION_ID_PATTERN.test(id) || !isSafePathSegment(name)) {
    throw new UserInputError(
      'invalid_session_id',
      `${JSON.stringify(id)} is not a session id (expected e.g. 20261130-104233-ab12cd)`,
      { details: { id } },
    );
  }
  return join(folder, name);
}
