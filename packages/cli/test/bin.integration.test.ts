/** The built `skilldock` bin as a real process: the fast tier runs the same program in process. */
import { describe, expect, it } from 'vitest';
import { makeWorkspace, runCli } from './run-cli.js';

describe('the skilldock bin', () => {
  it('I2 prints help with exit 0 from the built bin', () => {
    const { project, home } = makeWorkspace();
    const top = runCli(['--help'], { cwd: project, home });
    expect(top.status).toBe(0);
    expect(top.stdout).toContain('Usage: skilldock');
    expect(top.stdout).toContain('skills');
  });

  it('I2 answers an unknown command with a usage error from the built bin', () => {
    const { project, home } = makeWorkspace();
    const wrong = runCli(['no-such-command'], { cwd: project, home });
    expect(wrong.status).not.toBe(0);
    expect(wrong.stderr).toContain('no-such-command');
  });
});
