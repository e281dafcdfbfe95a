import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLsTool } from '../../src/tools/ls-tool.js';
import { makeToolWorkspace, type ToolTestWorkspace } from './tool-test-context.js';

describe('ls', () => {
  let workspace: ToolTestWorkspace;
  beforeEach(async () => {
    workspace = await makeToolWorkspace();
  });
  afterEach(() => workspace.cleanup());

  it('G4 lists folders first, then files by name, with sizes and link targets', async () => {
    await workspace.write('b.txt', 'x'.repeat(2048));
    await workspace.write('a.txt', 'hi');
    await workspace.write('src/index.ts', '');
    await symlink('a.txt', join(workspace.project, 'c-link'));
    const result = await createLsTool().execute({}, workspace.context());
    expect(result).toEqual({
      content: '. (4 entries)\nsrc/\na.txt  2 B\nb.txt  2.0 KB\nc-link -> a.txt (link)',
      isError: false,
    });
    expect(workspace.reported).toEqual([join(workspace.project, 'a.txt'), join(workspace.project, 'b.txt')]);
  });

  it('G4 caps the listing and counts the rest', async () => {
    for (const name of ['1', '2', '3', '4', '5']) await workspace.write(`many/${name}.txt`, '');
    const result = await createLsTool({ maxEntries: 2 }).execute({ path: 'many' }, workspace.context());
    expect(result.content).toBe('many (5 entries)\n1.txt  0 B\n2.txt  0 B\n[3 more entries not shown]');
  });

  it('G4 explains a missing folder, a file and a path outside', async () => {
    await workspace.write('file.txt', '');
    const tool = createLsTool();
    expect((await tool.execute({ path: 'nope' }, workspace.context())).content).toBe(
      'Folder not found: nope.',
    );
    expect((await tool.execute({ path: 'file.txt' }, workspace.context())).content).toContain(
      'use read_file',
    );
    const outside = await tool.execute({ path: '..' }, workspace.context());
    expect(outside.isError).toBe(true);
    expect(outside.content).toContain('outside the project');
  });
});
