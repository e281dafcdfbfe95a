import { readFile, stat } from 'node:fs/promises';
import { writeFileAtomic } from '@skilldock/core/fs';
import { z } from 'zod';
import { confinePath } from '../policy/confine-path.js';
import type { AgentTool } from './agent-tool.js';
import { defineAgentTool } from './define-agent-tool.js';
import { looksBinary } from './looks-binary.js';
import { errorResult, textResult } from './tool-results.js';

/** Files above this size are not edited in memory; a text file this big is not hand-edited. */
const MAX_EDIT_BYTES = 10 * 1024 * 1024;

const schema = z.object({
  path: z.string().min(1).describe('File to change, relative to the project root or absolute.'),
  old_string: z.string().min(1).describe('Exact text to replace, including whitespace and indentation.'),
  new_string: z.string().describe('Text to put in its place.'),
  replace_all: z
    .boolean()
    .optional()
    .describe('Replace every occurrence. Default false: exactly one must exist.'),
});

/**
 * The `edit` tool (SPEC G4): replaces an exact string in a file. A missing match is an error
 * quoting the start of the searched text and asking to read the file first; several matches
 * without `replace_all` is an error saying how many. The write is atomic.
 */
export function createEditTool(): AgentTool {
  return defineAgentTool({
    name: 'edit',
    description:
      'Replace exact text in a file. old_string must match the file exactly (read the file first; do not include the line-number prefixes of read_file) ' +
      'and must be unique unless replace_all is true. Paths are relative to the project root.',
    kind: 'edit',
    schema,
    writeTargets: ({ path }) => [path],
    async execute({ path, old_string: oldString, new_string: newString, replace_all: replaceAll }, context) {
      if (oldString === newString)
        return errorResult('old_string and new_string are the same; nothing to change.');
      const target = await confinePath(path, 'write', context);
      if (!target.ok) return errorResult(target.message);
      const info = await stat(target.realPath).catch(() => undefined);
      if (info === undefined) {
        return errorResult(`File not found: ${target.displayPath}. To create a file use write_file.`);
      }
      if (!info.isFile()) return errorResult(`${target.displayPath} is not a regular file.`);
      if (info.size > MAX_EDIT_BYTES) {
        return errorResult(
          `${target.displayPath} is larger than ${MAX_EDIT_BYTES} bytes; change it with the shell tool.`,
        );
      }
      const bytes = await readFile(target.realPath);
      if (looksBinary(bytes))
        return errorResult(`${target.displayPath} looks like a binary file; it cannot be edited as text.`);
      const text = bytes.toString('utf8');
      let search = oldString;
      let replacement = newString;
      let count = countOccurrences(text, search);
      if (count === 0 && text.includes('\r\n') && !oldString.includes('\r\n')) {
        // Models write \n; a file with Windows line endings still matches once they are restored.
        search = oldString.replaceAll('\n', '\r\n');
        replacement = newString.replaceAll('\n', '\r\n');
        count = countOccurrences(text, search);
      }
      if (count === 0) {
        return errorResult(
          `old_string was not found in ${target.displayPath}: ${quoteExcerpt(oldString)}. ` +
            'Read the file first (read_file) and copy the text exactly, including whitespace and indentation.',
        );
      }
      if (count > 1 && replaceAll !== true) {
        return errorResult(
          `old_string occurs ${count} times in ${target.displayPath}. Add surrounding lines to make it unique, ` +
            'or set replace_all to true to replace every occurrence.',
        );
      }
      const firstIndex = text.indexOf(search);
      // split/join and slicing avoid String.replace, whose `$&`-style patterns would corrupt code.
      const updated =
        replaceAll === true
          ? text.split(search).join(replacement)
          : text.slice(0, firstIndex) + replacement + text.slice(firstIndex + search.length);
      await writeFileAtomic(target.realPath, updated);
      context.reportFiles([target.absolutePath]);
      const line = text.slice(0, firstIndex).split('\n').length;
      const what = count === 1 ? '1 occurrence' : `${count} occurrences`;
      return textResult(`Edited ${target.displayPath}: replaced ${what} (first at line ${line}).`);
    },
  });
}

function countOccurrences(text: string, search: string): number {
  let count = 0;
  for (let index = text.indexOf(search); index !== -1; index = text.indexOf(search, index + search.length))
    count++;
  return count;
}

function quoteExcerpt(text: string): string {
  const firstLines = text.split('\n').slice(0, 3).join('\n');
  const excerpt = firstLines.length > 160 ? `${firstLines.slice(0, 160)}…` : firstLines;
  return `"${excerpt}"${excerpt.length < text.length ? ' (start of old_string)' : ''}`;
}
