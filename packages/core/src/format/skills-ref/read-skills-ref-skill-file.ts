import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Failure } from '../../result.js';
import { decodePythonText } from './decode-python-text.js';
import { SKILLS_REF_MAX_FILE_BYTES } from './limits.js';
import { pythonOsErrorLine } from './python-os-error.js';

/** The outcome of {@link readSkillsRefSkillFile}. */
export type ReadSkillsRefSkillFileResult =
  | { readonly ok: true; readonly text: string }
  | Failure<
      'skill_file_unreadable' | 'skill_file_not_regular' | 'skill_file_too_large',
      {
        /**
         * True when the reference would crash with a traceback (an OS or decoding error): `message`
         * is then the traceback's last line. False for the guards we add (FIFOs, devices, size).
         */
        readonly crash: boolean;
      }
    >;

/**
 * Reads a SKILL.md like `Path.read_text()` (strict UTF-8, universal newlines), with two guards the
 * reference lacks: only regular files are read (opened non-blocking, so a FIFO cannot hang us) and
 * at most {@link SKILLS_REF_MAX_FILE_BYTES}. Symbolic links are followed, as the reference does.
 * @param file Where to read, absolute or relative to the process.
 * @param displayPath How the reference would print this path in an error.
 */
export async function readSkillsRefSkillFile(
  file: string,
  displayPath: string,
): Promise<ReadSkillsRefSkillFileResult> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return {
      ok: false,
      code: 'skill_file_unreadable',
      message: pythonOsErrorLine(error, displayPath),
      crash: true,
    };
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) {
      const error = Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
      return {
        ok: false,
        code: 'skill_file_unreadable',
        message: pythonOsErrorLine(error, displayPath),
        crash: true,
      };
    }
    if (!stats.isFile()) {
      return {
        ok: false,
        code: 'skill_file_not_regular',
        message: `${displayPath} is not a regular file`,
        crash: false,
      };
    }
    if (stats.size > SKILLS_REF_MAX_FILE_BYTES) {
      const message = `${displayPath} is ${stats.size} bytes, more than the ${SKILLS_REF_MAX_FILE_BYTES} bytes allowed`;
      return { ok: false, code: 'skill_file_too_large', message, crash: false };
    }
    // Read in chunks up to one byte past the limit: the file may grow between stat and read.
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.alloc(
        Math.min(Math.max(stats.size - length, 0) + 1, SKILLS_REF_MAX_FILE_BYTES + 1 - length),
      );
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, length);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
      if (length > SKILLS_REF_MAX_FILE_BYTES) {
        const message = `${displayPath} is more than the ${SKILLS_REF_MAX_FILE_BYTES} bytes allowed`;
        return { ok: false, code: 'skill_file_too_large', message, crash: false };
      }
    }
    const decoded = decodePythonText(Buffer.concat(chunks, length));
    if (!decoded.ok)
      return { ok: false, code: 'skill_file_unreadable', message: decoded.message, crash: true };
    return { ok: true, text: decoded.text };
  } catch (error) {
    return {
      ok: false,
      code: 'skill_file_unreadable',
      message: pythonOsErrorLine(error, displayPath),
      crash: true,
    };
  } finally {
    await handle.close();
  }
}
