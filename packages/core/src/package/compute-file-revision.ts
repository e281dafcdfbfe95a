import { sha256OfHandle } from './hash-file-contents.js';
import { withRegularFile } from './with-regular-file.js';

/**
 * A single file's revision (SPEC P1): `sha256:` and the hex SHA-256 of its bytes, streamed so a
 * big file never sits in memory. A link or special file is refused with a `SecurityError`.
 * @example
 * await computeFileRevision('skills/pdf/SKILL.md'); // 'sha256:9f86d081…'
 */
export async function computeFileRevision(file: string): Promise<string> {
  const digest = await withRegularFile(file, file, (handle) => sha256OfHandle(handle));
  return `sha256:${digest.toString('hex')}`;
}
