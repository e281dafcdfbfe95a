import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type FakeModelServer,
  type FakeTurn,
  type RecordedRequest,
  startFakeModelServer,
} from '@skilldock/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConversation } from '../../src/conversation/index.js';
import {
  acceptPendingAutoSkill,
  autoSkillPaths,
  listPendingAutoSkills,
  rejectPendingAutoSkill,
} from '../../src/learn/auto-skill/index.js';
import { BackgroundTasks } from '../../src/subagents/index.js';
import { type AgentWorkspace, openWorkspace } from '../../src/workspace/index.js';
import {
  makeWorkspaceFolders,
  type WorkspaceFolders,
  writeSettings,
  writeSkill,
} from '../workspace/workspace-folders.js';

let folders: WorkspaceFolders;
let server: FakeModelServer;
let workspace: AgentWorkspace;
let tasks: BackgroundTasks;
beforeEach(async () => {
  folders = await makeWorkspaceFolders();
  tasks = new BackgroundTasks({ interactive: true });
});
afterEach(async () => {
  await tasks.close();
  await workspace?.close();
  await server?.close();
  await folders.cleanup();
});

const REVIEW_MARK = 'You review a finished stretch';
const USER_SKILL = `---\nname: deploy-notes\ndescription: How we deploy. Use when deploying.\n---\nOur own steps.\n`;

function systemOf(request: RecordedRequest): string {
  const messages = (request.body as { messages: { role: string; content: unknown }[] }).messages;
  const system = messages.find((message) => message.role === 'system')?.content;
  return typeof system === 'string' ? system : JSON.stringify(system);
}

function lastUserText(request: RecordedRequest): string {
  const messages = (request.body as { messages: { role: string; content: unknown }[] }).messages;
  return JSON.stringify(messages.filter((message) => message.role === 'user').at(-1)?.content ?? '');
}

function toolResults(request: RecordedRequest): string[] {
  const messages = (request.body as { messages: { role: string; content: unknown }[] }).messages;
  return messages.filter((message) => message.role === 'tool').map((message) => String(message.content));
}

const skillText = (name: string) =>
  `---\nname: ${name}\ndescription: Cut a release. Use when the user asks for a release.\nsource: auto-skill\nextracted_at: 2026-06-01T12:00:00.000Z\n---\n## When to use\nReleases.\n## Procedure\n1. ls\n## Pitfalls\nNone.\n`;

/** A model that makes `calls` ls calls for the user, and plays `review` for the review agent. */
async function startModel(
  calls: number,
  review: readonly FakeTurn[],
): Promise<{ reviewRequests: RecordedRequest[] }> {
  const reviewRequests: RecordedRequest[] = [];
  let main = 0;
  server = await startFakeModelServer({
    script: (request) => {
      if (systemOf(request).includes(REVIEW_MARK)) {
        reviewRequests.push(request);
        return review[reviewRequests.length - 1] ?? { text: 'NO_SKILL' };
      }
      main++;
      return main <= calls
        ? { toolCalls: [{ name: 'ls', arguments: { path: '.' } }] }
        : { text: 'Released.' };
    },
  });
  return { reviewRequests };
}

async function openSession() {
  workspace = await openWorkspace({
    cwd: folders.project,
    home: folders.home,
    trust: true,
    env: { SKILLDOCK_MODEL: 'openai:test-model', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.openaiBaseUrl },
  });
  return openConversation(workspace, { approvalModes: ['default'], backgroundTasks: tasks });
}

describe('L2 auto skill end to end against the fake model server', () => {
  it('L2 N tool calls schedule a review; it reads the catalog and transcript, is refused on a user skill, and its proposal waits until accepted', async () => {
    await writeSettings(folders.home, {
      memory: { enableAutoSkill: true, autoSkillConfirm: true, autoSkillToolCalls: 3 },
    });
    await writeSkill(folders.project, 'deploy-notes', 'How we deploy. Use when deploying.');
    const userSkill = path.join(folders.project, '.agents/skills/deploy-notes/SKILL.md');
    const before = await readFile(userSkill, 'utf8');
    const pendingFile = '.skilldock/pending-skills/auto-skill-cut-release/SKILL.md';
    const { reviewRequests } = await startModel(3, [
      {
        toolCalls: [
          {
            name: 'write_file',
            arguments: { path: '.agents/skills/deploy-notes/SKILL.md', content: USER_SKILL },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'write_file',
            arguments: { path: pendingFile, content: skillText('auto-skill-cut-release') },
          },
        ],
      },
      { text: 'auto-skill-cut-release' },
    ]);
    const conversation = await openSession();
    const { error } = await conversation.send('Cut a release');
    expect(error).toBeUndefined();
    await tasks.whenIdle();

    expect(reviewRequests).toHaveLength(3);
    const prompt = lastUserText(reviewRequests[0]!);
    expect(prompt).toContain('Check the existing skills first');
    expect(prompt).toContain('deploy-notes');
    expect(prompt).toContain('TOOL CALL ls');
    expect(prompt).toContain('Cut a release');
    expect(toolResults(reviewRequests[1]!)[0]).toContain('Refused');
    expect(await readFile(userSkill, 'utf8')).toBe(before);
    expect(toolResults(reviewRequests[2]!)[1]).toContain('Created');

    const summary = tasks.list().find((task) => task.type === 'auto-skill-review');
    expect(summary?.status).toBe('completed');
    expect(tasks.takeNotificationText()).toContain('proposed auto-skill-cut-release, waiting for review');

    const paths = autoSkillPaths(folders.project, {});
    // Pending: not in the skills folder, so no session sees it yet.
    expect(existsSync(path.join(paths.skillsDirectory, 'auto-skill-cut-release'))).toBe(false);
    expect((await listPendingAutoSkills(paths)).map((skill) => skill.name)).toEqual([
      'auto-skill-cut-release',
    ]);

    const accepted = await acceptPendingAutoSkill(paths, 'auto-skill-cut-release');
    expect(await readFile(path.join(accepted, 'SKILL.md'), 'utf8')).toBe(skillText('auto-skill-cut-release'));
    expect(await listPendingAutoSkills(paths)).toEqual([]);
    expect(await readFile(path.join(paths.skillsDirectory, '.gitignore'), 'utf8')).toContain(
      '/auto-skill-*/',
    );
    await conversation.close();
  });

  it('L2 the count resets when a review is scheduled (a next prompt without tool calls schedules none); a rejected proposal is gone', async () => {
    await writeSettings(folders.home, {
      memory: { enableAutoSkill: true, autoSkillConfirm: true, autoSkillToolCalls: 3 },
    });
    const { reviewRequests } = await startModel(3, [
      {
        toolCalls: [
          {
            name: 'write_file',
            arguments: {
              path: '.skilldock/pending-skills/auto-skill-one/SKILL.md',
              content: skillText('auto-skill-one'),
            },
          },
        ],
      },
      { text: 'auto-skill-one' },
    ]);
    const conversation = await openSession();
    await conversation.send('First');
    await tasks.whenIdle();
    expect(reviewRequests).toHaveLength(2);
    const paths = autoSkillPaths(folders.project, {});
    await rejectPendingAutoSkill(paths, 'auto-skill-one');
    expect(existsSync(path.join(paths.pendingDirectory, 'auto-skill-one'))).toBe(false);
    await conversation.send('Second, no tools');
    await tasks.whenIdle();
    expect(reviewRequests).toHaveLength(2);
    await conversation.close();
  });

  it('L2 off by default: a busy session schedules no review', async () => {
    await startModel(25, []);
    const conversation = await openSession();
    await conversation.send('Lots of work');
    await tasks.whenIdle();
    expect(server.requests.every((request) => !systemOf(request).includes(REVIEW_MARK))).toBe(true);
    expect(tasks.list()).toEqual([]);
    await conversation.close();
  });

  it('L2 without confirmation the review writes into the skills folder, after adding the git-ignore rule beside the user lines', async () => {
    await writeSettings(folders.home, { memory: { enableAutoSkill: true, autoSkillToolCalls: 2 } });
    await writeSkill(folders.project, 'deploy-notes', 'How we deploy.');
    const gitignore = path.join(folders.project, '.agents/skills/.gitignore');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(gitignore, 'secret-notes/');
    await startModel(2, [
      {
        toolCalls: [
          {
            name: 'write_file',
            arguments: {
              path: '.agents/skills/auto-skill-two/SKILL.md',
              content: skillText('auto-skill-two'),
            },
          },
        ],
      },
      { text: 'auto-skill-two' },
    ]);
    const conversation = await openSession();
    await conversation.send('Work');
    await tasks.whenIdle();
    expect(existsSync(path.join(folders.project, '.agents/skills/auto-skill-two/SKILL.md'))).toBe(true);
    expect(await readFile(gitignore, 'utf8')).toBe(
      'secret-notes/\n# Auto skills (skilldock, memory.enableAutoSkill) stay local\n/auto-skill-*/\n',
    );
    await conversation.close();
  });
});
