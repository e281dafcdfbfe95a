import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { UserInputError } from '../../errors.js';

const optionalText = z.string().optional();

/**
 * What every lock entry must hold, project or personal: a `source`, and each known field, when
 * present, of its type; unknown fields pass through untouched (another tool may have written them).
 */
export const lockEntrySchema = z.looseObject({
  source: z.string(),
  sourceType: optionalText,
  sourceUrl: optionalText,
  ref: optionalText,
  skillPath: optionalText,
  computedHash: optionalText,
  revision: optionalText,
  installedAt: optionalText,
  updatedAt: optionalText,
  agents: z.array(z.string()).optional(),
  tokenEnv: optionalText,
});

/** A lock file's parsed content and raw bytes (`undefined` when the file does not exist). */
export interface LockFileRead {
  readonly file: string;
  readonly bytes: Buffer | undefined;
  readonly version: 1;
  /** Entries as written, unknown fields kept. */
  readonly skills: Record<string, Record<string, unknown>>;
  /** Top-level fields other than `version` and `skills`, kept on rewrite. */
  readonly extra: Record<string, unknown>;
}

/**
 * Reads a version 1 lock file. A missing file is an empty lock; anything unreadable (bad JSON,
 * another version, a `skills` that is not an object) is a `UserInputError` `lock_corrupt` naming
 * the file, so a damaged lock is never silently overwritten.
 */
export async function readLockFile(file: string): Promise<LockFileRead> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { file, bytes: undefined, version: 1, skills: dictionary(), extra: dictionary() };
    }
    throw error;
  }
  const corrupt = (why: string, cause?: unknown): never => {
    throw new UserInputError(
      'lock_corrupt',
      `The lock file ${file} is corrupt (${why}); fix or delete it, nothing was changed`,
      { details: { path: file }, cause },
    );
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    return corrupt((error as Error).message, error);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return corrupt('not a JSON object');
  const { version, skills, ...rest } = parsed as Record<string, unknown>;
  const extra = dictionary(rest);
  if (version !== 1) return corrupt(`version ${JSON.stringify(version)}, expected 1`);
  if (typeof skills !== 'object' || skills === null || Array.isArray(skills)) {
    return corrupt('`skills` is not an object');
  }
  for (const [id, entry] of Object.entries(skills)) {
    const checked = lockEntrySchema.safeParse(entry);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const field = issue.path.length === 0 ? '' : ` field \`${issue.path.join('.')}\``;
      return corrupt(`entry '${id}'${field}: ${issue.message}`);
    }
  }
  const entries = dictionary<Record<string, unknown>>();
  for (const [id, entry] of Object.entries(skills))
    entries[id] = dictionary(entry as Record<string, unknown>);
  return { file, bytes, version: 1, skills: entries, extra };
}

/**
 * A map read from disk: no prototype, so keys such as `__proto__`, `constructor` or `toString` are
 * ordinary keys — looked up, kept and written back like any other (SPEC SEC1).
 */
export function dictionary<T = unknown>(from: Readonly<Record<string, T>> = {}): Record<string, T> {
  const result = Object.create(null) as Record<string, T>;
  for (const [key, value] of Object.entries(from)) result[key] = value;
  return result;
}

/**
 * A lock as the `skills` CLI writes it: `version`, then `skills` with ids sorted, then any unknown
 * top-level fields; 2-space JSON and a final newline.
 */
export function serializeLock(
  skills: Readonly<Record<string, unknown>>,
  extra: Readonly<Record<string, unknown>> = {},
): string {
  const sorted = dictionary();
  for (const id of Object.keys(skills).sort()) sorted[id] = skills[id];
  const lock = dictionary<unknown>({ version: 1 });
  lock.skills = sorted;
  for (const [key, value] of Object.entries(extra)) lock[key] = value;
  return `${JSON.stringify(lock, null, 2)}\n`;
}
