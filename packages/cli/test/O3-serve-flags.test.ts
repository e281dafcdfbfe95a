/**
 * SPEC O3 on `skilldock serve`, in process: `/metrics` is never served without a token, and the
 * log format is one of the two it knows. Both are refused before anything starts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { makeWorkspace, runCliInProcess } from './run-cli.js';

let workspace: { project: string; home: string };

beforeEach(() => {
  workspace = makeWorkspace();
});

describe('serve --metrics and --log-format', () => {
  it('O3 --metrics without SKILLDOCK_METRICS_TOKEN exits 2 naming the variable', async () => {
    const run = await runCliInProcess(['serve', '--metrics', '--port', '0'], {
      cwd: workspace.project,
      home: workspace.home,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('SKILLDOCK_METRICS_TOKEN');
  });

  it('O3 --log-format other than json or pretty exits 2 naming the flag', async () => {
    const run = await runCliInProcess(['serve', '--log-format', 'yaml', '--port', '0'], {
      cwd: workspace.project,
      home: workspace.home,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--log-format must be json or pretty');
  });
});
