import { existsSync } from 'node:fs';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConversation } from '../../src/conversation/index.js';
import { curatorPaths, readCuratorState } from '../../src/curator/index.js';
import { type AgentWorkspace, openWorkspace } from '../../src/workspace/index.js';
import {
  makeWorkspaceFolders,
  type WorkspaceFolders,
  writeSettings,
} from '../workspace/workspace-folders.js';
import { daysAgo, writeGeneratedSkill } from './curator-fixture.js';

let folders: WorkspaceFolders;
let server: FakeModelServer | undefined;
let workspace: AgentWorkspace | undefined;
beforeEach(async () => {
  folders = await makeWorkspaceFolders();
});
afterEach(async () => {
  await workspace?.close();
  await server?.close();
  await folders.cleanup();
  workspace = undefined;
  server = undefined;
});

async function open(trusted: boolean, extra: { safeMode?: boolean } = {}) {
  workspace = await openWorkspace({
    cwd: folders.project,
    home: folders.home,
    trust: trusted,
    env: {
      SKILLDOCK_MODEL: 'openai:test-model',
      OPENAI_API_KEY: 'k',
      OPENAI_BASE_URL: server!.openaiBaseUrl,
    },
    ...extra,
  });
  return workspace;
}

const activate = (name: string) => ({ toolCalls: [{ name: 'activate_skill', arguments: { name } }] });

describe('R10 L3 every successful activation of a generated skill counts as a use', () => {
  it('R10 the model activating a learned skill updates its last use and count; a user skill and a repeat do not', async () => {
    const skills = `${folders.project}/.agents/skills`;
    await writeGeneratedSkill(skills, 'learned-skill-pdf');
    await writeGeneratedSkill(skills, 'my-own', { source: null });
    server = await startFakeModelServer({
      script: [
        activate('learned-skill-pdf'),
        activate('my-own'),
        activate('learned-skill-pdf'),
        { text: 'Done.' },
      ],
    });
    const conversation = await openConversation(await open(true), { approvalModes: ['yolo'] });
    const { error } = await conversation.send('Make a PDF');
    await conversation.close();
    expect(error).toBeUndefined();
    const state = await readCuratorState(curatorPaths(folders.project, {}));
    expect(Object.keys(state.skills)).toEqual(['learned-skill-pdf']);
    expect(state.skills['learned-skill-pdf']).toMatchObject({ useCount: 1, state: 'active' });
    expect(Date.parse(state.skills['learned-skill-pdf']!.lastUsed!)).toBeGreaterThan(daysAgo(1).getTime());
  });

  it('R10 a preloaded generated skill counts as used', async () => {
    await writeGeneratedSkill(`${folders.project}/.agents/skills`, 'auto-skill-deploy', {
      source: 'auto-skill',
    });
    server = await startFakeModelServer({ script: [{ text: 'Ok.' }] });
    const conversation = await openConversation(await open(true), {
      approvalModes: ['default'],
      preload: ['auto-skill-deploy'],
    });
    await conversation.close();
    const state = await readCuratorState(curatorPaths(folders.project, {}));
    expect(state.skills['auto-skill-deploy']?.useCount).toBe(1);
  });

  it('L3 a session in safe mode records nothing (and starts no maintenance)', async () => {
    await writeSettings(folders.home, { memory: { enableAutoSkill: true } });
    await writeGeneratedSkill(`${folders.project}/.agents/skills`, 'learned-skill-pdf');
    server = await startFakeModelServer({ script: [activate('learned-skill-pdf'), { text: 'Done.' }] });
    const conversation = await openConversation(await open(true, { safeMode: true }), {
      approvalModes: ['yolo'],
    });
    await conversation.send('Make a PDF');
    await conversation.close();
    expect(existsSync(curatorPaths(folders.project, {}).stateFile)).toBe(false);
  });

  it('L3 with auto skill on, a session start archives a skill idle for 90 days and says so', async () => {
    await writeSettings(folders.home, { memory: { enableAutoSkill: true } });
    const skills = `${folders.project}/.agents/skills`;
    await writeGeneratedSkill(skills, 'learned-skill-old');
    const paths = curatorPaths(folders.project, {});
    const { writeStateFile } = await import('./curator-fixture.js');
    await writeStateFile(paths, {
      version: 1,
      skills: {
        'learned-skill-old': {
          firstSeen: daysAgo(120).toISOString(),
          useCount: 0,
          state: 'stale',
          pinned: false,
        },
      },
    });
    server = await startFakeModelServer({ script: [{ text: 'Ok.' }] });
    const conversation = await openConversation(await open(true), { approvalModes: ['default'] });
    expect(conversation.notices).toEqual([
      { code: 'curator_archived', message: expect.stringContaining('learned-skill-old') },
    ]);
    expect(conversation.skillSession.catalog.skills.map((skill) => skill.id)).not.toContain(
      'learned-skill-old',
    );
    await conversation.close();
    expect(existsSync(`${paths.archiveDirectory}/learned-skill-old/SKILL.md`)).toBe(true);
  });
});
