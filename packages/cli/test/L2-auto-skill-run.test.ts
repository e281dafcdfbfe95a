import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentWorkspaceFolders,
  jsonLines,
  makeAgentWorkspace,
  PROTOCOLS,
  runAgentCli,
  viewRequest,
  writeProjectSkill,
  writeSettings,
} from './agent-fixtures/agent-harness.js';

const SKILL = `---\nname: auto-skill-list-twice\ndescription: List the project twice. Use when asked to look around.\nsource: auto-skill\nextracted_at: 2026-06-01T12:00:00.000Z\n---\n## When to use\nLooking around.\n## Procedure\nls, ls.\n## Pitfalls\nNone.\n`;

describe.each(PROTOCOLS)('L2 auto skill through skilldock run ($name)', (protocol) => {
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    folders.remove();
  });

  it('L2 a run with N tool calls schedules a review; its proposal waits in the pending area and is accepted', async () => {
    folders = makeAgentWorkspace();
    writeSettings(folders.home, {
      memory: { enableAutoSkill: true, autoSkillConfirm: true, autoSkillToolCalls: 2 },
    });
    const userSkill = writeProjectSkill(
      folders.project,
      'deploy-notes',
      'description: How we deploy.',
      'Ours.',
    );
    let main = 0;
    let review = 0;
    server = await startFakeModelServer({
      script: (request) => {
        const view = viewRequest(request);
        if (view.system.includes('You review a finished stretch')) {
          review++;
          if (review === 1)
            return {
              toolCalls: [
                {
                  name: 'write_file',
                  arguments: { path: '.agents/skills/deploy-notes/SKILL.md', content: SKILL },
                },
              ],
            };
          if (review === 2)
            return {
              toolCalls: [
                {
                  name: 'write_file',
                  arguments: {
                    path: '.skilldock/pending-skills/auto-skill-list-twice/SKILL.md',
                    content: SKILL,
                  },
                },
              ],
            };
          return { text: 'auto-skill-list-twice' };
        }
        main++;
        if (main <= 2) return { toolCalls: [{ name: 'ls', arguments: { path: '.' } }] };
        return {
          text: view.userTexts.some((text) => text.includes('<task-notifications>')) ? 'Noted.' : 'Looked.',
        };
      },
    });
    const env = { ...protocol.env(server), SKILLDOCK_TRUST: '1' };
    const run = await runAgentCli(['run', '--json', 'Look around'], {
      cwd: folders.project,
      home: folders.home,
      env,
    });
    expect(run.status, run.stderr).toBe(0);
    const taskEnd = jsonLines(run.stdout).find((event) => event.type === 'task-end');
    expect(taskEnd).toMatchObject({ agentType: 'auto-skill-review', status: 'completed' });
    expect(String(taskEnd?.result)).toContain('proposed auto-skill-list-twice, waiting for review');
    expect(readFileSync(userSkill, 'utf8')).toContain('Ours.');
    expect(existsSync(path.join(folders.project, '.agents/skills/auto-skill-list-twice'))).toBe(false);

    const listed = await runAgentCli(['skills', 'pending', '--json'], {
      cwd: folders.project,
      home: folders.home,
      env,
    });
    expect(JSON.parse(listed.stdout).pending.map((skill: { name: string }) => skill.name)).toEqual([
      'auto-skill-list-twice',
    ]);
    const accepted = await runAgentCli(['skills', 'pending', 'accept', 'auto-skill-list-twice'], {
      cwd: folders.project,
      home: folders.home,
      env,
    });
    expect(accepted.status, accepted.stderr).toBe(0);
    expect(
      readFileSync(path.join(folders.project, '.agents/skills/auto-skill-list-twice/SKILL.md'), 'utf8'),
    ).toBe(SKILL);
    const shown = await runAgentCli(['skills', 'list', '--json'], {
      cwd: folders.project,
      home: folders.home,
      env,
    });
    expect(JSON.parse(shown.stdout).skills.map((skill: { id: string }) => skill.id)).toContain(
      'auto-skill-list-twice',
    );
  });
});
