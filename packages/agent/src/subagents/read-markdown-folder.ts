import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type Diagnostic, MAX_SKILL_FILE_BYTES, readRegularFile } from '@skilldock/core/format';

/** Most `.md` files read from one folder; the rest are reported, not read. */
export const MAX_FOLDER_FILES = 1000;

/** One `.md` file read from a folder. */
export interface MarkdownFolderFile {
  readonly file: string;
  readonly bytes: Uint8Array;
}

/**
 * Reads the `.md` files directly inside a folder of agent files or fork profiles, in name order.
 * A missing folder is empty. Nothing blocks and nothing is followed out: a FIFO, socket or device
 * in place of a file, a link leading outside the folder, a file over 4 MiB, or more than
 * {@link MAX_FOLDER_FILES} files are each a diagnostic naming the file — never skipped in silence.
 */
export async function readMarkdownFolder(
  directory: string,
  { kind }: { kind: string },
): Promise<{ readonly files: readonly MarkdownFolderFile[]; readonly diagnostics: readonly Diagnostic[] }> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.md')).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { files: [], diagnostics: [] };
    if (code === 'ENOTDIR') {
      const message = `is not a folder, so no ${kind}s are read from it`;
      return {
        files: [],
        diagnostics: [{ ...refusal('folder_not_a_folder', message, directory), severity: 'warning' }],
      };
    }
    return {
      files: [],
      diagnostics: [
        refusal('folder_unreadable', `cannot read the folder: ${(error as Error).message}`, directory),
      ],
    };
  }
  const diagnostics: Diagnostic[] = [];
  if (names.length > MAX_FOLDER_FILES) {
    diagnostics.push({
      ...refusal(
        'folder_too_many_files',
        `holds ${names.length} .md files; only the first ${MAX_FOLDER_FILES} (by name) were read`,
        directory,
      ),
      severity: 'warning',
    });
    names = names.slice(0, MAX_FOLDER_FILES);
  }
  const files: MarkdownFolderFile[] = [];
  for (const name of names) {
    const file = path.join(directory, name);
    const read = readRegularFile(file, { maxBytes: MAX_SKILL_FILE_BYTES, allowedRoots: [directory] });
    if (read.ok) {
      files.push({ file, bytes: read.bytes });
      continue;
    }
    if (read.code === 'path_not_found') continue;
    if (read.code === 'special_file') {
      // A folder named `x.md` is not a file someone meant as an agent; anything else is reported.
      if (read.kind === 'directory') continue;
      diagnostics.push(
        refusal(
          'file_not_regular',
          `is a ${read.kind}, not a regular file; ${kind}s are regular files`,
          file,
        ),
      );
    } else if (read.code === 'symlink_refused') {
      diagnostics.push(
        refusal(
          'file_outside_folder',
          `is a link to ${read.target}, outside its folder; it was not read`,
          file,
        ),
      );
    } else if (read.code === 'file_too_large') {
      diagnostics.push(
        refusal(
          'file_too_large',
          `is ${read.size} bytes; ${kind}s may have at most ${MAX_SKILL_FILE_BYTES} bytes (4 MiB)`,
          file,
        ),
      );
    } else {
      diagnostics.push(refusal('file_unreadable', `cannot be read: ${read.error.message}`, file));
    }
  }
  return { files, diagnostics };
}

function refusal(code: string, message: string, file: string): Diagnostic {
  return { code, severity: 'error', message, file };
}
