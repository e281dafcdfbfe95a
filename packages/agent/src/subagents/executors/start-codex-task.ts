import { resolve } from 'node:path';
import { confinePath } from '../../policy/confine-path.js';
import { CappedOutput } from '../../tools/capped-output.js';
import type { ExternalTaskProgress, ExternalTaskRequest, ExternalTaskSession } from '../subagent-types.js';
import { ExecutorLifetime } from './executor-lifetime.js';
import { spawnExecutorProcess } from './executor-process.js';
import { ExternalExecutorError } from './external-executor-error.js';
import type { ExternalTaskLimits } from './external-task-options.js';
import { JsonLinesRpc, JsonRpcErrorResponse } from './json-lines-rpc.js';

/*
 * The Codex app-server protocol as `codex app-server` speaks it (openai/codex,
 * codex-rs/app-server/README.md and codex-rs/app-server-protocol/src/protocol/v2, read for
 * codex-cli 0.17x): JSON-RPC 2.0 without the `jsonrpc` member, one JSON object per line on stdio.
 *   → initialize {clientInfo}            ← {userAgent, …};  → initialized (notification)
 *   → thread/start {cwd, sandbox: "read-only" | "workspace-write", approvalPolicy: "on-request",
 *                   developerInstructions?, ephemeral: true}            ← {thread: {id}, …}
 *   → turn/start {threadId, input: [{type: "text", text}], cwd, approvalPolicy, sandboxPolicy}
 *   ← item/started, item/agentMessage/delta, item/completed, error, turn/completed {turn: {status, error}},
 *     thread/tokenUsage/updated {tokenUsage: {total: {inputTokens, outputTokens, …}, last}}
 *   ← server requests answered here: item/commandExecution/requestApproval,
 *     item/fileChange/requestApproval ({decision: accept | decline}),
 *     item/permissions/requestApproval ({permissions: granted subset}),
 *     mcpServer/elicitation/request ({action: decline}); any other request gets -32601.
 * The SPEC's `codex app-server --stdio` is spelled `codex app-server` here: stdio is the default
 * transport (`--listen stdio://`) and the real CLI has no `--stdio` flag.
 */

/** The arguments `executor.args` replaces. */
export const CODEX_DEFAULT_ARGS: readonly string[] = ['app-server'];

type JsonObject = Record<string, unknown>;

/** A tool's name in progress events comes from the executor: a line, not a document. */
const MAX_TOOL_NAME_CHARACTERS = 120;
/** File changes remembered until their approval is asked or they complete. */
const MAX_PENDING_FILE_CHANGES = 1000;

function asObject(value: unknown): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}

/** A token count the executor reports: a finite non-negative whole number, anything else 0. */
function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : 0;
}

/** The progress name of a thread item that is a tool call, or undefined for messages and reasoning. */
function codexToolName(item: JsonObject): string | undefined {
  switch (item.type) {
    case 'commandExecution':
      return 'shell';
    case 'fileChange':
      return 'edit';
    case 'mcpToolCall':
      return `mcp__${String(item.server)}__${String(item.tool)}`.slice(0, MAX_TOOL_NAME_CHARACTERS);
    case 'dynamicToolCall':
    case 'collabToolCall':
      return String(item.tool).slice(0, MAX_TOOL_NAME_CHARACTERS);
    case 'webSearch':
      return 'web_search';
    case 'imageView':
      return 'image_view';
    default:
      return undefined;
  }
}

/**
 * Runs one task through `codex app-server` (SPEC A7): a read-only sandbox unless `allowEdits`,
 * then `workspace-write` confined to `cwd`. Commands that ask to leave the sandbox are declined
 * (nobody can be asked from here); file changes are accepted only with `allowEdits` and when every
 * file is one the built-in write tool could write (inside `cwd`, no link out, no file that
 * configures the agent: `confinePath`). The final agent message of the turn is the answer; the
 * process ends with the task.
 */
export function startCodexTask(
  request: ExternalTaskRequest,
  executable: string,
  limits: ExternalTaskLimits,
  signal: AbortSignal,
): ExternalTaskSession {
  const { definition, allowEdits } = request;
  const cwd = resolve(request.cwd);
  const executor = definition.executor as NonNullable<typeof definition.executor>;
  const process = spawnExecutorProcess(executable, executor.args ?? CODEX_DEFAULT_ARGS, {
    cwd,
    env: request.env,
    killGraceMs: limits.killGraceMs,
  });
  const lifetime = new ExecutorLifetime(process, `${definition.name} (${executor.command})`, signal);
  const progress = (event: ExternalTaskProgress) => request.onProgress?.(event);

  const proposedChanges = new Map<string, unknown[]>();
  let streamed = new CappedOutput(limits.maxAnswerCharacters);
  let finalMessage: string | undefined;
  let lastError: string | undefined;
  let turnEnded!: (turn: JsonObject) => void;
  const turnCompleted = new Promise<JsonObject>((resolveTurn) => {
    turnEnded = resolveTurn;
  });

  const onNotification = (method: string, rawParams: unknown): void => {
    const params = asObject(rawParams);
    const item = asObject(params.item);
    switch (method) {
      case 'item/agentMessage/delta':
        if (typeof params.delta === 'string') {
          streamed.append(params.delta);
          progress({ type: 'text-delta', text: params.delta });
        }
        return;
      case 'item/started': {
        if (item.type === 'agentMessage') streamed = new CappedOutput(limits.maxAnswerCharacters);
        if (item.type === 'fileChange' && typeof item.id === 'string') {
          // Its approval request names only the item: remember which files it would change.
          if (proposedChanges.size >= MAX_PENDING_FILE_CHANGES)
            proposedChanges.delete(proposedChanges.keys().next().value as string);
          const changes = Array.isArray(item.changes) ? item.changes : [];
          proposedChanges.set(
            item.id,
            changes.map((change) => asObject(change).path),
          );
        }
        const name = codexToolName(item);
        if (name !== undefined) progress({ type: 'tool-start', name });
        return;
      }
      case 'item/completed': {
        if (typeof item.id === 'string') proposedChanges.delete(item.id);
        if (item.type === 'agentMessage' && typeof item.text === 'string') {
          const kept = new CappedOutput(limits.maxAnswerCharacters);
          kept.append(item.text);
          finalMessage = kept.toString();
        }
        const name = codexToolName(item);
        if (name !== undefined) progress({ type: 'tool-end', name });
        return;
      }
      case 'thread/tokenUsage/updated': {
        // `tokenUsage.total` is the thread's running total; a task is one thread.
        const total = asObject(asObject(params.tokenUsage).total);
        progress({
          type: 'usage',
          inputTokens: count(total.inputTokens),
          outputTokens: count(total.outputTokens),
        });
        return;
      }
      case 'error':
        lastError = String(asObject(params.error).message ?? JSON.stringify(params.error));
        return;
      case 'turn/completed':
        turnEnded(asObject(params.turn));
        return;
    }
  };

  /** The paths the built-in tools could `access` (`confinePath`: inside `cwd`, no link out, for writes no agent configuration). */
  const confined = async (paths: unknown, access: 'read' | 'write'): Promise<string[]> => {
    const kept: string[] = [];
    for (const path of Array.isArray(paths) ? paths : []) {
      if (typeof path !== 'string') continue;
      const target = await confinePath(path, access, { cwd, readOnlyRoots: [], agentConfigWrites: [] });
      if (target.ok) kept.push(path);
    }
    return kept;
  };

  const onRequest = async (method: string, rawParams: unknown): Promise<unknown> => {
    const params = asObject(rawParams);
    switch (method) {
      case 'item/commandExecution/requestApproval':
        // Asked only for a command that wants out of the sandbox; nobody can approve it from here.
        return { decision: 'decline' };
      case 'item/fileChange/requestApproval': {
        const changed = proposedChanges.get(String(params.itemId));
        const paths =
          changed === undefined || params.grantRoot == null ? changed : [...changed, params.grantRoot];
        const accepted =
          allowEdits && paths !== undefined && (await confined(paths, 'write')).length === paths.length;
        return { decision: accepted ? 'accept' : 'decline' };
      }
      case 'item/permissions/requestApproval': {
        const fileSystem = asObject(asObject(params.permissions).fileSystem);
        return {
          scope: 'turn',
          permissions: {
            fileSystem: {
              read: await confined(fileSystem.read, 'read'),
              write: allowEdits ? await confined(fileSystem.write, 'write') : [],
            },
          },
        };
      }
      case 'mcpServer/elicitation/request':
        return { action: 'decline', content: null };
      default:
        throw new JsonRpcErrorResponse(-32601, `Skilldock does not answer ${method} from an external task.`);
    }
  };

  const rpc = new JsonLinesRpc(process.child.stdout, process.child.stdin, {
    maxMessageBytes: limits.maxMessageBytes,
    peerName: lifetime.label,
    onRequest,
    onNotification,
    onFailure: (error) => lifetime.fail(error),
  });

  const run = async (): Promise<{ text: string }> => {
    await lifetime.run(
      rpc.request('initialize', { clientInfo: { name: 'skilldock', title: 'Skilldock', version: '0.1.0' } }),
    );
    rpc.notify('initialized');
    const started = asObject(
      await lifetime.run(
        rpc.request('thread/start', {
          cwd,
          sandbox: allowEdits ? 'workspace-write' : 'read-only',
          approvalPolicy: 'on-request',
          ephemeral: true,
          ...(definition.systemPrompt.trim() === ''
            ? {}
            : { developerInstructions: definition.systemPrompt }),
        }),
      ),
    );
    const threadId = asObject(started.thread).id;
    if (typeof threadId !== 'string')
      throw new ExternalExecutorError(
        'executor_protocol_error',
        `${lifetime.label} started a thread without an id.`,
      );
    await lifetime.run(
      rpc.request('turn/start', {
        threadId,
        input: [{ type: 'text', text: request.prompt }],
        cwd,
        approvalPolicy: 'on-request',
        // codex's workspace-write also lets commands write /tmp and $TMPDIR unless told not to
        // (found against codex 0.169.0): the task's folder is the only place it may write.
        sandboxPolicy: allowEdits
          ? {
              type: 'workspaceWrite',
              writableRoots: [cwd],
              networkAccess: false,
              excludeTmpdirEnvVar: true,
              excludeSlashTmp: true,
            }
          : { type: 'readOnly' },
      }),
    );
    const turn = await lifetime.run(turnCompleted);
    if (turn.status === 'interrupted')
      throw new ExternalExecutorError('executor_cancelled', `${lifetime.label} interrupted the turn.`);
    if (turn.status !== 'completed') {
      const why = asObject(turn.error).message ?? lastError ?? `the turn ended as ${String(turn.status)}`;
      throw new ExternalExecutorError('executor_failed', `${lifetime.label} failed: ${String(why)}`);
    }
    return { text: finalMessage ?? streamed.toString() };
  };

  const result = run().finally(() => lifetime.close());
  // The caller may only ever call close(); an unobserved failure must not crash the host.
  result.catch(() => {});
  return { result, close: () => lifetime.close() };
}
