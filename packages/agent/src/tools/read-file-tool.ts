import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { isSkillVirtualPath } from '@skilldock/core';
import { z } from 'zod';
import type { AgentTool } from './agent-tool.js';
import { confinePath } from './confine-path.js';
import { defineAgentTool } from './define-agent-tool.js';
import { BINARY_SNIFF_BYTES, looksBinary } from './looks-binary.js';
import { errorResult, textResult } from './tool-results.js';

/** Options of {@link createReadFileTool}. */
export interface ReadFileToolOptions {
  /** Lines returned when the call gives no `limit`. */
  readonly defaultLineLimit?: number;
  /** Most bytes of file text one call returns; the note says where the next page starts. */
  readonly maxBytes?: number;
  /** Longer lines are cut, so one minified line cannot fill the page. */
  readonly maxLineLength?: number;
}

const schema = z.object({
  path: z.string().min(1).describe('File to read, relative to the project root or absolute.'),
  offset: z.number().int().min(1).optional().describe('First line to read (1-based). Default 1.'),
  limit: z.number().int().min(1).optional().describe('How many lines to read. Default 2000.'),
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
  maxLineLength = 2000,
}: ReadFileToolOptions = {}): AgentTool {
  return defineAgentTool({
    name: 'read_file',
    description:
      'Read a text file. Returns lines prefixed with their 1-based line numbers (`number<TAB>text`; the prefix is not part of the file). ' +
      `Reads up to ${defaultLineLimit} lines or ${Math.round(maxBytes / 1024)} KB per call; use offset and limit to page through long files. ` +
      'Paths are relative to the project root.',
    kind: 'read',
    schema,
    async execute({ path, offset = 1, limit = defaultLineLimit }, context) {
      const target = await confinePath(path, 'read', context);
      if (!target.ok && isSkillVirtualPath(path.trim())) {
        return errorResult(
          `${path} is a skill's virtual path; it can be read only in a run with skills, where the skill session answers it.`,
        );
      }
      if (!target.ok) return errorResult(target.reason);
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
      const page = await readLinePage(
        target.realPath,
        offset,
        limit,
        maxBytes,
        maxLineLength,
        context.signal,
      );
      if (page.lines.length === 0) {
        return errorResult(
          `offset ${offset} is past the end of ${target.displayPath}, which has ${page.lastLineNumber} lines.`,
        );
      }
      const width = String(page.lastLineNumber).length;
      const body = page.lines
        .map((line, index) => `${String(offset + index).padStart(width, ' ')}\t${line}`)
        .join('\n');
      const last = offset + page.lines.length - 1;
      const notes: string[] = [];
      if (page.cutLines > 0)
        notes.push(`${page.cutLines} long lines were cut at ${maxLineLength} characters.`);
      if (page.more) {
        const reason = page.stoppedByBytes
          ? `the ${Math.round(maxBytes / 1024)} KB page limit`
          : 'the line limit';
        notes.push(
          `Showing lines ${offset}-${last}; stopped at ${reason} and more lines follow. Call read_file with offset=${last + 1} to read on.`,
        );
      }
      return textResult(notes.length === 0 ? body : `${body}\n\n[${notes.join(' ')}]`);
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

interface LinePage {
  readonly lines: string[];
  /** Whether lines remain after the page. */
  readonly more: boolean;
  readonly stoppedByBytes: boolean;
  readonly cutLines: number;
  /** The last line number seen (the file's line count when the whole file was read). */
  readonly lastLineNumber: number;
}

// Streams the file so a huge log costs only the page asked for.
async function readLinePage(
  file: string,
  offset: number,
  limit: number,
  maxBytes: number,
  maxLineLength: number,
  signal: AbortSignal,
): Promise<LinePage> {
  const stream = createReadStream(file, { encoding: 'utf8', signal });
  const reader = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  const lines: string[] = [];
  let lineNumber = 0;
  let bytes = 0;
  let cutLines = 0;
  let more = false;
  let stoppedByBytes = false;
  try {
    for await (const raw of reader) {
      lineNumber++;
      if (lineNumber < offset) continue;
      if (lines.length >= limit) {
        more = true;
        break;
      }
      let line = raw;
      if (line.length > maxLineLength) {
        line = `${line.slice(0, maxLineLength)} [… line cut]`;
        cutLines++;
      }
      const size = Buffer.byteLength(line) + 1;
      if (bytes + size > maxBytes && lines.length > 0) {
        more = true;
        stoppedByBytes = true;
        break;
      }
      bytes += size;
      lines.push(line);
    }
  } finally {
    reader.close();
    stream.destroy();
  }
  return { lines, more, stoppedByBytes, cutLines, lastLineNumber: lineNumber };
}
