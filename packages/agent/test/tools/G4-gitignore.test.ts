import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGlobTool } from '../../src/tools/glob-tool.js';
import { createGrepTool } from '../../src/tools/grep-tool.js';
import { makeToolWorkspace, type ToolTestWorkspace } from './tool-test-context.js';

describe('.gitignore in glob and the JavaScript grep', () => {
  let workspace: ToolTestWorkspace;
  beforeEach(async () => {
    workspace = await makeToolWorkspace();
    await workspace.write('.gitignore', 'build/\n*.log\n!keep.log\n');
    await workspace.write('src/.gitignore', 'generated.ts\n');
    await workspace.write('src/app.ts', 'needle');
    await workspace.write('src/generated.ts', 'needle');
    await workspace.write('src/deep/generated.ts', 'needle');
    await workspace.write('build/out.ts', 'needle');
    await workspace.write('debug.log', 'needle');
    await workspace.write('keep.log', 'needle');
    await workspace.write('lib/build.ts', 'needle');
  });
  afterEach(() => workspace.cleanup());

  const EXPECTED = ['keep.log', 'lib/build.ts', 'src/app.ts'];

  it('G4 glob leaves out ignored folders and files, honours nested files and ! negations', async () => {
    const result = await createGlobTool().execute({ pattern: '**/*' }, workspace.context());
    const listed = result.content.split('\n').filter((line) => !line.endsWith('.gitignore'));
    expect(listed.sort()).toEqual(EXPECTED);
  });

  it('G4 the JavaScript grep leaves out the same files, as rg does', async () => {
    const tool = createGrepTool({ ripgrepPath: null });
    const result = await tool.execute({ pattern: 'needle' }, workspace.context());
    expect(result.isError).toBe(false);
    expect(result.content.split('\n').sort()).toEqual(EXPECTED);
  });

  it('G4 a search below the project root still applies the root .gitignore', async () => {
    await workspace.write('src/trace.log', 'needle');
    const tool = createGrepTool({ ripgrepPath: null });
    const result = await tool.execute({ pattern: 'needle', path: 'src' }, workspace.context());
    expect(result.content.split('\n').sort()).toEqual(['src/app.ts']);
  });
});
