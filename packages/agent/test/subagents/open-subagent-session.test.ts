import path from 'node:path';
import { SessionTranscript } from '@skilldock/agent/session';
import {
  AGENT_TASK_END_EVENT,
  AGENT_TASK_EVENT,
  createSessionSubagentRegistry,
  openSubagentSession,
  type SubagentSession,
  type SubagentSessionWorkspace,
} from '@skilldock/agent/subagents';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryProject } from '../loop/loop-harness.js';
import { definition } from './subagent-harness.js';

let project: Awaited<ReturnType<typeof temporaryProject>>;
const sessions: SubagentSession[] = [];
const transcripts: SessionTranscript[] = [];
beforeEach(async () => {
  project = await temporaryProject();
});
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
  for (const transcript of transcripts.splice(0)) await transcript.close();
  await project.remove();
});

function workspaceAt(root: string): SubagentSessionWorkspace {
  return {
    projectRoot: root,
    trusted: false,
    safeMode: false,
    subagents: createSessionSubagentRegistry([definition({ name: 'researcher' })]),
    forkProfiles: { profiles: new Map() },
    pickModel: async (selector) => {
      throw new Error(`no model is picked in these tests (${selector})`);
    },
  };
}

function open(options: { interactive?: boolean } = {}): SubagentSession {
  const session = openSubagentSession({
    workspace: workspaceAt(project.root),
    interactive: options.interactive ?? false,
    env: {},
  });
  sessions.push(session);
  return session;
}

async function transcriptIn(root: string): Promise<SessionTranscript> {
  const transcript = await SessionTranscript.create({
    projectRoot: root,
    model: 'test',
    folder: path.join(root, '.home', 'sessions'),
  });
  transcripts.push(transcript);
  return transcript;
}

describe('openSubagentSession', () => {
  it('A3 declares agent, list_agents and send_message over one task manager of the asked kind', () => {
    const batch = open();
    const chat = open({ interactive: true });

    expect(batch.tools.map((tool) => tool.name)).toEqual(['agent', 'list_agents', 'send_message']);
    expect(batch.tasks.interactive).toBe(false);
    expect(chat.tasks.interactive).toBe(true);
    expect(batch.tasks.list()).toEqual([]);
  });

  it('A5 attaching a resumed conversation lists its agents again: a finished one with its status, an unfinished one cancelled', async () => {
    const transcript = await transcriptIn(project.root);
    await transcript.appendEvent(AGENT_TASK_EVENT, {
      taskId: 'agent-1-abcdef',
      type: 'researcher',
      description: 'dig',
      file: path.join(project.root, 'dig.jsonl'),
    });
    await transcript.appendEvent(AGENT_TASK_END_EVENT, { taskId: 'agent-1-abcdef', status: 'completed' });
    await transcript.appendEvent(AGENT_TASK_EVENT, {
      taskId: 'agent-2-abcdef',
      type: 'researcher',
      description: 'still going',
    });

    const session = open();
    await session.attach({ transcript, resumed: { id: transcript.id, messageCount: 0 } });

    expect(
      session.tasks
        .list()
        .map(({ taskId, type, description, status }) => ({ taskId, type, description, status })),
    ).toEqual([
      { taskId: 'agent-1-abcdef', type: 'researcher', description: 'dig', status: 'completed' },
      { taskId: 'agent-2-abcdef', type: 'researcher', description: 'still going', status: 'cancelled' },
    ]);
  });

  it('A5 attaching a new conversation lists nothing from its transcript', async () => {
    const transcript = await transcriptIn(project.root);
    await transcript.appendEvent(AGENT_TASK_EVENT, {
      taskId: 'agent-1-abcdef',
      type: 'researcher',
      description: 'dig',
    });

    const session = open();
    await session.attach({ transcript });

    expect(session.tasks.list()).toEqual([]);
  });
});
