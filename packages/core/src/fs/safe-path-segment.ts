import { UserInputError } from '../errors.js';

/** Longest name most file systems take for one path segment. */
const MAX_SEGMENT_BYTES = 255;

/** Windows device names: never a file of their own there, whatever the extension. */
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * The folder name of an installed skill: an S4 id (`pdf-tools`), or the wider name the `skills`
 * CLI gives a folder (`my_skill`, `v1.2`): lowercase ASCII letters, digits, `.`, `_` and `-`, not
 * starting or ending with `.` or `-`.
 */
const SKILL_FOLDER_NAME = /^[a-z0-9_](?:[a-z0-9._-]*[a-z0-9_])?$/;

/**
 * True when `value` names exactly one entry inside a folder and nothing else (SPEC SEC1): not
 * empty, not `.` or `..`, no `/`, `\`, `:` (drive letters, alternate streams), NUL or other
 * control characters, no trailing dot or space (Windows drops them), not a Windows device name,
 * at most 255 UTF-8 bytes. Every id, name, draft id and session id goes through it before it
 * becomes part of a path.
 * @example isSafePathSegment('pdf-tools') // true
 * @example isSafePathSegment('..') // false
 */
export function isSafePathSegment(value: string): boolean {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    Buffer.byteLength(value, 'utf8') <= MAX_SEGMENT_BYTES &&
    value !== '.' &&
    value !== '..' &&
    !/[/\\:\u0000-\u001f\u007f]/.test(value) &&
    !/[. ]$/.test(value) &&
    !WINDOWS_DEVICE_NAME.test(value)
  );
}

/**
 * True when `value` can name an installed skill's folder: a safe path segment in the shape of an
 * S4 id (see `deriveSkillId`) or a lock key the `skills` CLI wrote.
 * @example isSafeSkillId('pdf-tools') // true
 * @example isSafeSkillId('__proto__') // false
 */
export function isSafeSkillId(value: string): boolean {
  return isSafePathSegment(value) && SKILL_FOLDER_NAME.test(value);
}

/**
 * Returns `id` when it can name a skill folder, else throws `UserInputError` `invalid_skill_id`
 * saying what was given and what an id looks like.
 * @example path.join(skillsFolder, assertSafeSkillId(id))
 */
export function assertSafeSkillId(id: string, where?: string): string {
  if (isSafeSkillId(id)) return id;
  throw new UserInputError(
    'invalid_skill_id',
    `${JSON.stringify(id)}${where === undefined ? '' : ` (${where})`} is not a skill id: ids are lowercase letters, digits and hyphens (also . and _ inside), like pdf-tools`,
    { details: { id, ...(where === undefined ? {} : { path: where }) } },
  );
}
