import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatContext } from '../src/chat/chat-context.js';
import { skillsCommand } from '../src/chat/commands/skills-command.js';
import { makeWorkspace, runCliInProcess } from './run-cli.js';

let project: string;
let home: string;
beforeEach(() => {
  ({ project, home } = makeWorkspace());
});
afterEach(() => rmSync(path.dirname(project), { recursive: true, force: true }));

const TRUST = { SKILLDOCK_TRUST: '1' };
const pendingDirectory = () => path.join(project, '.skilldock', 'pending-skills');

function proposal(name: string): void {
  const directory = path.join(pendingDirectory(), name);
  mkdirSync(directory, { recursive: true });
  writeFileSync(
    path.join(directory, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Cut a release. Use when releasing.\nsource: auto-skill\nextracted_at: 2026-06-01T12:00:00.000Z\n---\n## Procedure\nSteps.\n`,
  );
}

const pending = (args: string[], env: Record<string, string> = {}) =>
  runCliInProcess(['skills', 'pending', ...args], { cwd: project, home, env });

describe('L2 skilldock skills pending', () => {
  it('L2 lists proposals (text and --json) anywhere, and has --help', async () => {
    proposal('auto-skill-cut-release');
    const listed = await pending(['--json']);
    expect(listed.status, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).pending).toEqual([
      expect.objectContaining({
        name: 'auto-skill-cut-release',
        description: 'Cut a release. Use when releasing.',
        extractedAt: '2026-06-01T12:00:00.000Z',
      }),
    ]);
    expect((await pending([])).stdout).toContain('auto-skill-cut-release  Cut a release.');
    expect((await pending(['--help'])).stdout).toContain('accept or reject');
  });

  it('L2 accept moves a proposal into the skills folder (trusted only); reject removes one', async () => {
    proposal('auto-skill-a');
    proposal('auto-skill-b');
    const untrusted = await pending(['accept', 'auto-skill-a', '--json']);
    expect(untrusted.status).toBe(1);
    expect(JSON.parse(untrusted.stdout).error.code).toBe('auto_skill_workspace_untrusted');
    const safe = await pending(['accept', 'auto-skill-a', '--safe-mode'], TRUST);
    expect(safe.status).toBe(1);
    expect(safe.stderr).toContain('safe mode');
    const accepted = await pending(['accept', 'auto-skill-a'], TRUST);
    expect(accepted.status, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('accepted auto-skill-a → .agents/skills/auto-skill-a');
    expect(existsSync(path.join(project, '.agents/skills/auto-skill-a/SKILL.md'))).toBe(true);
    expect(readFileSync(path.join(project, '.agents/skills/.gitignore'), 'utf8')).toContain('/auto-skill-*/');
    const rejected = await pending(['reject', 'auto-skill-b'], TRUST);
    expect(rejected.status, rejected.stderr).toBe(0);
    expect(readdirSync(pendingDirectory())).toEqual([]);
    const missing = await pending(['reject', 'auto-skill-b', '--json'], TRUST);
    expect(JSON.parse(missing.stdout).error.code).toBe('pending_skill_not_found');
  });

  it('L2 a bad action is usage (2); a hostile name is refused (1) and nothing moves', async () => {
    proposal('auto-skill-a');
    expect((await pending(['approve', 'auto-skill-a'])).status).toBe(2);
    expect((await pending(['accept'])).status).toBe(2);
    for (const name of ['..', '../../etc', '/etc/passwd']) {
      const run = await pending(['accept', name, '--json'], TRUST);
      expect(run.status).toBe(1);
      expect(JSON.parse(run.stdout).error.code).toBe('path_outside_folder');
    }
    expect(readdirSync(pendingDirectory())).toEqual(['auto-skill-a']);
  });
});

describe('L2 /skills pending in chat', () => {
  it('L2 lists, accepts (and re-reads the catalog) on the chat workspace', async () => {
    proposal('auto-skill-a');
    const lines: string[] = [];
    let refreshed = 0;
    const chat = {
      workspace: {
        projectRoot: project,
        settings: {},
        trusted: true,
        safeMode: false,
        refreshCatalog: async () => {
          refreshed++;
        },
      },
      say: (text: string) => lines.push(text.replace(/\u0000[^\u0000]*\u0000/g, '')),
    } as unknown as ChatContext;
    await skillsCommand.run(chat, 'pending');
    expect(lines.at(-1)).toContain('auto-skill-a  Cut a release.');
    await skillsCommand.run(chat, 'pending accept auto-skill-a');
    expect(lines.at(-1)).toContain('accepted auto-skill-a');
    expect(refreshed).toBe(1);
    await skillsCommand.run(chat, 'pending drop x');
    expect(lines.at(-1)).toContain('usage: /skills pending');
  });
});
