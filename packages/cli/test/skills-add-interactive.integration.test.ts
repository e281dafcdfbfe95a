import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import pty from 'node-pty';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, makeWorkspace } from './run-cli.js';
import { writeSkillRepository } from './skills-add-fixtures.js';

let project: string;
let home: string;
let base: string;
beforeEach(() => {
  ({ project, home } = makeWorkspace());
  base = path.dirname(project);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** Runs the CLI in a pseudo-terminal, answering each prompt when its text appears. */
function runInTerminal(
  args: readonly string[],
  answers: readonly [string, string][],
): Promise<{ status: number; screen: string }> {
  return new Promise((resolve, reject) => {
    const terminal = pty.spawn(process.execPath, [BIN, ...args], {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', HOME: home, NO_COLOR: '1', TERM: 'xterm' },
      cols: 120,
      rows: 40,
    });
    let screen = '';
    let next = 0;
    const timer = setTimeout(() => {
      terminal.kill();
      reject(new Error(`timed out; screen:\n${screen}`));
    }, 30_000);
    terminal.onData((data) => {
      screen += data;
      const answer = answers[next];
      if (answer !== undefined && screen.includes(answer[0])) {
        next++;
        setTimeout(() => terminal.write(answer[1]), 50);
      }
    });
    terminal.onExit(({ exitCode }) => {
      clearTimeout(timer);
      resolve({ status: exitCode, screen });
    });
  });
}

describe('skilldock skills add in a terminal', () => {
  it('P6 asks which skills to install and to confirm, then installs only the chosen one', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha', 'beta']);
    const result = await runInTerminal(
      ['skills', 'add', source, '--agent', 'codex'],
      [
        ['Select skills to install', ' '],
        ['alpha', '\r'],
        ['Install 1 skill(s)', '\r'],
      ],
    );
    expect(result.screen).toContain('The beta skill.');
    expect(result.status).toBe(0);
    expect(existsSync(path.join(project, '.agents/skills/alpha/SKILL.md'))).toBe(true);
    expect(existsSync(path.join(project, '.agents/skills/beta'))).toBe(false);
  });

  it('P6 answering no to the confirmation writes nothing', async () => {
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha']);
    const result = await runInTerminal(['skills', 'add', source], [['Install 1 skill(s)', 'n\r']]);
    expect(result.status).toBe(0);
    expect(result.screen).toContain('nothing was written');
    expect(existsSync(path.join(project, '.agents'))).toBe(false);
    expect(existsSync(path.join(project, 'skills-lock.json'))).toBe(false);
  });
});
