import { realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { compareText } from '@skilldock/core/format';
import { z } from 'zod';
import { confinePath } from '../policy/confine-path.js';
import type { AgentTool } from './agent-tool.js';
import { defineAgentTool } from './define-agent-tool.js';
import { matchPaths } from './match-paths.js';
import { errorResult, textResult } from './tool-results.js';
import { walkProjectFiles } from './walk-project-files.js';

/** Options of {@link createGlobTool}. */
export interface GlobToolOptions {
  /** Most paths returned; the rest are counted in a note. */
  readonly maxResults?: number;
}

const schema = z.object({
  pattern: z.string().min(1).describe('Glob pattern such as "**/*.ts" or "src/**/test-*.{js,ts}".'),
  path: z
    .string()
    .min(1)
    .optional()
    .describe('Folder to search in, relative to the project root. Default: the project root.'),
});

/**
 * The `glob` tool (SPEC G4): files matching a picomatch-dialect pattern below a folder, newest
 * first (then by name), capped. Skips `.git`, `node_modules` and what `.gitignore` files ignore;
 * hidden files match. Patterns and `.gitignore` rules run on core's linear-time matcher (SPEC
 * SEC7). Matched files are reported for path gating.
 */
export function createGlobTool({ maxResults = 500 }: GlobToolOptions = {}): AgentTool {
  return defineAgentTool({
    name: 'glob',
    description:
      'Find files by glob pattern (e.g. "**/*.ts"), most recently modified first. Skips .git and node_modules. ' +
      'Patterns are matched against paths relative to `path` (default: the project root).',
    kind: 'read',
    schema,
    async execute({ pattern, path = '.' }, context) {
      const target = await confinePath(path, 'read', context);
      if (!target.ok) return errorResult(target.message);
      const info = await stat(target.realPath).catch(() => undefined);
      if (info === undefined) return errorResult(`Folder not found: ${target.displayPath}.`);
      if (!info.isDirectory()) return errorResult(`${target.displayPath} is not a folder.`);
      const normalized = pattern.replace(/^\.\//, '');
      if (normalized.startsWith('/')) {
        return errorResult('The pattern must be relative; put the folder to search in `path` instead.');
      }
      const walked = await walkProjectFiles(target.realPath, {
        signal: context.signal,
        gitignoreRoot: await realpath(context.cwd),
      });
      const matched = await matchPaths(walked, normalized, { signal: context.signal });
      if (!matched.ok) return errorResult(`Invalid glob ${pattern}: ${matched.message}`);
      const files = matched.paths;
      const dated = await withModificationTimes(target.realPath, files);
      dated.sort((first, second) => second.time - first.time || compareText(first.path, second.path));
      const shown = dated.slice(0, maxResults);
      const prefix = target.displayPath === '.' ? '' : `${target.displayPath}/`;
      context.reportFiles(shown.map((file) => join(target.absolutePath, file.path)));
      if (shown.length === 0) return textResult(`No files match ${pattern} in ${target.displayPath}.`);
      const lines = shown.map((file) => `${prefix}${file.path}`);
      const more =
        dated.length > shown.length
          ? `\n[${dated.length - shown.length} more files matched and are not shown; narrow the pattern or the path]`
          : '';
      return textResult(`${lines.join('\n')}${more}`);
    },
  });
}

interface DatedPath {
  readonly path: string;
  readonly time: number;
}

async function withModificationTimes(folder: string, files: readonly string[]): Promise<DatedPath[]> {
  const dated: DatedPath[] = [];
  // Bounded batches: one stat per file, without opening thousands of handles at once.
  for (let start = 0; start < files.length; start += 64) {
    const batch = files.slice(start, start + 64);
    const times = await Promise.all(
      batch.map((file) =>
        stat(join(folder, file)).then(
          (info) => info.mtimeMs,
          () => 0,
        ),
      ),
    );
    batch.forEach((path, index) => {
      dated.push({ path, time: times[index] ?? 0 });
    });
  }
  return dated;
}
