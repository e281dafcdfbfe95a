import { resolve } from 'node:path';
import type * as Acp from '@agentclientprotocol/sdk';
import { loadOnce } from '../../load-once.js';
import { CappedOutput } from '../../tools/capped-output.js';
import type { ExternalTaskProgress, ExternalTaskRequest, ExternalTaskSession } from '../subagent-types.js';
import { readTextFileForAgent, writeTextFileForAgent } from './acp-file-system.js';
import { decideAcpPermission } from './decide-acp-permission.js';
import { ExecutorLifetime } from './executor-lifetime.js';
import { type ExecutorProcess, spawnExecutorProcess } from './executor-process.js';
import { ExternalExecutorError } from './external-executor-error.js';
import type { ExternalTaskLimits } from './external-task-options.js';
import { readJsonLines } from './read-json-lines.js';

/*
 * The Agent Client Protocol, version 1 (agentclientprotocol.com), through @agentclientprotocol/sdk's
 * client side: initialize {protocolVersion: 1, clientCapabilities: {fs, terminal: false}} →
 * session/new {cwd, mcpServers: []} → session/prompt {sessionId, prompt} per turn, with
 * session/update notifications streamed into progress. The agent's requests answered here:
 * session/request_permission (decideAcpPermission), fs/read_text_file and fs/write_text_file
 * (confined to the task's folder). Terminals are not offered.
 */

/** Imported on first use: most sessions never start an ACP agent. */
const loadAcp = loadOnce(() => import('@agentclientprotocol/sdk'));

/**
 * `session/new` extension data (ACP reserves `_meta` for it; agents ignore what they do not know).
 * claude-agent-acp passes `claudeCode.options` to the Claude Agent SDK: `settingSources: ['user']`
 * loads the user's own Claude Code settings (model, preferences, their permission rules) but not
 * the repository's `.claude/settings.json` and `settings.local.json`, whose `permissions.allow`
 * rules, `defaultMode` and hooks would run commands and edits without asking us — found against
 * claude-agent-acp 0.23.1, where a repository's `allow: ["Bash"]` ran a command in a read-only
 * task. The price: the repository's CLAUDE.md is not loaded either.
 */
const SESSION_META = { claudeCode: { options: { settingSources: ['user'] } } };
/** The session mode in which the agent asks before edits and commands (claude-agent-acp's `default`). */
const ASKING_MODE = 'default';

/** Messages parsed but not yet taken by the SDK before stdout is paused (bounded memory). */
const READ_AHEAD_MESSAGES = 64;
/** A tool call's title names it in progress events: a line, not a document. */
const MAX_TOOL_NAME_CHARACTERS = 120;
/** Tool calls remembered until the agent reports them finished. */
const MAX_OPEN_TOOL_CALLS = 1000;

/**
 * The SDK's message stream over an executor's stdio, read through our bounded line reader: a
 * line that is too long or not JSON ends the task (the SDK would skip it and wait forever). The
 * readable ends only after the process has exited, so its exit status is the error reported.
 */
function executorStream(
  process: ExecutorProcess,
  lifetime: ExecutorLifetime,
  maxMessageBytes: number,
): Acp.Stream {
  const { stdout, stdin } = process.child;
  let open = true;
  const readable = new ReadableStream<Acp.AnyMessage>(
    {
      start(controller) {
        readJsonLines(stdout, {
          maxMessageBytes,
          peerName: lifetime.label,
          onMessage: (message) => {
            if (!open) return;
            controller.enqueue(message as unknown as Acp.AnyMessage);
            if ((controller.desiredSize ?? 1) <= 0) stdout.pause();
          },
          onFailure: (error) => lifetime.fail(error),
        });
        void process.exited.then(() => {
          if (!open) return;
          open = false;
          controller.close();
        });
      },
      pull() {
        stdout.resume();
      },
      // The SDK cancels its reader when the connection closes.
      cancel() {
        open = false;
      },
    },
    { highWaterMark: READ_AHEAD_MESSAGES },
  );
  const writable = new WritableStream<Acp.AnyMessage>({
    write: (message) =>
      new Promise<void>((resolveWrite, rejectWrite) => {
        stdin.write(`${JSON.stringify(message)}\n`, (error) => (error ? rejectWrite(error) : resolveWrite()));
      }),
  });
  return { readable, writable };
}

/**
 * Runs a task through an Agent Client Protocol agent such as `claude-agent-acp` (SPEC A7, A9):
 * one session in `cwd` that takes further prompts with `send` while it lives. Edits are refused
 * unless `allowEdits`; commands are always refused (nobody can be asked from here). The answer
 * of a turn is the agent's message text of that turn; `close` ends the process.
 */
export function startAcpTask(
  request: ExternalTaskRequest,
  executable: string,
  limits: ExternalTaskLimits,
  signal: AbortSignal,
): Required<ExternalTaskSession> {
  const { definition, allowEdits } = request;
  const cwd = resolve(request.cwd);
  const executor = definition.executor as NonNullable<typeof definition.executor>;
  const process = spawnExecutorProcess(executable, executor.args ?? [], {
    cwd,
    env: request.env,
    killGraceMs: limits.killGraceMs,
  });
  const lifetime = new ExecutorLifetime(process, `${definition.name} (${executor.command})`, signal);
  const progress = (event: ExternalTaskProgress) => request.onProgress?.(event);
  const scope = { cwd, allowEdits, maxReadBytes: limits.maxMessageBytes / 2 };

  // The answer of a turn is what the agent said after its last tool call (claude-agent-acp streams
  // "Let me look." before a tool as message text too; codex keeps only its final message). When
  // nothing followed the last tool, the whole turn's text is the answer.
  let turnText = new CappedOutput(limits.maxAnswerCharacters);
  let sinceLastTool = new CappedOutput(limits.maxAnswerCharacters);
  const usage = { inputTokens: 0, outputTokens: 0 };
  const openTools = new Map<string, string>();
  const onUpdate = (update: Acp.SessionUpdate) => {
    switch (update.sessionUpdate) {
      case 'agent_message_chunk':
        if (update.content.type === 'text' && update.content.text !== '') {
          turnText.append(update.content.text);
          sinceLastTool.append(update.content.text);
          progress({ type: 'text-delta', text: update.content.text });
        }
        return;
      case 'tool_call': {
        sinceLastTool = new CappedOutput(limits.maxAnswerCharacters);
        const name = (update.title || update.kind || 'tool').slice(0, MAX_TOOL_NAME_CHARACTERS);
        // Calls never reported as finished must not pile up: forget the oldest.
        if (openTools.size >= MAX_OPEN_TOOL_CALLS) openTools.delete(openTools.keys().next().value as string);
        openTools.set(update.toolCallId, name);
        progress({ type: 'tool-start', name });
        if (update.status === 'completed' || update.status === 'failed') endTool(update.toolCallId);
        return;
      }
      case 'tool_call_update':
        if (update.status === 'completed' || update.status === 'failed') endTool(update.toolCallId);
        return;
    }
  };
  const endTool = (toolCallId: string) => {
    const name = openTools.get(toolCallId);
    if (name === undefined) return;
    openTools.delete(toolCallId);
    progress({ type: 'tool-end', name });
  };

  /**
   * Adds a turn's `usage` (`{inputTokens, outputTokens, …}`, an unstable ACP field that
   * claude-agent-acp sends with its `session/prompt` answer) to the task's totals. Anything but
   * finite non-negative numbers is ignored: the agent is not trusted to count for us.
   */
  const addUsage = (reported: unknown) => {
    if (typeof reported !== 'object' || reported === null) return;
    const { inputTokens, outputTokens } = reported as Record<string, unknown>;
    const count = (value: unknown) =>
      typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : 0;
    usage.inputTokens += count(inputTokens);
    usage.outputTokens += count(outputTokens);
    progress({ type: 'usage', ...usage });
  };

  /** Settles with `operation`, its SDK errors (the agent's error answers) made ours. */
  const call = async <T>(method: string, operation: Promise<T>): Promise<T> => {
    try {
      return await lifetime.run(operation);
    } catch (error) {
      if (ExternalExecutorError.isInstance(error)) throw error;
      throw new ExternalExecutorError(
        'executor_failed',
        `${lifetime.label} refused ${method}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  };

  const connected = (async () => {
    const acp = await loadAcp();
    let sessionId: string | undefined;
    // The SDK answers a thrown Error with a bare "Internal error"; the agent should read why.
    const refusalsSaid = <T>(answer: Promise<T>): Promise<T> =>
      answer.catch((error: unknown) => {
        throw new acp.RequestError(-32603, error instanceof Error ? error.message : String(error));
      });
    const app = acp
      .client({ name: 'skilldock' })
      .onNotification('session/update', ({ params }) => {
        if (params.sessionId === sessionId) onUpdate(params.update);
      })
      .onRequest('session/request_permission', ({ params }) =>
        decideAcpPermission(params.toolCall, params.options, { cwd, allowEdits }),
      )
      .onRequest('fs/read_text_file', ({ params }) => refusalsSaid(readTextFileForAgent(params, scope)))
      .onRequest('fs/write_text_file', ({ params }) => refusalsSaid(writeTextFileForAgent(params, scope)));
    const connection = app.connect(executorStream(process, lifetime, limits.maxMessageBytes));
    lifetime.failed.catch(() => connection.close());
    const initialized = await call(
      'initialize',
      connection.agent.request('initialize', {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: { fs: { readTextFile: true, writeTextFile: allowEdits }, terminal: false },
        clientInfo: { name: 'skilldock', title: 'Skilldock', version: '0.1.0' },
      }),
    );
    if (initialized.protocolVersion !== acp.PROTOCOL_VERSION)
      throw new ExternalExecutorError(
        'executor_protocol_error',
        `${lifetime.label} speaks ACP version ${String(initialized.protocolVersion)}; Skilldock speaks version ${acp.PROTOCOL_VERSION}.`,
      );
    const session = await call(
      'session/new',
      connection.agent.request('session/new', { cwd, mcpServers: [], _meta: SESSION_META }),
    );
    sessionId = session.sessionId;
    // A mode read from settings (claude-agent-acp: `permissions.defaultMode`, such as
    // acceptEdits) would skip our permission answers; every task starts in the asking mode.
    const modes = session.modes;
    if (
      modes != null &&
      modes.currentModeId !== ASKING_MODE &&
      modes.availableModes.some((mode) => mode.id === ASKING_MODE)
    ) {
      await call(
        'session/set_mode',
        connection.agent.request('session/set_mode', { sessionId: session.sessionId, modeId: ASKING_MODE }),
      );
    }
    return { connection, sessionId: session.sessionId };
  })();

  let turns = 0;
  const runTurn = async (text: string): Promise<{ text: string }> => {
    const { connection, sessionId } = await lifetime.run(connected);
    // The definition's body has no ACP field of its own: it leads the first prompt.
    const leading = turns++ === 0 && definition.systemPrompt.trim() !== '' ? [definition.systemPrompt] : [];
    const prompt: Acp.ContentBlock[] = [...leading, text].map((part) => ({ type: 'text', text: part }));
    turnText = new CappedOutput(limits.maxAnswerCharacters);
    sinceLastTool = new CappedOutput(limits.maxAnswerCharacters);
    const answer = await call(
      'session/prompt',
      connection.agent.request('session/prompt', { sessionId, prompt }),
    );
    if (answer.stopReason === 'cancelled')
      throw new ExternalExecutorError('executor_cancelled', `${lifetime.label} cancelled the turn.`);
    addUsage((answer as { usage?: unknown }).usage);
    const final = sinceLastTool.toString();
    return { text: final.trim() === '' ? turnText.toString() : final };
  };

  // One turn at a time: a message sent during a turn is prompted after it.
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = (text: string): Promise<{ text: string }> => {
    const turn = queue.then(() => {
      if (lifetime.failure !== undefined) throw lifetime.failure;
      return runTurn(text);
    });
    queue = turn.catch(() => {});
    return turn;
  };
  const result = enqueue(request.prompt);
  // The caller may only ever call close(); an unobserved failure must not crash the host.
  result.catch(() => {});
  // Without a session nothing can follow: the failure ends the process.
  connected.catch((error: ExternalExecutorError) => lifetime.fail(error));
  return { result, send: enqueue, close: () => lifetime.close() };
}
