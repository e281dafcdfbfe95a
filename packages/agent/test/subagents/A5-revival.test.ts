import path from 'node:path';
import { readTranscript, SessionTranscript } from '@skilldock/agent/session';
import { createSessionSubagentRegistry, recordTasks, restoreTasks } from '@skilldock/agent/subagents';
import type { RecordedRequest } from '@skilldock/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryProject } from '../loop/loop-harness.js';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import {
  definition,
  type SubagentSetup,
  settleTasks,
  startSubagentSetup,
  systemOf,
} from './subagent-harness.js';

let project: Awaited<ReturnType<typeof temporaryProject>>;
const setups: SubagentSetup[] = [];
beforeEach(async () => {
  project = await temporaryProject();
});
afterEach(async () => {
  for (const setup of setups.splice(0)) await setup.close();
  await project.remove();
});

describe.each(PROTOCOL_CASES)('reviving agents over $protocol', (protocolCase) => {
  it('A5 a resumed session lists its agents, and send_message revives a finished one from its transcript', async () => {
    const agents = [definition({ name: 'researcher' })];
    const folder = path.join(project.root, '.home', 'sessions', 'parent.agents');
    const sub = (request: RecordedRequest) => ({
      text: `Researched: ${protocolCase.userTextsOf(request.body).join(' | ')}`,
    });

    // The first process: a background agent finishes; the parent transcript records it.
    let turns = 0;
    const first = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      agents,
      agentTool: { transcripts: () => ({ folder, projectRoot: project.root }) },
      script: (request) =>
        systemOf(protocolCase, request).startsWith('You are the parent.')
          ? ++turns === 1
            ? {
                toolCalls: [
                  {
                    name: 'agent',
                    arguments: { subagent_type: 'researcher', description: 'dig', prompt: 'Dig into X.' },
                  },
                ],
              }
            : { text: 'ok' }
          : sub(request),
    });
    setups.push(first);
    const transcript = await SessionTranscript.create({
      home: path.join(project.root, '.home'),
      projectRoot: project.root,
      model: 'test',
    });
    const stop = recordTasks(first.tasks, transcript);
    await first.run('Dig.');
    expect(await settleTasks(first.tasks)).toContain('Researched: Dig into X.');
    const [original] = first.tasks.list();
    stop();
    await transcript.close();
    await first.tasks.close();

    // The second process: nothing of the first runtime is left but the transcripts.
    let secondTurns = 0;
    const second = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      agents,
      script: (request) =>
        systemOf(protocolCase, request).startsWith('You are the parent.')
          ? ++secondTurns === 1
            ? {
                toolCalls: [
                  { name: 'list_agents', arguments: {} },
                  {
                    name: 'send_message',
                    arguments: { task_id: original!.taskId, message: 'Now dig into Y.' },
                  },
                ],
              }
            : { text: 'ok' }
          : sub(request),
    });
    setups.push(second);
    const loaded = await readTranscript(transcript.file);
    expect(
      restoreTasks(second.tasks, loaded.entries, { registry: createSessionSubagentRegistry(agents) }),
    ).toBe(1);
    await second.run('Continue the research.');
    const [listing, sent] = protocolCase
      .toolResultsOf(second.server.requests.at(-1)!.body)
      .map((entry) => entry.content);
    expect(JSON.parse(listing!)).toMatchObject([
      {
        task_id: original!.taskId,
        type: 'researcher',
        description: 'dig',
        status: 'completed',
        can_message: true,
        restored: true,
      },
    ]);
    expect(sent).toBe(
      `${original!.taskId} continues with the message in the background; its next result arrives as a notification.`,
    );
    const notification = await settleTasks(second.tasks);
    // The revived agent answers with its whole earlier conversation in view.
    expect(notification).toContain('Researched: Dig into X. | Now dig into Y.');
    const revived = second.server.requests.filter(
      (request) => systemOf(protocolCase, request) === 'You are researcher.',
    );
    expect(protocolCase.userTextsOf(revived[0]!.body)).toEqual(['Dig into X.', 'Now dig into Y.']);

    // A third process revives it again: the second stretch went on in the same transcript.
    await second.tasks.close();
    let thirdTurns = 0;
    const third = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      agents,
      script: (request) =>
        systemOf(protocolCase, request).startsWith('You are the parent.')
          ? ++thirdTurns === 1
            ? {
                toolCalls: [
                  { name: 'send_message', arguments: { task_id: original!.taskId, message: 'And Z.' } },
                ],
              }
            : { text: 'ok' }
          : sub(request),
    });
    setups.push(third);
    restoreTasks(third.tasks, loaded.entries, { registry: createSessionSubagentRegistry(agents) });
    await third.run('Go on.');
    expect(await settleTasks(third.tasks)).toContain('Researched: Dig into X. | Now dig into Y. | And Z.');
  });

  it('A5 a task that kept no transcript is listed but says why it cannot take messages', async () => {
    const setup = await startSubagentSetup(protocolCase, { cwd: project.root, script: [] });
    setups.push(setup);
    restoreTasks(
      setup.tasks,
      [
        {
          type: 'event',
          at: '2026-01-01T00:00:00Z',
          name: 'agent-task',
          data: { taskId: 'agent-4-abcdef', type: 'x', description: 'old' },
        },
        {
          type: 'event',
          at: '2026-01-01T00:00:00Z',
          name: 'agent-task',
          data: { taskId: '../evil', type: 'x', description: 'bad' },
        },
      ],
      { registry: createSessionSubagentRegistry([]) },
    );
    expect(setup.tasks.list()).toEqual([
      expect.objectContaining({
        taskId: 'agent-4-abcdef',
        status: 'cancelled',
        canMessage: false,
        whyNot: expect.stringMatching(/kept no transcript/),
      }),
    ]);
    expect(await setup.tasks.sendMessage('agent-4-abcdef', 'hi')).toEqual({
      ok: false,
      code: 'task_takes_no_messages',
      message: 'It kept no transcript, so it cannot be revived; start a new agent.',
    });
  });
});
