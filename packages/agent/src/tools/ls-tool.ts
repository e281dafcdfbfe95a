import type { Dirent } from 'node:fs';
import { lstat, readdir, readlink, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { compareText } from '@skilldock/core/format';
import { z } from 'zod';
import { confinePath } from '../policy/confine-path.js';
import type { AgentTool } from './agent-tool.js';
import { defineAgentTool } from './define-agent-tool.js';
import { errorResult, textResult } from './tool-results.js';

/** Options of {@link createLsTool}. */
export interface LsToolOptions {
  /** Most entries listed; the rest are counted in a note. */
  readonly maxEntries?: number;
}

const schema = z.object({
  path: z
    .string()
    .min(1)
    .optional()
    .describe('Folder to list, relative to the project root. Default: the project root.'),
});

/**
 * The `ls` tool (SPEC G4): one folder's entries with their type and size, folders first, then by
 * name, capped. Listed files are reported for path gating.
 */
export function createLsTool({ maxEntries = 1000 }: LsToolOptions = {}): AgentTool {
  return defineAgentTool({
    name: 'ls',
    description:
      'List the entries of one folder with type and size (folders end with /). Not recursive: use glob to find files by pattern.',
    kind: 'read',
    schema,
    async execute({ path = '.' }, context) {
      const target = await confinePath(path, 'read', context);
      if (!target.ok) return errorResult(target.message);
      let entries: Dirent[];
      try {
        entries = await readdir(target.realPath, { withFileTypes: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return errorResult(`Folder not found: ${target.displayPath}.`);
        if (code === 'ENOTDIR')
          return errorResult(`${target.displayPath} is a file; use read_file to read it.`);
        return errorResult(`Cannot list ${target.displayPath}: ${(error as Error).message}`);
      }
      entries.sort(
        (first, second) =>
          Number(second.isDirectory()) - Number(first.isDirectory()) || compareText(first.name, second.name),
      );
      const shown = entries.slice(0, maxEntries);
      const lines = await Promise.all(shown.map((entry) => describeEntry(target.realPath, entry)));
      context.reportFiles(
        shown.filter((entry) => entry.isFile()).map((entry) => join(target.absolutePath, entry.name)),
      );
      const header = `${target.displayPath} (${entries.length} entries)`;
      const more =
        entries.length > shown.length ? `\n[${entries.length - shown.length} more entries not shown]` : '';
      return textResult(
        entries.length === 0 ? `${header}: empty folder` : `${header}\n${lines.join('\n')}${more}`,
      );
    },
  });
}

async function describeEntry(folder: string, entry: Dirent): Promise<string> {
  const full = join(folder, entry.name);
  if (entry.isDirectory()) return `${entry.name}/`;
  if (entry.isSymbolicLink()) {
    const [target, info] = await Promise.all([
      readlink(full).catch(() => '?'),
      stat(full).catch(() => undefined),
    ]);
    const kind = info === undefined ? 'broken link' : info.isDirectory() ? 'link to folder' : 'link';
    return `${entry.name} -> ${target} (${kind})`;
  }
  if (entry.isFile()) {
    const info = await lstat(full).catch(() => undefined);
    return `${entry.name}  ${info === undefined ? '?' : formatSize(info.size)}`;
  }
  return `${entry.name}  (special file)`;
}

// Human size: bytes below 1 KB, then KB and MB with one decimal.
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
