import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadFileTool } from '../../src/tools/read-file-tool.js';
import { makeToolWorkspace, type ToolTestWorkspace } from './tool-test-context.js';

const numbered = (count: number) =>
  Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

describe('read_file', () => {
  let workspace: ToolTestWorkspace;
  beforeEach(async () => {
    workspace = await makeToolWorkspace();
  });
  afterEach(() => workspace.cleanup());

  it('G4 returns numbered lines and reports the file', async () => {
    await workspace.write('notes.txt', 'alpha\nbeta\n');
    const result = await createReadFileTool().execute({ path: 'notes.txt' }, workspace.context());
    expect(result).toEqual({ content: '1\talpha\n2\tbeta', isError: false });
    expect(workspace.reported).toEqual([join(workspace.project, 'notes.txt')]);
  });

  it('R4 a skill virtual path outside a run with skills is refused with the reason', async () => {
    const result = await createReadFileTool().execute({ path: '/.skills/pdf/SKILL.md' }, workspace.context());
    expect(result).toEqual({
      content:
        "/.skills/pdf/SKILL.md is a skill's virtual path; it can be read only in a run with skills, where the skill session answers it.",
      isError: true,
    });
    expect(workspace.reported).toEqual([]);
  });

  it('G4 reads a 1-based line range and says how to read on', async () => {
    await workspace.write('long.txt', numbered(30));
    const result = await createReadFileTool().execute(
      { path: 'long.txt', offset: 10, limit: 3 },
      workspace.context(),
    );
    expect(result.isError).toBe(false);
    expect(result.content).toBe(
      '10\tline 10\n11\tline 11\n12\tline 12\n\n[Showing lines 10-12; stopped at the line limit and more lines follow. Call read_file with offset=13 to read on.]',
    );
  });

  it('G4 stops at the default line limit', async () => {
    await workspace.write('long.txt', numbered(2500));
    const result = await createReadFileTool().execute({ path: 'long.txt' }, workspace.context());
    expect(result.content).toContain('2000\tline 2000\n');
    expect(result.content).not.toContain('line 2001');
    expect(result.content).toContain('offset=2001');
  });

  it('G4 caps a page in bytes with a note naming the next offset', async () => {
    await workspace.write('wide.txt', Array.from({ length: 100 }, () => 'x'.repeat(99)).join('\n'));
    const tool = createReadFileTool({ maxBytes: 1000 });
    const result = await tool.execute({ path: 'wide.txt' }, workspace.context());
    const shown = result.content.split('\n').filter((line) => /^\s*\d+\t/.test(line));
    expect(shown).toHaveLength(10);
    expect(result.content).toContain('page limit');
    expect(result.content).toContain('offset=11');
  });

  it('G4 cuts very long lines', async () => {
    await workspace.write('min.js', 'y'.repeat(5000));
    const result = await createReadFileTool().execute({ path: 'min.js' }, workspace.context());
    expect(result.content).toContain('[… line cut]');
    expect(result.content).toContain('1 long lines were cut at 2000 bytes.');
    expect(result.content).toContain('Line 1 continues for 3000 more bytes (5000 in all)');
    expect(result.content.length).toBeLessThan(2200);
  });

  it('SEC4 a line with no newline is cut, and byte_offset reads the rest piece by piece', async () => {
    await workspace.write('one-line.txt', `${'a'.repeat(3000)}${'b'.repeat(3000)}`);
    const tool = createReadFileTool({ maxBytes: 4000 });
    const first = await tool.execute({ path: 'one-line.txt' }, workspace.context());
    expect(first.content).toContain(
      'Line 1 continues for 4000 more bytes (6000 in all); call read_file with path "one-line.txt" and byte_offset=2000 to read on.',
    );
    const second = await tool.execute({ path: 'one-line.txt', byte_offset: 2000 }, workspace.context());
    expect(second.content).toBe(
      `${'a'.repeat(1000)}${'b'.repeat(3000)}\n\n[Bytes 2000-6000 of 6000. This is the end of the file.]`,
    );
  });

  it('G4 refuses binary files with a hint', async () => {
    await workspace.write('image.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01, 0x02]));
    const result = await createReadFileTool().execute({ path: 'image.png' }, workspace.context());
    expect(result.isError).toBe(true);
    expect(result.content).toContain('binary file (8 bytes)');
    expect(result.content).toContain('shell tool');
  });

  it('G4 explains a missing file, a folder and an offset past the end', async () => {
    await workspace.write('short.txt', 'one\ntwo\n');
    const tool = createReadFileTool();
    const missing = await tool.execute({ path: 'nope.txt' }, workspace.context());
    expect(missing).toEqual({
      content: 'File not found: nope.txt. Use glob or ls to find the right path.',
      isError: true,
    });
    const folder = await tool.execute({ path: '.' }, workspace.context());
    expect(folder.content).toContain('is a folder; use ls');
    const past = await tool.execute({ path: 'short.txt', offset: 5 }, workspace.context());
    expect(past).toEqual({
      content: 'offset 5 is past the end of short.txt, which has 2 lines.',
      isError: true,
    });
  });

  it('G4 rejects invalid arguments as an error result', async () => {
    const result = await createReadFileTool().execute({ path: 'a', offset: 0 }, workspace.context());
    expect(result.isError).toBe(true);
    expect(result.content).toContain('Invalid arguments for read_file');
    expect(result.content).toContain('offset');
  });
});
