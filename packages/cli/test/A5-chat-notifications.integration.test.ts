import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentWorkspaceFolders,
  makeAgentWorkspace,
  PROTOCOLS,
  viewRequest,
} from './agent-fixtures/agent-harness.js';
import { type PtySession, startChat } from './agent-fixtures/pty-session.js';

const PROMPT = '› ';
// The wiring is the same for both protocols; the protocols themselves are covered in the agent package.
const protocol = PROTOCOLS[0]!;

describe('skilldock chat with background agents', () => {
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  let chat: PtySession | undefined;
  afterEach(async () => {
    chat?.kill();
    chat = undefined;
    await server?.close();
    server = undefined;
    folders.remove();
  });

  it("A5 A3 shows a fork's progress and delivers its result to the agent at the next idle point", async () => {
    folders = makeAgentWorkspace();
    let parentTurns = 0;
    let releaseFork!: () => void;
    const forkMayAnswer = new Promise<void>((resolve) => {
      releaseFork = resolve;
    });
    server = await startFakeModelServer({
      script: async (request: RecordedRequest) => {
        const view = viewRequest(request);
        if (view.userTexts.some((text) => text.includes('<fork-directive>'))) {
          if (view.toolResults.length <= 1) return { toolCalls: [{ name: 'ls', arguments: {} }] };
          await forkMayAnswer;
          return { text: 'The fork found three modules.' };
        }
        parentTurns++;
        if (parentTurns === 1) {
          return {
            toolCalls: [
              {
                name: 'agent',
                arguments: {
                  subagent_type: 'fork',
                  description: 'count modules',
                  prompt: 'Count the modules',
                },
              },
            ],
          };
        }
        if (parentTurns === 2) return { text: 'A fork is counting.' };
        return {
          text: view.userTexts.at(-1)?.startsWith('<task-notifications>')
            ? 'Noted: three modules.'
            : 'unexpected',
        };
      },
    });
    chat = startChat([], {
      cwd: folders.project,
      home: folders.home,
      env: { ...protocol.env(server), SKILLDOCK_TRUST: '1' },
    });
    await chat.waitFor(PROMPT);
    chat.line('Count the modules in the background');
    await chat.waitFor('A fork is counting.');
    await chat.waitFor(/agent-1-[0-9a-f]{6} · turn \d · [\d,]+ tokens · [\d.]+ s · ls/);
    await chat.waitFor(new RegExp(`\\n${PROMPT}$`));
    // Nothing typed: the fork's result wakes the prompt and goes to the agent by itself.
    releaseFork();
    await chat.waitFor(/◇ agent-1-[0-9a-f]{6} fork ✓/);
    await chat.waitFor('↻ background task results go to the agent');
    await chat.waitFor('Noted: three modules.');
    const delivered = server.requests
      .map(viewRequest)
      .flatMap((view) => view.userTexts)
      .filter((text) => text.startsWith('<task-notifications>'));
    expect(new Set(delivered).size).toBe(1);
    expect(delivered[0]).toMatch(
      /\[agent-1-[0-9a-f]{6} · fork · "count modules"\] completed \(2 turns, \d+ tokens, 1 tool calls, [\d.]+ s\):\nThe fork found three modules\./,
    );
    await chat.waitFor(new RegExp(`\\n${PROMPT}$`));
    chat.line('/quit');
    expect(await chat.exited).toBe(0);
  });
});
