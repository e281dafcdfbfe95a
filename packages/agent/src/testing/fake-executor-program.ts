/**
 * What a fake external executor does in one session (see `writeFakeCodexAppServer` and
 * `writeFakeAcpAgent`). Plain JSON: it is written into the executable.
 */
export interface FakeExecutorScript {
  /** The answer of each turn, in order; the last one repeats. Default `['Done.']`. */
  readonly answers?: readonly string[];
  /**
   * What it says before its tool calls, as the real tools narrate ("Let me look."): codex a
   * message item of its own, ACP message chunks of the same turn. Not part of the answer.
   */
  readonly preamble?: string;
  /**
   * The tokens each turn uses: codex reports the running totals in `thread/tokenUsage/updated`,
   * ACP adds `usage` to its `session/prompt` answer (as claude-agent-acp does).
   */
  readonly usage?: { readonly inputTokens: unknown; readonly outputTokens: unknown };
  /**
   * ACP: the session mode its settings chose (such as `acceptEdits`); `session/new` reports it
   * among `default` and it, and `session/set_mode` changes it. Its answer adds `mode: <id>`.
   */
  readonly mode?: string;
  /** Commands it reports running before it answers (codex `commandExecution` items, ACP `execute` tool calls). */
  readonly commands?: readonly string[];
  /**
   * It asks to write `path` (relative to its cwd, or absolute) — codex: a `fileChange` approval,
   * then the write itself; ACP: a permission of kind `edit`, then `fs/write_text_file` — and adds
   * `write accepted`, `write declined` or `write refused: <error>` to its answer.
   */
  readonly write?: { readonly path: string; readonly content: string };
  /** ACP: it reads `path` through `fs/read_text_file` and adds `read: <content>` or `read refused: <error>`. */
  readonly read?: string;
  /** Codex: it asks to run `escalate` outside its sandbox and adds `escalation <decision>` to its answer. */
  readonly escalate?: string;
  /** The turn fails with this message (codex: `error` and a failed `turn/completed`; ACP: an error answer to `session/prompt`). */
  readonly failTurn?: string;
  /** It adds `NAME=<value>` (or `NAME is unset`) for this variable of its environment to its answer. */
  readonly echoEnv?: string;
  /** It adds `prompt: <text blocks joined by " | ">` to its answer. */
  readonly echoPrompt?: boolean;
  /**
   * Misbehaviour during a turn: `crash` exits 101 with a panic on stderr; `hang` never answers;
   * `flood` puts `floodCharacters` of `y` before its answer, streamed in 4 KiB deltas (codex also
   * sends the whole message in its `item/completed`); `oversized` sends one message of
   * `floodCharacters`; `malformed` writes a line that is not JSON.
   */
  readonly misbehave?: 'crash' | 'hang' | 'flood' | 'oversized' | 'malformed';
  /** Default 1 000 000. */
  readonly floodCharacters?: number;
  /** With `hang`: SIGTERM is ignored, so only SIGKILL ends it. */
  readonly ignoreSigterm?: boolean;
  /**
   * Once started, it writes `{"pid", "grandchildPid"}` here: its own pid and that of a child it
   * starts in its process group (a sleeping `node`), to prove the whole group is stopped.
   */
  readonly pidFile?: string;
  /** It appends every message it receives here, one JSON line each. */
  readonly log?: string;
}

/** Which protocol a fake executor speaks. */
export type FakeExecutorProtocol = 'codex' | 'acp';

/**
 * The fake executor itself. It runs as its own program (its source is written into an executable
 * file by `Function.prototype.toString`), so it uses nothing from this module: only `require` of
 * Node's built-in modules. Codex: JSON-RPC without the `jsonrpc` member, as `codex app-server`
 * sends it; ACP: JSON-RPC 2.0, as an Agent Client Protocol agent sends it. Both newline-delimited.
 */
export function fakeExecutorProgram(protocol: FakeExecutorProtocol, script: FakeExecutorScript): void {
  const fs = require('node:fs') as typeof import('node:fs');
  const path = require('node:path') as typeof import('node:path');
  const childProcess = require('node:child_process') as typeof import('node:child_process');
  const codex = protocol === 'codex';

  if (codex) {
    // As the real CLI (clap) does: `app-server`, optionally `--listen stdio://`; anything else is a usage error.
    const args = process.argv.slice(2);
    const valid =
      args[0] === 'app-server' &&
      (args.length === 1 || (args.length === 3 && args[1] === '--listen' && args[2] === 'stdio://'));
    if (!valid) {
      process.stderr.write(
        `error: unexpected arguments '${args.join(' ')}'\n\nUsage: codex app-server [OPTIONS]\n`,
      );
      process.exit(2);
    }
  }
  if (script.ignoreSigterm) process.on('SIGTERM', () => {});
  if (script.pidFile !== undefined) {
    const grandchild = childProcess.spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    fs.writeFileSync(script.pidFile, JSON.stringify({ pid: process.pid, grandchildPid: grandchild.pid }));
  }

  const send = (message: Record<string, unknown>) => {
    process.stdout.write(`${JSON.stringify(codex ? message : { jsonrpc: '2.0', ...message })}\n`);
  };
  const notify = (method: string, params: unknown) => send({ method, params });
  let nextId = 0;
  const pending = new Map<number, (message: Record<string, unknown>) => void>();
  const request = (method: string, params: unknown) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      send({ id, method, params });
    });
  const errorText = (message: Record<string, unknown>) =>
    String((message.error as { message?: string } | undefined)?.message ?? JSON.stringify(message.error));

  let turn = 0;
  let initialized = false;
  let currentMode: string | undefined;
  let cwd = process.cwd();
  const answerOf = (index: number) => {
    const answers = script.answers ?? ['Done.'];
    return answers[Math.min(index, answers.length - 1)] ?? 'Done.';
  };
  const envNote = () => {
    if (script.echoEnv === undefined) return [];
    const value = process.env[script.echoEnv];
    return [value === undefined ? `${script.echoEnv} is unset` : `${script.echoEnv}=${value}`];
  };

  const answerText = (notes: string[]) => {
    const flood = script.misbehave === 'flood' ? 'y'.repeat(script.floodCharacters ?? 1_000_000) : '';
    return flood + [answerOf(turn++), ...notes, ...envNote()].join('\n');
  };
  const streamText = (text: string, sendDelta: (text: string) => void) => {
    const size = text.length > 8192 ? 4096 : Math.ceil(text.length / 2);
    for (let sent = 0; sent < text.length; sent += size) sendDelta(text.slice(sent, sent + size));
  };

  /** Misbehaves if told to; true when the turn must not go on. */
  const misbehave = (sendDelta: (text: string) => void): boolean => {
    const size = script.floodCharacters ?? 1_000_000;
    switch (script.misbehave) {
      case 'crash':
        process.stderr.write('thread main panicked: fake crash\n');
        process.exit(101);
        return true;
      case 'hang':
        setInterval(() => {}, 1000);
        return true;
      case 'malformed':
        process.stdout.write('{"method": "item/started", oops\n');
        return true;
      case 'oversized':
        sendDelta('x'.repeat(size));
        return true;
      default:
        return false;
    }
  };

  const codexTurn = async (threadId: string, turnId: string, input: unknown) => {
    notify('turn/started', { threadId, turn: { id: turnId, items: [], status: 'inProgress', error: null } });
    const messageId = `msg_${turnId}`;
    const delta = (text: string) =>
      notify('item/agentMessage/delta', { threadId, turnId, itemId: messageId, delta: text });
    const notes: string[] = [];
    if (misbehave(delta)) return;
    if (script.failTurn !== undefined) {
      const error = { message: script.failTurn, codexErrorInfo: 'other', additionalDetails: null };
      notify('error', { threadId, turnId, error, willRetry: false });
      return notify('turn/completed', { threadId, turn: { id: turnId, items: [], status: 'failed', error } });
    }
    if (script.preamble !== undefined) {
      const item = { type: 'agentMessage', id: `pre_${turnId}`, text: '' };
      notify('item/started', { threadId, turnId, item });
      notify('item/agentMessage/delta', { threadId, turnId, itemId: item.id, delta: script.preamble });
      notify('item/completed', { threadId, turnId, item: { ...item, text: script.preamble } });
    }
    script.commands?.forEach((command, index) => {
      const item = {
        type: 'commandExecution',
        id: `cmd_${index}`,
        command,
        cwd,
        status: 'inProgress',
        commandActions: [],
      };
      notify('item/started', { threadId, turnId, item });
      notify('item/completed', {
        threadId,
        turnId,
        item: { ...item, status: 'completed', exitCode: 0, aggregatedOutput: '' },
      });
    });
    if (script.escalate !== undefined) {
      const item = {
        type: 'commandExecution',
        id: 'esc_1',
        command: script.escalate,
        cwd,
        status: 'inProgress',
        commandActions: [],
      };
      notify('item/started', { threadId, turnId, item });
      const answer = await request('item/commandExecution/requestApproval', {
        threadId,
        turnId,
        itemId: item.id,
        command: script.escalate,
        cwd,
        reason: 'needs network access',
      });
      const decision = String((answer.result as { decision?: unknown } | undefined)?.decision);
      notes.push(`escalation ${decision}`);
      notify('item/completed', {
        threadId,
        turnId,
        item: { ...item, status: decision === 'accept' ? 'completed' : 'declined' },
      });
    }
    if (script.write !== undefined) {
      const target = path.resolve(cwd, script.write.path);
      const item = {
        type: 'fileChange',
        id: 'patch_1',
        changes: [{ path: target, kind: { type: 'add' }, diff: script.write.content }],
        status: 'inProgress',
      };
      notify('item/started', { threadId, turnId, item });
      const answer = await request('item/fileChange/requestApproval', {
        threadId,
        turnId,
        itemId: item.id,
        reason: null,
      });
      const decision = (answer.result as { decision?: unknown } | undefined)?.decision;
      if (decision === 'accept') fs.writeFileSync(target, script.write.content);
      notes.push(decision === 'accept' ? 'write accepted' : 'write declined');
      notify('item/completed', {
        threadId,
        turnId,
        item: { ...item, status: decision === 'accept' ? 'completed' : 'declined' },
      });
    }
    if (script.echoPrompt) {
      const texts = (input as { text?: string }[]).map((part) => part.text);
      notes.push(`prompt: ${texts.join(' | ')}`);
    }
    const text = answerText(notes);
    notify('item/started', { threadId, turnId, item: { type: 'agentMessage', id: messageId, text: '' } });
    streamText(text, delta);
    notify('item/completed', { threadId, turnId, item: { type: 'agentMessage', id: messageId, text } });
    if (script.usage !== undefined) {
      const scale = (value: unknown) => (typeof value === 'number' ? value * turn : value);
      const total = {
        inputTokens: scale(script.usage.inputTokens),
        outputTokens: scale(script.usage.outputTokens),
      };
      notify('thread/tokenUsage/updated', { threadId, turnId, tokenUsage: { total, last: script.usage } });
    }
    notify('turn/completed', { threadId, turn: { id: turnId, items: [], status: 'completed', error: null } });
  };

  const acpPrompt = async (id: unknown, sessionId: string, prompt: unknown) => {
    const chunk = (text: string) =>
      notify('session/update', {
        sessionId,
        update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
      });
    const notes: string[] = [];
    if (misbehave(chunk)) return;
    if (script.failTurn !== undefined) return send({ id, error: { code: -32603, message: script.failTurn } });
    if (script.preamble !== undefined) chunk(script.preamble);
    const options = [
      { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
      { optionId: 'allow-always', name: 'Always allow', kind: 'allow_always' },
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
    ];
    const chosen = (answer: Record<string, unknown>) => {
      const outcome = (answer.result as { outcome?: { outcome?: string; optionId?: string } } | undefined)
        ?.outcome;
      return outcome?.outcome === 'selected' ? String(outcome.optionId) : 'cancelled';
    };
    for (const [index, command] of (script.commands ?? []).entries()) {
      const toolCallId = `call_${turn}_${index}`;
      notify('session/update', {
        sessionId,
        update: {
          sessionUpdate: 'tool_call',
          toolCallId,
          title: command,
          kind: 'execute',
          status: 'pending',
        },
      });
      const answer = await request('session/request_permission', {
        sessionId,
        toolCall: { toolCallId, title: command, kind: 'execute' },
        options,
      });
      notes.push(`command ${chosen(answer)}`);
      notify('session/update', {
        sessionId,
        update: { sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' },
      });
    }
    if (script.write !== undefined) {
      const target = path.resolve(cwd, script.write.path);
      const toolCallId = `write_${turn}`;
      notify('session/update', {
        sessionId,
        update: {
          sessionUpdate: 'tool_call',
          toolCallId,
          title: `Write ${script.write.path}`,
          kind: 'edit',
          status: 'pending',
        },
      });
      const answer = await request('session/request_permission', {
        sessionId,
        toolCall: { toolCallId, title: `Write ${script.write.path}`, kind: 'edit' },
        options,
      });
      if (chosen(answer) === 'allow') {
        const written = await request('fs/write_text_file', {
          sessionId,
          path: target,
          content: script.write.content,
        });
        notes.push(written.error === undefined ? 'write accepted' : `write refused: ${errorText(written)}`);
      } else notes.push('write declined');
      notify('session/update', {
        sessionId,
        update: { sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' },
      });
    }
    if (script.read !== undefined) {
      const read = await request('fs/read_text_file', { sessionId, path: path.resolve(cwd, script.read) });
      notes.push(
        read.error === undefined
          ? `read: ${String((read.result as { content?: unknown }).content)}`
          : `read refused: ${errorText(read)}`,
      );
    }
    if (script.echoPrompt)
      notes.push(`prompt: ${(prompt as { text?: string }[]).map((part) => part.text).join(' | ')}`);
    if (currentMode !== undefined) notes.push(`mode: ${currentMode}`);
    streamText(answerText(notes), chunk);
    send({
      id,
      result: { stopReason: 'end_turn', ...(script.usage === undefined ? {} : { usage: script.usage }) },
    });
  };

  const handle = (message: Record<string, unknown>) => {
    if (script.log !== undefined) fs.appendFileSync(script.log, `${JSON.stringify(message)}\n`);
    const { id, method } = message;
    const params = (message.params ?? {}) as Record<string, unknown>;
    if (method === undefined) {
      pending.get(id as number)?.(message);
      pending.delete(id as number);
      return;
    }
    if (id === undefined) return; // initialized, session/cancel
    const reply = (result: unknown) => send({ id, result });
    const refuse = (code: number, text: string) => send({ id, error: { code, message: text } });
    if (method === 'initialize') {
      if (initialized) return refuse(-32600, 'Already initialized');
      initialized = true;
      return reply(
        codex
          ? {
              userAgent: 'codex_cli_rs/0.0.0 (fake)',
              codexHome: '/nonexistent/.codex',
              platformFamily: 'unix',
              platformOs: 'linux',
            }
          : {
              protocolVersion: 1,
              agentCapabilities: { loadSession: false, promptCapabilities: {} },
              authMethods: [],
            },
      );
    }
    if (!initialized) return refuse(-32600, 'Not initialized');
    if (codex && method === 'thread/start') {
      cwd = String(params.cwd ?? cwd);
      const thread = {
        id: 'thr_1',
        preview: '',
        ephemeral: true,
        modelProvider: 'openai',
        createdAt: 0,
        status: { type: 'idle' },
      };
      reply({
        thread,
        model: 'gpt-fake',
        modelProvider: 'openai',
        cwd,
        approvalPolicy: params.approvalPolicy,
        sandbox: { type: 'readOnly' },
      });
      return notify('thread/started', { thread });
    }
    if (codex && method === 'turn/start') {
      const turnId = `turn_${turn + 1}`;
      reply({ turn: { id: turnId, items: [], status: 'inProgress', error: null } });
      return void codexTurn(String(params.threadId), turnId, params.input);
    }
    if (!codex && method === 'session/new') {
      cwd = String(params.cwd ?? cwd);
      if (script.mode === undefined) return reply({ sessionId: 'sess_1' });
      currentMode = script.mode;
      const availableModes = [
        { id: 'default', name: 'Default' },
        { id: script.mode, name: script.mode },
      ];
      return reply({ sessionId: 'sess_1', modes: { currentModeId: currentMode, availableModes } });
    }
    if (!codex && method === 'session/set_mode') {
      currentMode = String(params.modeId);
      return reply({});
    }
    if (!codex && method === 'session/prompt')
      return void acpPrompt(id, String(params.sessionId), params.prompt);
    refuse(-32601, `Method not found: ${String(method)}`);
  };

  let buffered = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    buffered += chunk;
    for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n')) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim() !== '') handle(JSON.parse(line) as Record<string, unknown>);
    }
  });
  // As the real tools do: the end of stdin ends the server.
  process.stdin.on('end', () => {
    if (script.misbehave !== 'hang') process.exit(0);
  });
}
