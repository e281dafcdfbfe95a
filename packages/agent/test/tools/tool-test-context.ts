import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ToolContext } from '../../src/tools/agent-tool.js';

/** A temp project folder and a tool context over it that records reported files. */
export interface ToolTestWorkspace {
  /** Parent temp folder (holds `project/` and `outside/`). */
  readonly base: string;
  readonly project: string;
  readonly outside: string;
  readonly reported: string[];
  context(overrides?: Partial<ToolContext>): ToolContext;
  write(relativePath: string, content: string | Uint8Array): Promise<string>;
  cleanup(): Promise<void>;
}

export async function makeToolWorkspace(): Promise<ToolTestWorkspace> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'skilldock-tools-')));
  const project = join(base, 'project');
  const outside = join(base, 'outside');
  await mkdir(project);
  await mkdir(outside);
  const reported: string[] = [];
  return {
    base,
    project,
    outside,
    reported,
    context: (overrides = {}) => ({
      cwd: project,
      readOnlyRoots: [],
      signal: new AbortController().signal,
      reportFiles: (paths) => {
        reported.push(...paths);
      },
      ...overrides,
    }),
    async write(relativePath, content) {
      const file = join(project, relativePath);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, content);
      return file;
    },
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}
