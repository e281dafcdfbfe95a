import path from 'node:path';
import { UserInputError } from '@skilldock/core/errors';
import { isSafePathSegment } from '@skilldock/core/fs';
import './error-codes.js';

/**
 * Where the content layer keeps its files under the server's data folder (SPEC Y2, Y12). Every
 * folder is derived from `dataDirectory`; nothing outside it is ever written.
 */
export interface ContentLayout {
  /** The data folder itself (absolute). */
  readonly dataDirectory: string;
  /** Immutable content packages, one folder per revision: `<data>/packages/<64 hex>`. */
  readonly packagesDirectory: string;
  /** Install drafts' staging folders (core's `DraftStore`): `<data>/drafts/<draft id>`. */
  readonly draftsDirectory: string;
  /** Per-user workspaces: `<data>/workspaces/<user>`. */
  readonly workspacesDirectory: string;
  /** Private work folders of saves, uploads and exports (same file system as the rest, so renames are atomic). */
  readonly stagingDirectory: string;
  /** Deterministic archives of packages, by revision, for the discovery endpoints: `<data>/archives/<hex>.zip`. */
  readonly archivesDirectory: string;
  /** Inter-process lock files. */
  readonly locksDirectory: string;
}

/**
 * The layout of a data folder.
 * @example const layout = contentLayout('/var/lib/skilldock');
 */
export function contentLayout(dataDirectory: string): ContentLayout {
  const root = path.resolve(dataDirectory);
  return Object.freeze({
    dataDirectory: root,
    packagesDirectory: path.join(root, 'packages'),
    draftsDirectory: path.join(root, 'drafts'),
    workspacesDirectory: path.join(root, 'workspaces'),
    stagingDirectory: path.join(root, 'staging'),
    archivesDirectory: path.join(root, 'archives'),
    locksDirectory: path.join(root, 'locks'),
  });
}

/**
 * Returns `userId` when it can name a workspace folder (SPEC SEC1: the one safe-segment check), else
 * throws `UserInputError` `invalid_user_id`.
 */
export function assertSafeUserId(userId: string): string {
  if (isSafePathSegment(userId) && !userId.startsWith('.')) return userId;
  throw new UserInputError('invalid_user_id', `${JSON.stringify(userId)} cannot name a user workspace.`, {
    details: { field: 'userId' },
  });
}

/**
 * The relative path of a user's personal skills folder inside `workspacesDirectory`:
 * `<user>/agents/skills` (SPEC Y2). Resolve it with `resolveContentPath` so no link is followed.
 */
export function personalSkillsPath(userId: string): string {
  return `${assertSafeUserId(userId)}/agents/skills`;
}
