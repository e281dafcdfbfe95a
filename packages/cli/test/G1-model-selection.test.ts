import { type FakeModelServer, type FakeScript, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentWorkspaceFolders,
  makeAgentWorkspace,
  runAgentCli,
  writeSettings,
} from './agent-fixtures/agent-harness.js';
import { type ChatSession, startChatInProcess } from './agent-fixtures/pty-session.js';

const PROMPT = '› ';

let folders: AgentWorkspaceFolders;
let servers: FakeModelServer[] = [];
let chat: ChatSession | undefined;

afterEach(async () => {
  chat?.kill();
  chat = undefined;
  for (const server of servers) await server.close();
  servers = [];
  folders.remove();
});

/**
 * Two providers on loopback: `openai` (the main one, listing `test-model`) and `dashscope`
 * (settings, listing `glm-5` and `qwen-turbo`); `agents` goes to the user's settings too.
 */
async function twoProviders(
  main: FakeScript,
  other: FakeScript,
  agents?: unknown,
): Promise<{ main: FakeModelServer; other: FakeModelServer; env: Record<string, string> }> {
  folders = makeAgentWorkspace();
  const mainServer = await startFakeModelServer({ script: main, models: ['test-model'] });
  const otherServer = await startFakeModelServer({ script: other, models: ['glm-5', 'qwen-turbo'] });
  servers.push(mainServer, otherServer);
  writeSettings(folders.home, {
    models: { providers: { dashscope: { type: 'openai', baseUrl: otherServer.openaiBaseUrl } } },
    ...(agents === undefined ? {} : { agents }),
  });
  return {
    main: mainServer,
    other: otherServer,
    env: {
      OPENAI_BASE_URL: mainServer.openaiBaseUrl,
      OPENAI_API_KEY: 'test-key',
      SKILLDOCK_MODEL: 'openai:test-model',
      SKILLDOCK_TRUST: '1',
    },
  };
}

const EXPLORE_CALL = {
  toolCalls: [
    {
      name: 'agent',
      arguments: { subagent_type: 'Explore', description: 'look around', prompt: 'List the files.' },
    },
  ],
};

const modelOf = (server: FakeModelServer, index: number) =>
  (server.requests[index]!.body as { model: string }).model;

describe('G1 model selection through the CLI (seed 000)', () => {
  it('G1 run --model with a bare id goes to the provider that offers it; an id nobody offers exits 2', async () => {
    const { main, other, env } = await twoProviders([], [{ text: 'From GLM.' }]);
    const run = await runAgentCli(['run', '--model', 'glm-5', 'Say hi'], {
      cwd: folders.project,
      home: folders.home,
      env,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('From GLM.');
    expect(main.requests).toHaveLength(0);
    expect(modelOf(other, 0)).toBe('glm-5');

    const missing = await runAgentCli(['run', '--json', '--model', 'no-such-model', 'Say hi'], {
      cwd: folders.project,
      home: folders.home,
      env,
    });
    expect(missing.status).toBe(2);
    expect(missing.stdout + missing.stderr).toContain('model_not_available');
    expect(missing.stdout + missing.stderr).toContain(
      'tried openai (not in its /models list), dashscope (not in its /models list)',
    );
  });

  it('G1 agents.builtin.exploreModel "fast" sends the Explore agent to models.fast, a bare id found on another provider', async () => {
    const { main, other, env } = await twoProviders(
      [EXPLORE_CALL, { text: 'Main done.' }, { text: 'Noted.' }],
      [{ text: 'Explored.' }],
      {
        builtin: { exploreModel: 'fast' },
      },
    );
    writeSettings(folders.home, {
      models: {
        providers: { dashscope: { type: 'openai', baseUrl: other.openaiBaseUrl } },
        fast: 'qwen-turbo',
      },
      agents: { builtin: { exploreModel: 'fast' } },
    });
    const run = await runAgentCli(['run', 'Explore the project'], {
      cwd: folders.project,
      home: folders.home,
      env,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Main done.');
    // The Explore agent's result comes back to the main model (a third turn), always on test-model.
    expect(main.requests.map((request) => (request.body as { model: string }).model)).toEqual([
      'test-model',
      'test-model',
      'test-model',
    ]);
    expect(other.requests).toHaveLength(1);
    expect(modelOf(other, 0)).toBe('qwen-turbo');
  });

  it('G1 /model --fast sets the fast model for the session; /model with a bare id switches provider', async () => {
    const { main, other, env } = await twoProviders(
      [EXPLORE_CALL, { text: 'Main done.' }, { text: 'Noted.' }],
      [{ text: 'Explored.' }, { text: 'From GLM.' }],
      { builtin: { exploreModel: 'fast' } },
    );
    chat = startChatInProcess([], { cwd: folders.project, home: folders.home, env });
    await chat.waitFor('/help for commands');
    await chat.waitFor(PROMPT);
    const say = async (text: string, expected: string) => {
      chat!.mark();
      chat!.line(text);
      await chat!.waitFor(expected);
      await chat!.waitFor(new RegExp(`\\n${PROMPT}$`));
    };
    // No models.fast: fast falls back to the main model.
    await say('/model --fast', 'Fast model: openai:test-model (settings)');
    await say('/model --fast qwen-turbo', 'Fast model: dashscope:qwen-turbo (for this session)');
    await say('/model --fast', 'Fast model: dashscope:qwen-turbo (this session)');
    await say('/model --fast no-such-model', 'No configured provider offers the model no-such-model');
    await say('Explore the project', 'Main done.');
    await chat.waitFor('Noted.');
    expect(modelOf(other, 0)).toBe('qwen-turbo');
    expect(main.requests).toHaveLength(3);
    await say('/model glm-5', 'Model: dashscope:glm-5');
    await say('Hello', 'From GLM.');
    expect(modelOf(other, 1)).toBe('glm-5');
    await say(
      '/model no-such-model',
      'tried dashscope (not in its /models list), openai (not in its /models list)',
    );
    chat.line('/quit');
    expect(await chat.exited).toBe(0);
  });

  it('G1 --help explains how a bare id is resolved and names agents.builtin.exploreModel', async () => {
    folders = makeAgentWorkspace();
    for (const command of ['chat', 'run']) {
      const help = await runAgentCli([command, '--help'], { cwd: folders.project, home: folders.home });
      expect(help.status).toBe(0);
      expect(help.stdout).toContain("tried on the main conversation's provider first");
      expect(help.stdout).toContain('/model --fast <id>');
      expect(help.stdout).toContain('agents.builtin.exploreModel');
      expect(help.stdout).toContain('model_not_available');
    }
  });
});
