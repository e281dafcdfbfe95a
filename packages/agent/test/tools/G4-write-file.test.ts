import { chmod, link, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWriteFileTool } from '../../src/tools/write-file-tool.js';
import { makeToolWorkspace, type ToolTestWorkspace } from './tool-test-context.js';

describe('write_file', () => {
  let workspace: ToolTestWorkspace;
  beforeEach(async () => {
    workspace = await makeToolWorkspace();
  });
  afterEach(() => workspace.cleanup());

  it('G4 creates parent folders and reports the file', async () => {
    const result = await createWriteFileTool().execute(
      { path: 'deep/er/file.txt', content: 'hello\nworld\n' },
      workspace.context(),
    );
    expect(result).toEqual({
      content: `Created ${join('deep', 'er', 'file.txt')} (2 lines, 12 bytes).`,
      isError: false,
    });
    const file = join(workspace.project, 'deep', 'er', 'file.txt');
    expect(await readFile(file, 'utf8')).toBe('hello\nworld\n');
    expect(workspace.reported).toEqual([file]);
  });

  it('G4 replaces a file atomically: a new file takes the name, the old one is never rewritten in place', async () => {
    const file = await workspace.write('config.json', '{"old":true}');
    await chmod(file, 0o640);
    // A hard link keeps pointing at the old inode: rewriting in place would change it too.
    const witness = join(workspace.base, 'witness.json');
    await link(file, witness);
    const result = await createWriteFileTool().execute(
      { path: 'config.json', content: '{"new":true}' },
      workspace.context(),
    );
    expect(result.content).toContain('Replaced config.json');
    expect(await readFile(file, 'utf8')).toBe('{"new":true}');
    expect(await readFile(witness, 'utf8')).toBe('{"old":true}');
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    expect(await readdir(workspace.project)).toEqual(['config.json']);
  });

  it('G4 refuses writing over a folder and outside the project', async () => {
    await workspace.write('folder/keep.txt', 'x');
    const tool = createWriteFileTool();
    const folder = await tool.execute({ path: 'folder', content: 'x' }, workspace.context());
    expect(folder).toEqual({ content: 'folder is a folder, not a file.', isError: true });
    const outside = await tool.execute(
      { path: join(workspace.outside, 'x.txt'), content: 'x' },
      workspace.context(),
    );
    expect(outside.isError).toBe(true);
    expect(await readdir(workspace.outside)).toEqual([]);
  });
});
