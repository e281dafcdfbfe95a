import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findRipgrep } from '../../src/tools/find-ripgrep.js';
import { createGrepTool } from '../../src/tools/grep-tool.js';
import { makeToolWorkspace, type ToolTestWorkspace } from './tool-test-context.js';

const FAKE_RIPGREP = fileURLToPath(new URL('../fixtures/fake-ripgrep.mjs', import.meta.url));

describe('grep', () => {
  let workspace: ToolTestWorkspace;
  beforeEach(async () => {
    workspace = await makeToolWorkspace();
    await workspace.write('src/app.ts', 'import x\nconst TODO = 1;\n// todo later\nexport {}\n');
    await workspace.write('src/util.js', 'function todo() {}\n');
    await workspace.write('docs/readme.md', 'nothing here\n');
    await workspace.write('bin/blob.bin', new Uint8Array([0x54, 0x4f, 0x44, 0x4f, 0x00, 0x01, 0x02, 0x0a]));
    await workspace.write('big.log', `${'filler line\n'.repeat(100_000)}TODO at the end\n`);
    await workspace.write('.git/COMMIT_EDITMSG', 'TODO in git\n');
    await workspace.write('node_modules/pkg/index.js', '// TODO in a dependency\n');
  });
  afterEach(() => workspace.cleanup());

  const javascript = () => createGrepTool({ ripgrepPath: null });

  it('G4 lists files with matches, skipping binary and big files, .git and node_modules', async () => {
    const result = await javascript().execute({ pattern: 'TODO' }, workspace.context());
    expect(result).toEqual({ content: 'src/app.ts', isError: false });
    expect(workspace.reported).toEqual([join(workspace.project, 'src', 'app.ts')]);
    const insensitive = await javascript().execute(
      { pattern: 'todo', ignore_case: true },
      workspace.context(),
    );
    expect(insensitive.content).toBe('src/app.ts\nsrc/util.js');
  });

  it('G4 shows matching lines with context in content mode', async () => {
    const result = await javascript().execute(
      { pattern: 'todo', ignore_case: true, output_mode: 'content', context_lines: 1 },
      workspace.context(),
    );
    expect(result.content).toBe(
      [
        'src/app.ts-1-import x',
        'src/app.ts:2:const TODO = 1;',
        'src/app.ts:3:// todo later',
        'src/app.ts-4-export {}',
        '--',
        'src/util.js:1:function todo() {}',
      ].join('\n'),
    );
  });

  it('G4 counts matches per file', async () => {
    const result = await javascript().execute(
      { pattern: 'todo', ignore_case: true, output_mode: 'count' },
      workspace.context(),
    );
    expect(result.content).toBe('src/app.ts:2\nsrc/util.js:1\n\n3 matching lines in 2 files.');
  });

  it('G4 filters by glob and searches below a path', async () => {
    const byGlob = await javascript().execute(
      { pattern: 'todo', ignore_case: true, glob: '*.js' },
      workspace.context(),
    );
    expect(byGlob.content).toBe('src/util.js');
    const byPath = await javascript().execute({ pattern: 'nothing', path: 'docs' }, workspace.context());
    expect(byPath.content).toBe('docs/readme.md');
    const oneFile = await javascript().execute(
      { pattern: 'TODO', path: 'src/app.ts', output_mode: 'content' },
      workspace.context(),
    );
    expect(oneFile.content).toBe('src/app.ts:2:const TODO = 1;');
  });

  it('G4 stops at the match cap and says so', async () => {
    const tool = createGrepTool({ ripgrepPath: null, maxMatchLines: 1 });
    const result = await tool.execute(
      { pattern: 'todo', ignore_case: true, output_mode: 'content' },
      workspace.context(),
    );
    expect(result.content).toBe(
      'src/app.ts:2:const TODO = 1;\n\n[Stopped after 1 matching lines; narrow the pattern, the path or the glob to see the rest.]',
    );
  });

  it('G4 searches big files when the size cap allows it', async () => {
    const tool = createGrepTool({ ripgrepPath: null, maxFileBytes: 10 * 1024 * 1024 });
    const result = await tool.execute(
      { pattern: 'TODO at the end', output_mode: 'content' },
      workspace.context(),
    );
    expect(result.content).toBe('big.log:100001:TODO at the end');
  });

  it('SEC4 a catastrophic pattern ends in linear time in the JavaScript search', async () => {
    await workspace.write('evil.txt', `${'a'.repeat(50_000)}b\n`);
    const result = await javascript().execute(
      { pattern: '(a+)+$', path: 'evil.txt', output_mode: 'count' },
      workspace.context(),
    );
    expect(result).toEqual({ content: 'No matches for (a+)+$ in evil.txt.', isError: false });
    // A run that ignored the limit would hang: the test timeout (30 s) fails it.
  });

  it('SEC4 SEC7 a catastrophic --glob ends on its own in linear time, and a cancelled turn still stops the search', async () => {
    await workspace.write(`${'a'.repeat(40)}b`, 'TODO\n');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('time limit')), 5000);
    // A backtracking matcher would still be running when the limit fires and end with its error.
    const result = await javascript().execute(
      { pattern: 'TODO', glob: '(a+)+$' },
      workspace.context({ signal: controller.signal }),
    );
    clearTimeout(timer);
    expect(result).toEqual({ content: 'No matches for TODO in ..', isError: false });
    const cancelled = new AbortController();
    cancelled.abort(new Error('time limit'));
    const stopped = await javascript().execute(
      { pattern: 'TODO', glob: '*' },
      workspace.context({ signal: cancelled.signal }),
    );
    expect(stopped.isError).toBe(true);
    expect(stopped.content).toContain('cancelled');
  });

  it('SEC4 long matching lines are cut with a note saying how to read them', async () => {
    await workspace.write('min.js', `${'x'.repeat(600)}NEEDLE${'y'.repeat(600)}\n`);
    const result = await javascript().execute(
      { pattern: 'NEEDLE', path: 'min.js', output_mode: 'content' },
      workspace.context(),
    );
    expect(result.content).toBe(
      `min.js:1:${'x'.repeat(500)} [… line cut]\n\n[Lines over 500 characters were cut: min.js:1 continues for 706 more characters (read_file path "min.js" offset=1 limit=1 shows it).]`,
    );
  });

  it('G4 reports an invalid pattern, no match and a path outside as results', async () => {
    const invalid = await javascript().execute({ pattern: '(' }, workspace.context());
    expect(invalid.isError).toBe(true);
    expect(invalid.content).toContain('Invalid regular expression');
    const none = await javascript().execute({ pattern: 'absent-word' }, workspace.context());
    expect(none).toEqual({ content: 'No matches for absent-word in ..', isError: false });
    const outside = await javascript().execute({ pattern: 'x', path: '../outside' }, workspace.context());
    expect(outside.isError).toBe(true);
  });

  describe('with ripgrep', () => {
    let bin: string;
    beforeEach(async () => {
      bin = await mkdtemp(join(tmpdir(), 'skilldock-rg-'));
    });
    afterEach(() => rm(bin, { recursive: true, force: true }));

    /** An executable `rg` that runs the fake with this test's recorded output. */
    async function fakeRipgrep(environment: Record<string, string>): Promise<string> {
      const script = join(bin, 'rg');
      const exports = Object.entries(environment)
        .map(([name, value]) => `export ${name}='${value}'`)
        .join('\n');
      await writeFile(script, `#!/bin/sh\n${exports}\nexec '${process.execPath}' '${FAKE_RIPGREP}' "$@"\n`);
      await chmod(script, 0o755);
      return script;
    }

    it('G4 runs rg --json and gives the same result as the JavaScript search', async () => {
      const app = join(workspace.project, 'src', 'app.ts');
      const util = join(workspace.project, 'src', 'util.js');
      const line = (type: string, path: string, text: string, number: number) =>
        JSON.stringify({
          type,
          data: { path: { text: path }, lines: { text }, line_number: number, submatches: [] },
        });
      const recorded = [
        JSON.stringify({ type: 'begin', data: { path: { text: util } } }),
        // Non-UTF-8 safe form: ripgrep sends bytes as base64 when a line is not valid UTF-8.
        JSON.stringify({
          type: 'match',
          data: {
            path: { text: util },
            lines: { bytes: Buffer.from('function todo() {}\n').toString('base64') },
            line_number: 1,
          },
        }),
        JSON.stringify({ type: 'end', data: { path: { text: util } } }),
        JSON.stringify({ type: 'begin', data: { path: { text: app } } }),
        line('context', app, 'import x\n', 1),
        line('match', app, 'const TODO = 1;\n', 2),
        line('match', app, '// todo later\n', 3),
        line('context', app, 'export {}\n', 4),
        JSON.stringify({ type: 'end', data: { path: { text: app } } }),
        JSON.stringify({ type: 'summary', data: {} }),
      ].join('\n');
      const output = join(bin, 'output.jsonl');
      const args = join(bin, 'args.json');
      await writeFile(output, `${recorded}\n`);
      const ripgrepPath = await fakeRipgrep({ FAKE_RG_OUTPUT: output, FAKE_RG_ARGS: args });
      const input = { pattern: 'todo', ignore_case: true, output_mode: 'content', context_lines: 1 };
      const viaRipgrep = await createGrepTool({ ripgrepPath }).execute(input, workspace.context());
      const viaJavaScript = await javascript().execute(input, workspace.context());
      expect(viaRipgrep).toEqual(viaJavaScript);
      expect(viaRipgrep.content).toContain('src/util.js:1:function todo() {}');
      expect(JSON.parse(await readFile(args, 'utf8'))).toEqual([
        '--json',
        '--no-config',
        '--hidden',
        '--max-filesize',
        String(1024 * 1024),
        '--glob',
        '!.git',
        '--glob',
        '!node_modules',
        '--ignore-case',
        '--context',
        '1',
        '--regexp',
        'todo',
        '--',
        workspace.project,
      ]);
    });

    it('G4 turns an rg failure into an error result', async () => {
      const ripgrepPath = await fakeRipgrep({ FAKE_RG_EXIT: '2', FAKE_RG_STDERR: 'regex parse error' });
      const result = await createGrepTool({ ripgrepPath }).execute({ pattern: '(' }, workspace.context());
      expect(result).toEqual({ content: 'ripgrep failed: regex parse error', isError: true });
    });

    it('G4 finds rg on PATH only when it is an executable file', async () => {
      expect(await findRipgrep(`${bin}:${join(bin, 'missing')}`)).toBeUndefined();
      await writeFile(join(bin, 'rg'), '#!/bin/sh\n');
      expect(await findRipgrep(bin)).toBeUndefined();
      await chmod(join(bin, 'rg'), 0o755);
      expect(await findRipgrep(`${join(bin, 'missing')}:${bin}`)).toBe(join(bin, 'rg'));
    });
  });
});
