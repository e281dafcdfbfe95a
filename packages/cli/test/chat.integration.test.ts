import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentWorkspaceFolders,
  makeAgentWorkspace,
  PROTOCOLS,
  readOnlyTranscript,
  runAgentCli,
  viewRequest,
  writeProjectSkill,
} from './agent-fixtures/agent-harness.js';
import { type ChatSession, startChat, startChatInProcess } from './agent-fixtures/pty-session.js';
import { BIN } from './run-cli.js';

const PROMPT = '› ';

// Most tests run the chat in process on terminal streams (`startChatInProcess`); the ones about
// the terminal itself — streaming, Ctrl-C, Ctrl-D, Tab — also run it in a real pseudo-terminal
// (`startChat`), as does the spawned no-terminal test.
type StartChat = typeof startChatInProcess;

describe.each(PROTOCOLS)('skilldock chat on a terminal ($name)', (protocol) => {
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  let chat: ChatSession | undefined;
  afterEach(async () => {
    chat?.kill();
    chat = undefined;
    await server?.close();
    server = undefined;
    folders.remove();
  });

  const open = async (
    script: FakeScript,
    args: string[] = [],
    env: Record<string, string> = { SKILLDOCK_TRUST: '1' },
    start: StartChat = startChatInProcess,
  ) => {
    folders ??= makeAgentWorkspace();
    server = await startFakeModelServer({ script });
    chat = start(args, {
      cwd: folders.project,
      home: folders.home,
      env: { ...protocol.env(server), ...env },
    });
    await chat.waitFor('/help for commands');
    await chat.waitFor(PROMPT);
    return chat;
  };
  /** Types a line and waits for the prompt to come back. */
  const say = async (session: ChatSession, text: string, expected?: string | RegExp) => {
    session.mark();
    session.line(text);
    if (expected !== undefined) await session.waitFor(expected);
    await session.waitFor(new RegExp(`\\n${PROMPT}$`));
  };

  it('G2 streams the answer to a prompt, shows /help, and /quit exits 0', async () => {
    folders = makeAgentWorkspace();
    const session = await open([{ text: 'Hello from the fake model.' }], [], undefined, startChat);
    await say(session, 'Say hello', 'Hello from the fake model.');
    await say(session, '/help', '/skills [search]');
    expect(session.sinceMark()).toContain('/model [selector]');
    expect(viewRequest(server!.requests[0]!).userTexts).toEqual(['Say hello']);
    session.line('/quit');
    expect(await session.exited).toBe(0);
  });

  it('SEC4 chat in the home folder asks before working there: no exits 2, yes is remembered for that folder', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({ script: [{ text: 'Working at home.' }] });
    const env = { ...protocol.env(server) };
    const declined = startChatInProcess([], { cwd: folders.home, home: folders.home, env });
    chat = declined;
    await declined.waitFor('is not inside a project');
    await declined.waitFor('y/N › ');
    declined.line('n');
    expect(await declined.exited).toBe(2);
    expect(existsSync(path.join(folders.home, '.skilldock', 'trusted.json'))).toBe(false);

    const accepted = startChatInProcess([], { cwd: folders.home, home: folders.home, env });
    chat = accepted;
    await accepted.waitFor('y/N › ');
    accepted.line('y');
    await accepted.waitFor('/help for commands');
    await accepted.waitFor(PROMPT);
    await say(accepted, 'Hello', 'Working at home.');
    accepted.line('/quit');
    expect(await accepted.exited).toBe(0);
    const trusted = JSON.parse(readFileSync(path.join(folders.home, '.skilldock', 'trusted.json'), 'utf8'));
    expect(trusted.trusted).toEqual([folders.home]);
  });

  it('G3 asks before a write: deny, then allow', async () => {
    folders = makeAgentWorkspace();
    const write = { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'hi\n' } }] };
    const session = await open([write, { text: 'Not written.' }, write, { text: 'Written.' }]);
    session.mark();
    session.line('Write notes');
    await session.waitFor('write_file notes.txt wants to change files.');
    await session.waitFor('deny › ');
    session.line('n');
    await session.waitFor('Not written.');
    await session.waitFor(new RegExp(`\\n${PROMPT}$`));
    expect(session.sinceMark()).toContain('denied: The user did not approve running write_file.');
    expect(existsSync(path.join(folders.project, 'notes.txt'))).toBe(false);

    session.mark();
    session.line('Try again');
    await session.waitFor('deny › ');
    session.line('y');
    await session.waitFor('Written.');
    expect(readFileSync(path.join(folders.project, 'notes.txt'), 'utf8')).toBe('hi\n');
  });

  it('G2 Ctrl-C during a slow streamed turn cancels the turn, and the prompt comes back', async () => {
    folders = makeAgentWorkspace();
    const session = await open(
      [
        // It holds after its first words (twelve events: past any protocol's opening events), never
        // ending by itself: the cancel always comes mid-stream.
        {
          text: 'Streaming slowly '.repeat(60),
          chunkSize: 4,
          pause: { afterEvents: 12, until: new Promise(() => {}) },
        },
        { text: 'Still here.' },
      ],
      [],
      undefined,
      startChat,
    );
    session.mark();
    session.line('Tell a long story');
    await session.waitFor('Streaming slowly');
    session.type('\u0003');
    await session.waitFor('(turn cancelled)');
    await session.waitFor(new RegExp(`\\n${PROMPT}$`));
    await say(session, 'Are you there?', 'Still here.');
    // The cancelled turn stays in the conversation, cut where it stopped.
    const second = viewRequest(server!.requests[1]!);
    expect(second.userTexts).toEqual(['Tell a long story', 'Are you there?']);
  });
});

describe('skilldock chat commands', () => {
  const protocol = PROTOCOLS[0]!;
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  let chat: ChatSession | undefined;
  afterEach(async () => {
    chat?.kill();
    chat = undefined;
    await server?.close();
    server = undefined;
    folders.remove();
  });
  const open = async (
    script: FakeScript,
    env: Record<string, string> = { SKILLDOCK_TRUST: '1' },
    start: StartChat = startChatInProcess,
  ) => {
    server = await startFakeModelServer({ script });
    chat = start([], {
      cwd: folders.project,
      home: folders.home,
      env: { ...protocol.env(server), ...env },
    });
    return chat;
  };
  const waitPrompt = (session: ChatSession) => session.waitFor(new RegExp(`\\n${PROMPT}$`));
  const withSkills = () => {
    folders = makeAgentWorkspace();
    writeProjectSkill(
      folders.project,
      'release-notes',
      'description: Write release notes in the house format.',
      'Write the notes for version $ARGUMENTS[0], signed by $ARGUMENTS[1].',
    );
    writeProjectSkill(
      folders.project,
      'sql-style',
      'description: House style for SQL migrations.',
      'Upper-case keywords.',
    );
  };

  it('R9 /<skill-id> args sends the skill instructions with the arguments substituted', async () => {
    withSkills();
    const session = await open([{ text: 'Notes drafted.' }]);
    await waitPrompt(session);
    session.mark();
    session.line('/release-notes 2.1.0 Ada');
    await session.waitFor('Notes drafted.');
    expect(session.sinceMark()).toContain('◆ skill release-notes');
    const request = viewRequest(server!.requests[0]!);
    expect(request.userTexts.at(-1)).toBe('Write the notes for version 2.1.0, signed by Ada.\n');
  });

  it('R9 Tab completes skill ids and commands after /', async () => {
    withSkills();
    const session = await open([{ text: 'ok' }], undefined, startChat);
    await waitPrompt(session);
    session.mark();
    session.type('/rel');
    session.type('\t');
    await session.waitFor('/release-notes');
    session.type('\u0015');
    session.mark();
    session.type('/sk');
    session.type('\t');
    await session.waitFor('/skills');
  });

  it('R7 D4 /skills searches with fuzzy matching, switches a skill off in the project settings, and the model is told', async () => {
    withSkills();
    const session = await open([{ text: 'Fine.' }]);
    await waitPrompt(session);
    session.mark();
    session.line('/skills');
    await session.waitFor('skills › ');
    expect(session.sinceMark()).toContain('release-notes');
    session.mark();
    session.line('sqlstl');
    await session.waitFor('skills › ');
    expect(session.sinceMark()).toMatch(/Skills matching "sqlstl" \(1 of 2\)/);
    expect(session.sinceMark()).toMatch(/1 {2}● on +sql-style/);
    session.mark();
    session.line('1');
    await session.waitFor('sql-style is now off');
    await session.waitFor('skills › ');
    const settings = JSON.parse(
      readFileSync(path.join(folders.project, '.skilldock', 'settings.json'), 'utf8'),
    );
    expect(settings).toEqual({ skills: { disabled: ['sql-style'] } });
    session.mark();
    session.line('');
    await waitPrompt(session);
    session.line('Anything new?');
    await session.waitFor('Fine.');
    const request = viewRequest(server!.requests[0]!);
    // The loop appends pending signals after the new prompt, before the request.
    expect(request.userTexts).toEqual(['Anything new?', 'The skill sql-style is no longer available.']);
    expect(request.system).toContain('sql-style');
  });

  it('G1 R1 /model shows and switches the model; the system prompt and tools stay byte-identical', async () => {
    folders = makeAgentWorkspace();
    const session = await open([{ text: 'One.' }, { text: 'Two.' }]);
    await waitPrompt(session);
    session.mark();
    session.line('/model');
    await session.waitFor('Model: openai:test-model');
    session.line('First');
    await session.waitFor('One.');
    session.mark();
    session.line('/model openai:other-model');
    await session.waitFor('Model: openai:other-model');
    session.line('Second');
    await session.waitFor('Two.');
    const [first, second] = server!.requests;
    expect((first!.body as { model: string }).model).toBe('test-model');
    expect((second!.body as { model: string }).model).toBe('other-model');
    expect(viewRequest(second!).system).toBe(viewRequest(first!).system);
    expect(viewRequest(second!).tools).toBe(viewRequest(first!).tools);
  });

  it('G5 /clear starts a new transcript and /resume lists and loads a session', async () => {
    folders = makeAgentWorkspace();
    const session = await open([{ text: 'Remember 42.' }, { text: 'Fresh start.' }, { text: 'It was 42.' }]);
    await waitPrompt(session);
    session.line('Remember a number');
    await session.waitFor('Remember 42.');
    session.mark();
    session.line('/resume');
    await session.waitFor(/(\d{8}-\d{6}-[0-9a-f]{6}) {2}1 turn {2}Remember a number/);
    const firstId = /(\d{8}-\d{6}-[0-9a-f]{6})/.exec(session.sinceMark())![1]!;
    session.mark();
    session.line('/clear');
    await session.waitFor('New conversation');
    session.line('Hello again');
    await session.waitFor('Fresh start.');
    expect(viewRequest(server!.requests[1]!).userTexts).toEqual(['Hello again']);
    session.mark();
    session.line(`/resume ${firstId}`);
    await session.waitFor(`Resumed session ${firstId} (2 messages)`);
    session.line('What was it?');
    await session.waitFor('It was 42.');
    expect(viewRequest(server!.requests[2]!).userTexts).toEqual(['Remember a number', 'What was it?']);
  });

  it('G5 /resume of the session already open is a no-op with a message', async () => {
    folders = makeAgentWorkspace();
    const session = await open([{ text: 'Noted.' }, { text: 'Still one session.' }]);
    await waitPrompt(session);
    session.line('First');
    await session.waitFor('Noted.');
    await waitPrompt(session);
    session.mark();
    session.line('/resume');
    await session.waitFor(/(\d{8}-\d{6}-[0-9a-f]{6}) {2}1 turn {2}First/);
    const openId = /(\d{8}-\d{6}-[0-9a-f]{6})/.exec(session.sinceMark())![1]!;
    await waitPrompt(session);
    for (const argument of [openId, 'latest']) {
      session.mark();
      session.line(`/resume ${argument}`);
      await session.waitFor(`Session ${openId} is already open; nothing to resume.`);
      await waitPrompt(session);
      expect(session.sinceMark()).not.toContain('Resumed session');
    }
    session.line('Second');
    await session.waitFor('Still one session.');
    await waitPrompt(session);
    expect(viewRequest(server!.requests[1]!).userTexts).toEqual(['First', 'Second']);
    session.line('/quit');
    expect(await session.exited).toBe(0);
    // One transcript, each message once.
    const messages = readOnlyTranscript(folders.home).filter((line) => line.type === 'message');
    expect(messages.map((line) => (line.message as { role: string }).role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it('G5 chat --resume continues the latest session, whether run or chat wrote it', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({ script: [{ text: 'Noted: blue.' }, { text: 'Blue.' }] });
    const first = await runAgentCli(['run', 'My colour is blue'], {
      cwd: folders.project,
      home: folders.home,
      env: protocol.env(server),
    });
    expect(first.status).toBe(0);
    chat = startChatInProcess(['--resume'], {
      cwd: folders.project,
      home: folders.home,
      env: { ...protocol.env(server), SKILLDOCK_TRUST: '1' },
    });
    await chat.waitFor(/Resumed session \d{8}-\d{6}-[0-9a-f]{6} \(2 messages\)/);
    await waitPrompt(chat);
    chat.line('What is my colour?');
    await chat.waitFor('Blue.');
    expect(viewRequest(server.requests[1]!).userTexts).toEqual(['My colour is blue', 'What is my colour?']);
  });

  it('D2 asks once whether to trust the folder: no starts without project skills, yes is remembered', async () => {
    withSkills();
    let session = await open(() => ({ text: 'ok' }), {});
    await session.waitFor('Trust this folder?');
    session.line('n');
    await session.waitFor('is not trusted, so project skills and subagents were not loaded');
    await waitPrompt(session);
    session.line('Hi');
    await session.waitFor('ok');
    expect(viewRequest(server!.requests[0]!).system).not.toContain('release-notes');
    expect(existsSync(path.join(folders.home, '.skilldock', 'trusted.json'))).toBe(false);
    session.line('/quit');
    expect(await session.exited).toBe(0);
    await server!.close();

    session = await open(() => ({ text: 'ok' }), {});
    await session.waitFor('Trust this folder?');
    session.line('y');
    await waitPrompt(session);
    session.line('Hi');
    await session.waitFor('ok');
    expect(viewRequest(server!.requests[0]!).system).toContain('release-notes');
    expect(readFileSync(path.join(folders.home, '.skilldock', 'trusted.json'), 'utf8')).toContain(
      folders.project,
    );
    session.line('/quit');
    expect(await session.exited).toBe(0);
    await server!.close();

    session = await open(() => ({ text: 'ok' }), {});
    await waitPrompt(session);
    expect(session.screen()).not.toContain('Trust this folder?');
  });

  it('G2 Ctrl-C twice at an empty prompt exits, and Ctrl-D does too', async () => {
    folders = makeAgentWorkspace();
    let session = await open([], undefined, startChat);
    await waitPrompt(session);
    session.type('\u0003');
    await session.waitFor('press Ctrl-C again to quit');
    session.type('\u0003');
    expect(await session.exited).toBe(0);
    await server!.close();
    session = await open([], undefined, startChat);
    await waitPrompt(session);
    session.type('\u0004');
    expect(await session.exited).toBe(0);
  });

  it('I2 chat without a terminal exits 2 and points to skilldock run', async () => {
    folders = makeAgentWorkspace();
    const child = spawn(process.execPath, [BIN, 'chat'], {
      cwd: folders.project,
      env: { PATH: process.env.PATH ?? '', HOME: folders.home, NO_COLOR: '1' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('use: skilldock run "PROMPT"');
  });
});
