import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGlobTool } from '../../src/tools/glob-tool.js';
import { makeToolWorkspace, type ToolTestWorkspace } from './tool-test-context.js';

describe('glob', () => {
  let workspace: ToolTestWorkspace;
  beforeEach(async () => {
    workspace = await makeToolWorkspace();
    const files = [
      'src/a.ts',
      'src/b.ts',
      'src/deep/c.ts',
      'src/readme.md',
      '.github/x.ts',
      'node_modules/m/i.ts',
      '.git/hooks/h.ts',
    ];
    for (const [index, file] of files.entries()) {
      const path = await workspace.write(file, '');
      const time = new Date(Date.UTC(2026, 0, 1 + index));
      await utimes(path, time, time);
    }
  });
  afterEach(() => workspace.cleanup());

  it('G4 matches files newest first, skipping .git and node_modules, and reports them', async () => {
    const result = await createGlobTool().execute({ pattern: '**/*.ts' }, workspace.context());
    expect(result).toEqual({ content: '.github/x.ts\nsrc/deep/c.ts\nsrc/b.ts\nsrc/a.ts', isError: false });
    expect(workspace.reported).toContain(join(workspace.project, 'src', 'deep', 'c.ts'));
    expect(workspace.reported).toHaveLength(4);
  });

  it('G4 searches below a folder and shows paths from the project root', async () => {
    const result = await createGlobTool().execute({ pattern: '*.ts', path: 'src' }, workspace.context());
    expect(result.content).toBe('src/b.ts\nsrc/a.ts');
  });

  it('G4 caps the results and says how many more matched', async () => {
    const result = await createGlobTool({ maxResults: 2 }).execute({ pattern: '**/*' }, workspace.context());
    expect(result.content).toBe(
      '.github/x.ts\nsrc/readme.md\n[3 more files matched and are not shown; narrow the pattern or the path]',
    );
  });

  it('G4 says when nothing matches and refuses a folder outside', async () => {
    const tool = createGlobTool();
    expect((await tool.execute({ pattern: '**/*.py' }, workspace.context())).content).toBe(
      'No files match **/*.py in ..',
    );
    const outside = await tool.execute({ pattern: '*', path: workspace.outside }, workspace.context());
    expect(outside.isError).toBe(true);
  });

  it('SEC4 SEC7 a catastrophic pattern ends on its own in linear time, and a cancelled turn still stops the glob', async () => {
    await workspace.write(`${'a'.repeat(40)}b`, '');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('time limit')), 5000);
    // A backtracking matcher would still be running when the limit fires and end with its error.
    const result = await createGlobTool().execute(
      { pattern: '(a+)+$' },
      workspace.context({ signal: controller.signal }),
    );
    clearTimeout(timer);
    expect(result).toEqual({ content: 'No files match (a+)+$ in ..', isError: false });
    const cancelled = new AbortController();
    cancelled.abort(new Error('time limit'));
    const stopped = await createGlobTool().execute(
      { pattern: '**/*' },
      workspace.context({ signal: cancelled.signal }),
    );
    expect(stopped.isError).toBe(true);
    expect(stopped.content).toContain('cancelled');
  });
});
