import { open, stat } from 'node:fs/promises';
import {
  describeByteRange,
  describeCutLines,
  isSkillVirtualPath,
  readByteRange,
  readBytesFromHandle,
  readTextPage,
} from '@skilldock/core/runtime';
import { z } from 'zod';
import { confinePath } from '../policy/confine-path.js';
import type { AgentTool } from './agent-tool.js';
import { defineAgentTool } from './define-agent-tool.js';
import { BINARY_SNIFF_BYTES, looksBinary } from './looks-binary.js';
import { errorResult, textResult } from './tool-results.js';

/** Options of {@link createReadFileTool}. */
export interface ReadFileToolOptions {
  /** Lines returned when the call gives no `limit`. */
  readonly defaultLineLimit?: number;
  /** Most bytes of file text one call returns; the note says where the next page starts. */
  readonly maxBytes?: number;
  /**
   * Longer lines are cut to this many bytes, so one minified line cannot fill the page (or, with
   * no newline in 600 MB, the memory); the note gives the `byte_offset` that reads the rest.
   */
  readonly maxLineBytes?: number;
}

const schema = z.object({
  path: z.string().min(1).describe('File to read, relative to the project root or absolute.'),
  offset: z.number().int().min(1).optional().describe('First line to read (1-based). Default 1.'),
  limit: z.number().int().min(1).optional().describe('How many lines to read. Default 2000.'),
  byte_offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Read raw text from this byte of the file instead of by lines, e.g. the rest of a cut line.'),
});

/**
 * The `read_file` tool (SPEC G4): a page of a text file with line numbers (`cat -n` style), by
 * 1-based line range, capped in lines and bytes with a note saying how to read the next page.
 * Binary files are refused with a hint. The file is reported for path-gated skills (D3).
 *
 * Skills' virtual paths (`/.skills/<id>/<file>`, SPEC R4) are answered by the agent loop through
 * its skill session before this tool runs (see `RunContext.skillReadTools`); the tool itself only
 * explains that such a path needs a run with skills.
 */
export function createReadFileTool({
  defaultLineLimit = 2000,
  maxBytes = 256 * 1024,
  maxLineBytes = 2000,
}: ReadFileToolOptions = {}): AgentTool {
  return defineAgentTool({
    name: 'read_file',
    description:
      'Read a text file. Returns lines prefixed with their 1-based line numbers (`number<TAB>text`; the prefix is not part of the file). ' +
      `Reads up to ${defaultLineLimit} lines or ${Math.round(maxBytes / 1024)} KB per call; use offset and limit to page through long files. ` +
      `Lines over ${maxLineBytes} bytes are cut; byte_offset reads the rest. ` +
      'Paths are relative to the project root.',
    kind: 'read',
    schema,
    async execute({ path, offset = 1, limit = defaultLineLimit, byte_offset: byteOffset }, context) {
      const target = await confinePath(path, 'read', context);
      if (!target.ok && isSkillVirtualPath(path.trim())) {
        return errorResult(
          `${path} is a skill's virtual path; it can be read only in a run with skills, where the skill session answers it.`,
        );
      }
      if (!target.ok) return errorResult(target.message);
      const info = await stat(target.realPath).catch((error: NodeJS.ErrnoException) => error);
      if (info instanceof Error) {
        return info.code === 'ENOENT'
          ? errorResult(`File not found: ${target.displayPath}. Use glob or ls to find the right path.`)
          : errorResult(`Cannot read ${target.displayPath}: ${info.message}`);
      }
      if (info.isDirectory()) return errorResult(`${target.displayPath} is a folder; use ls to list it.`);
      if (!info.isFile()) return errorResult(`${target.displayPath} is not a regular file.`);
      context.reportFiles([target.absolutePath]);
      if (info.size === 0) return textResult(`(${target.displayPath} is empty)`);
      if (await isBinaryFile(target.realPath)) {
        return errorResult(
          `${target.displayPath} looks like a binary file (${info.size} bytes) and is not shown. ` +
            'Inspect it with the shell tool instead (for example `file`, `xxd | head` or `unzip -l`).',
        );
      }
      const readRest = (next: number) =>
        `call read_file with path "${path}" and byte_offset=${next} to read on`;
      const handle = await open(target.realPath, 'r');
      try {
        if (byteOffset !== undefined) {
          const range = await readByteRange(readBytesFromHandle(handle), {
            offset: byteOffset,
            maxBytes,
            size: info.size,
          });
          if ('binary' in range)
            return errorResult(`${target.displayPath} holds binary data at that offset.`);
          return textResult(describeByteRange(range, readRest));
        }
        const page = await readTextPage(
          handle.createReadStream({ autoClose: false, highWaterMark: 64 * 1024, signal: context.signal }),
          { offset, maxLines: limit, maxBytes, maxLineBytes, invalidUtf8: 'replace' },
        );
        if (page.kind === 'binary') {
          return errorResult(`${target.displayPath} holds binary data (a NUL byte) and is not shown.`);
        }
        if (page.lineCount === 0) {
          return errorResult(
            `offset ${offset} is past the end of ${target.displayPath}, which has ${page.totalLines ?? 0} lines.`,
          );
        }
        const cut = new Set(page.cutLines?.map((line) => line.line));
        const lines = page.text.replace(/\r?\n$/, '').split(/\r?\n/);
        const last = offset + lines.length - 1;
        const width = String(last).length;
        const body = lines
          .map((line, index) => {
            const number = offset + index;
            const text = cut.has(number) ? `${line} [… line cut]` : line;
            return `${String(number).padStart(width, ' ')}\t${text}`;
          })
          .join('\n');
        const notes: string[] = [];
        if (page.cutLines !== undefined) {
          notes.push(
            `${page.cutLines.length} long lines were cut at ${maxLineBytes} bytes.`,
            describeCutLines(page.cutLines, readRest),
          );
        }
        if (page.nextOffset !== undefined) {
          const reason =
            lines.length >= limit ? 'the line limit' : `the ${Math.round(maxBytes / 1024)} KB page limit`;
          notes.push(
            `Showing lines ${offset}-${last}; stopped at ${reason} and more lines follow. Call read_file with offset=${page.nextOffset} to read on.`,
          );
        }
        return textResult(notes.length === 0 ? body : `${body}\n\n[${notes.join(' ')}]`);
      } finally {
        await handle.close();
      }
    },
  });
}

async function isBinaryFile(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(BINARY_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return looksBinary(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
