import { readFileSync, watch } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSecretName, shellEnvironment } from '../../src/loop/shell-environment.js';
import { waitUntilProcessGone } from '../../src/testing/process-liveness.js';
import { createShellTool } from '../../src/tools/shell-tool.js';
import { makeToolWorkspace, type ToolTestWorkspace } from './tool-test-context.js';

/** The pid a command writes to `file`, as soon as a file event says it is there (NaN after 5 s). */
function waitForPidFile(file: string): Promise<number> {
  const read = () => {
    try {
      return Number(readFileSync(file, 'utf8').trim() || Number.NaN);
    } catch {
      return Number.NaN;
    }
  };
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      watcher.close();
      resolve(read());
    };
    const check = () => {
      if (read() > 0) finish();
    };
    const watcher = watch(dirname(file), check);
    const timer = setTimeout(finish, 5000);
    check();
  });
}

const childPid = (output: string): number => Number(/^PID (\d+)$/m.exec(output)?.[1]);

describe('shell', () => {
  let workspace: ToolTestWorkspace;
  beforeEach(async () => {
    workspace = await makeToolWorkspace();
  });
  afterEach(() => workspace.cleanup());

  it('G4 runs a command in the project and ends with the exit code', async () => {
    const result = await createShellTool().execute({ command: 'pwd; echo oops >&2' }, workspace.context());
    expect(result).toEqual({ content: `${workspace.project}\noops\n\nExit code: 0`, isError: false });
  });

  it('G4 runs every command inside the launcher it is given, in the folder the call names', async () => {
    await workspace.write('sub/keep.txt', 'x');
    const folders: string[] = [];
    const tool = createShellTool({
      launcher: (cwd) => {
        folders.push(cwd);
        return { executable: '/usr/bin/env', args: ['LAUNCHED_BY=launcher'] };
      },
      descriptionNote: 'Commands run in a test launcher.',
    });
    const result = await tool.execute(
      { command: 'echo "$LAUNCHED_BY"; pwd', cwd: 'sub' },
      workspace.context(),
    );
    expect(result).toEqual({ content: `launcher\n${workspace.project}/sub\n\nExit code: 0`, isError: false });
    expect(folders).toEqual([join(workspace.project, 'sub')]);
    expect(tool.description).toMatch(/Commands run in a test launcher\.$/);
  });

  it('G4 marks a failing command as an error and keeps its output', async () => {
    const result = await createShellTool().execute({ command: 'echo partial; exit 3' }, workspace.context());
    expect(result).toEqual({ content: 'partial\n\nExit code: 3', isError: true });
  });

  it('G4 stops a command at its timeout and kills the processes it started', async () => {
    const result = await createShellTool({ killGraceMs: 200 }).execute(
      { command: 'sleep 30 & echo "PID $!"; wait', timeout_ms: 1000 },
      workspace.context(),
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain('Timed out after 1000 ms');
    const pid = childPid(result.content);
    expect(pid).toBeGreaterThan(0);
    expect(await waitUntilProcessGone(pid)).toBe(true);
  });

  it('G4 kills a child that ignores SIGTERM after the grace period', async () => {
    const result = await createShellTool({ killGraceMs: 200 }).execute(
      { command: `bash -c 'trap "" TERM; echo "PID $$"; sleep 30; sleep 30' & wait`, timeout_ms: 1000 },
      workspace.context(),
    );
    const pid = childPid(result.content);
    expect(pid).toBeGreaterThan(0);
    expect(await waitUntilProcessGone(pid)).toBe(true);
  });

  it('G4 stops the command when the turn is cancelled', async () => {
    const controller = new AbortController();
    const running = createShellTool({ killGraceMs: 200 }).execute(
      { command: 'sleep 30 & echo "$!" > child.pid; wait' },
      workspace.context({ signal: controller.signal }),
    );
    // Cancel once the background child exists.
    const pid = await waitForPidFile(join(workspace.project, 'child.pid'));
    expect(pid).toBeGreaterThan(0);
    controller.abort();
    const result = await running;
    expect(result).toEqual({
      content: '(no output)\n\nCancelled; the command and the processes it started were stopped.',
      isError: true,
    });
    expect(await waitUntilProcessGone(pid)).toBe(true);
  });

  it('G4 returns when the command exits even if a background process keeps the output open', async () => {
    const result = await createShellTool().execute(
      // $$ is the shell, whose pid names the command's process group.
      { command: '(sleep 20; echo LATE-MARKER) & echo "PID $$"' },
      workspace.context(),
    );
    const group = childPid(result.content);
    try {
      expect(result.isError).toBe(false);
      expect(result.content).toContain('Exit code: 0');
      expect(result.content).toContain('Background processes still hold the output');
      expect(result.content).not.toContain('LATE-MARKER');
    } finally {
      if (group > 0) process.kill(-group, 'SIGKILL');
    }
  });

  it('G4 caps long output, keeping the head and the tail', async () => {
    const result = await createShellTool({ maxOutputCharacters: 1000 }).execute(
      { command: 'echo FIRST; head -c 50000 /dev/zero | tr "\\0" x; echo; echo LAST' },
      workspace.context(),
    );
    expect(result.content.startsWith('FIRST\n')).toBe(true);
    expect(result.content).toMatch(/\[… 49\d{3} characters of output omitted …\]/);
    expect(result.content.endsWith('LAST\n\nExit code: 0')).toBe(true);
    expect(result.content.length).toBeLessThan(1200);
  });

  it('G4 runs in a folder inside the project and refuses one outside', async () => {
    await workspace.write('sub/marker.txt', '');
    const tool = createShellTool();
    const inside = await tool.execute({ command: 'ls', cwd: 'sub' }, workspace.context());
    expect(inside.content).toBe('marker.txt\n\nExit code: 0');
    const outside = await tool.execute({ command: 'ls', cwd: '..' }, workspace.context());
    expect(outside.isError).toBe(true);
    expect(outside.content).toContain('Only folders inside the project');
    const readOnly = await tool.execute(
      { command: 'ls', cwd: workspace.outside },
      workspace.context({ readOnlyRoots: [workspace.outside] }),
    );
    expect(readOnly.isError).toBe(true);
  });

  it('G4 refuses a timeout above the maximum', async () => {
    const result = await createShellTool().execute(
      { command: 'true', timeout_ms: 700_000 },
      workspace.context(),
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain('timeout_ms');
  });

  it('G4 keeps credentials out of the command environment', async () => {
    const environment = shellEnvironment({
      PATH: process.env.PATH,
      OPENAI_API_KEY: 'sk-1',
      GITHUB_TOKEN: 'g',
      HOME: '/h',
    });
    expect(environment).toEqual({
      PATH: process.env.PATH,
      HOME: '/h',
      PAGER: 'cat',
      GIT_PAGER: 'cat',
      GIT_TERMINAL_PROMPT: '0',
    });
    for (const name of [
      'AWS_SECRET_ACCESS_KEY',
      'DB_PASSWORD',
      'NPM_TOKEN',
      'ANTHROPIC_API_KEY',
      'STRIPE_KEY',
    ]) {
      expect(isSecretName(name)).toBe(true);
    }
    for (const name of ['PATH', 'TOKENIZERS_PARALLELISM', 'KEYBOARD', 'SSH_AUTH_SOCK'])
      expect(isSecretName(name)).toBe(false);
    const tool = createShellTool({ environment });
    const result = await tool.execute({ command: 'echo "[$OPENAI_API_KEY][$HOME]"' }, workspace.context());
    expect(result.content).toBe('[][/h]\n\nExit code: 0');
  });
});
