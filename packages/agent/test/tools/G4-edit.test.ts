import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEditTool } from '../../src/tools/edit-tool.js';
import { makeToolWorkspace, type ToolTestWorkspace } from './tool-test-context.js';

describe('edit', () => {
  let workspace: ToolTestWorkspace;
  let file: string;
  beforeEach(async () => {
    workspace = await makeToolWorkspace();
    file = await workspace.write('src/app.ts', 'const a = 1;\nconst b = 1;\nconsole.log(a, b);\n');
  });
  afterEach(() => workspace.cleanup());

  it('G4 replaces a unique exact match and reports the file', async () => {
    const result = await createEditTool().execute(
      { path: 'src/app.ts', old_string: 'const b = 1;', new_string: 'const b = 2;' },
      workspace.context(),
    );
    expect(result).toEqual({
      content: 'Edited src/app.ts: replaced 1 occurrence (first at line 2).',
      isError: false,
    });
    expect(await readFile(file, 'utf8')).toBe('const a = 1;\nconst b = 2;\nconsole.log(a, b);\n');
    expect(workspace.reported).toEqual([file]);
  });

  it('G4 reports a missing match with an excerpt and asks to read the file first', async () => {
    const result = await createEditTool().execute(
      { path: 'src/app.ts', old_string: 'const c = 1;', new_string: 'const c = 2;' },
      workspace.context(),
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain('"const c = 1;"');
    expect(result.content).toContain('Read the file first (read_file)');
    expect(await readFile(file, 'utf8')).toContain('const a = 1;');
  });

  it('G4 refuses an ambiguous match, saying how many and what to do', async () => {
    const result = await createEditTool().execute(
      { path: 'src/app.ts', old_string: ' = 1;', new_string: ' = 3;' },
      workspace.context(),
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain('occurs 2 times');
    expect(result.content).toContain('replace_all');
    expect(await readFile(file, 'utf8')).toBe('const a = 1;\nconst b = 1;\nconsole.log(a, b);\n');
  });

  it('G4 replaces every occurrence with replace_all', async () => {
    const result = await createEditTool().execute(
      { path: 'src/app.ts', old_string: ' = 1;', new_string: ' = 3;', replace_all: true },
      workspace.context(),
    );
    expect(result.content).toContain('replaced 2 occurrences');
    expect(await readFile(file, 'utf8')).toBe('const a = 3;\nconst b = 3;\nconsole.log(a, b);\n');
  });

  it('G4 inserts replacement text literally, even with $ patterns', async () => {
    await createEditTool().execute(
      { path: 'src/app.ts', old_string: 'const a = 1;', new_string: "const a = '$&$1';" },
      workspace.context(),
    );
    expect(await readFile(file, 'utf8')).toContain("const a = '$&$1';");
  });

  it('G4 matches a file with Windows line endings', async () => {
    const windows = await workspace.write('win.txt', 'one\r\ntwo\r\nthree\r\n');
    const result = await createEditTool().execute(
      { path: 'win.txt', old_string: 'one\ntwo', new_string: 'uno\ndos' },
      workspace.context(),
    );
    expect(result.isError).toBe(false);
    expect(await readFile(windows, 'utf8')).toBe('uno\r\ndos\r\nthree\r\n');
  });

  it('G4 refuses a missing file, identical strings and a path outside', async () => {
    const tool = createEditTool();
    const missing = await tool.execute(
      { path: 'nope.ts', old_string: 'a', new_string: 'b' },
      workspace.context(),
    );
    expect(missing.content).toContain('To create a file use write_file');
    const same = await tool.execute(
      { path: 'src/app.ts', old_string: 'a', new_string: 'a' },
      workspace.context(),
    );
    expect(same).toEqual({
      content: 'old_string and new_string are the same; nothing to change.',
      isError: true,
    });
    const outside = await tool.execute(
      { path: '../x.ts', old_string: 'a', new_string: 'b' },
      workspace.context(),
    );
    expect(outside.isError).toBe(true);
    expect(outside.content).toContain('Refused');
  });
});
