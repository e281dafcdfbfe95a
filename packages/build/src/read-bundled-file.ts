import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { InlineFileContent } from '@skilldock/core/format';
import { SkillImportError } from './skill-import-error.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Read one file that the P2 walk listed, for the bundle: never through a link (`O_NOFOLLOW`), only
 * a regular file. UTF-8 text without NUL bytes stays text; anything else travels as base64 bytes.
 */
export async function readBundledFile(absolutePath: string): Promise<InlineFileContent> {
  const handle = await open(absolutePath, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const stats = await handle.stat();
    // The P2 walk listed a regular file; one swapped for something else since is refused like a link.
    if (!stats.isFile())
      throw new SkillImportError('skill_import_refused_file', `${absolutePath} is no longer a regular file`);
    const bytes = await handle.readFile();
    if (!bytes.includes(0)) {
      try {
        return utf8.decode(bytes);
      } catch {
        // Not UTF-8: bytes, below.
      }
    }
    return { encoding: 'base64', data: bytes.toString('base64') };
  } finally {
    await handle.close();
  }
}
