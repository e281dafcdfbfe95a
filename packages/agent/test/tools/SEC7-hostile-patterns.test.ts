import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGlobTool } from '../../src/tools/glob-tool.js';
import { createGrepTool } from '../../src/tools/grep-tool.js';
import { matchPaths } from '../../src/tools/match-paths.js';
import { makeToolWorkspace, type ToolTestWorkspace } from './tool-test-context.js';

/** The longest the event loop was held (ms) while `work` ran. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    const result = await work();
    return { result, stallMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}

// `a/` then eight `**` segments then `/b`: a backtracking engine tries every way to split a deep path
// among the `**`s (seconds at 30 folders deep, minutes with a few more stars).
const NESTED_GLOBSTARS = `a/${Array(8).fill('**').join('/')}/b\n`;
const DEEP_FOLDER = `a/${Array(30).fill('x').join('/')}`;

// A stall of the event loop this long means one request froze every other (SEC7); a linear
// matcher needs a few milliseconds here, the backtracking one seconds.
const MAX_STALL_MS = 500;

describe('SEC7 hostile patterns cannot stall the process', () => {
  let workspace: ToolTestWorkspace;
  beforeEach(async () => {
    workspace = await makeToolWorkspace();
    await workspace.write('.gitignore', NESTED_GLOBSTARS);
    await workspace.write(`${DEEP_FOLDER}/notes.md`, 'needle\n');
    await workspace.write(`${DEEP_FOLDER}/b/hidden.md`, 'needle\n');
  });
  afterEach(() => workspace.cleanup());

  it('SEC7 glob over a nested ** .gitignore rule keeps the event loop free and still honours the rule', async () => {
    const { result, stallMs } = await longestStall(() =>
      createGlobTool().execute({ pattern: '**/*.md' }, workspace.context()),
    );
    expect(result).toEqual({ content: `${DEEP_FOLDER}/notes.md`, isError: false });
    expect(stallMs).toBeLessThan(MAX_STALL_MS);
  });

  it('SEC7 the JavaScript grep walks the same tree without stalling the event loop', async () => {
    const { result, stallMs } = await longestStall(() =>
      createGrepTool({ ripgrepPath: null }).execute({ pattern: 'needle' }, workspace.context()),
    );
    expect(result).toEqual({ content: `${DEEP_FOLDER}/notes.md`, isError: false });
    expect(stallMs).toBeLessThan(MAX_STALL_MS);
  });

  it('SEC7 a many-star glob against long names ends on its own well inside the time budget', async () => {
    const name = 'a'.repeat(80);
    await mkdir(join(workspace.project, 'long'), { recursive: true });
    await writeFile(join(workspace.project, 'long', name), '');
    // The budget stands in for the run's limit: a backtracking matcher is still busy when it fires
    // (C(80, 8) ways to place the stars) and the tool ends with the limit's error instead of an answer.
    const controller = new AbortController();
    const budget = setTimeout(() => controller.abort(new Error('time budget spent')), 5000);
    try {
      const result = await createGlobTool().execute(
        { pattern: '**/*a*a*a*a*a*a*a*a*b' },
        workspace.context({ signal: controller.signal }),
      );
      expect(result).toEqual({ content: 'No files match **/*a*a*a*a*a*a*a*a*b in ..', isError: false });
    } finally {
      clearTimeout(budget);
    }
  });

  it('SEC7 a many-star grep --glob ends on its own well inside the time budget', async () => {
    await workspace.write(`long/${'a'.repeat(80)}`, 'needle\n');
    const controller = new AbortController();
    const budget = setTimeout(() => controller.abort(new Error('time budget spent')), 5000);
    try {
      const result = await createGrepTool({ ripgrepPath: null }).execute(
        { pattern: 'needle', glob: '*a*a*a*a*a*a*a*a*b' },
        workspace.context({ signal: controller.signal }),
      );
      expect(result).toEqual({ content: 'No matches for needle in ..', isError: false });
    } finally {
      clearTimeout(budget);
    }
  });

  it('SEC7 a nested-quantifier grep regex over a long line keeps the event loop free', async () => {
    await workspace.write('evil.txt', `${'a'.repeat(100_000)}!\n`);
    const { result, stallMs } = await longestStall(() =>
      createGrepTool({ ripgrepPath: null }).execute(
        { pattern: '(a+)+$|(a|aa)*b|(a*)*c', path: 'evil.txt', output_mode: 'count' },
        workspace.context(),
      ),
    );
    expect(result.isError).toBe(false);
    expect(result.content).toBe('No matches for (a+)+$|(a|aa)*b|(a*)*c in evil.txt.');
    expect(stallMs).toBeLessThan(MAX_STALL_MS);
  });

  it('SEC4 matching a long path list gives the event loop turns and stops when the turn is cancelled', async () => {
    const paths = Array.from({ length: 20_000 }, (_, index) => `src/file-${index}.ts`);
    const controller = new AbortController();
    const matching = matchPaths(paths, '**/*.ts', { signal: controller.signal });
    // The first batch ran synchronously; the cancel lands before the second.
    controller.abort(new Error('time limit'));
    await expect(matching).rejects.toThrow('time limit');
    const all = await matchPaths(paths, '**/*.ts', { signal: new AbortController().signal });
    expect(all).toEqual({ ok: true, paths });
    expect(await matchPaths(paths, '!(a).ts', { signal: new AbortController().signal })).toMatchObject({
      ok: false,
      code: 'invalid_glob',
    });
  });

  it('SEC7 the glob tool answers a glob the engine refuses with a clear error', async () => {
    const result = await createGlobTool().execute({ pattern: '!(*.md)' }, workspace.context());
    expect(result.isError).toBe(true);
    expect(result.content).toContain('Negated extglobs');
  });
});
