import {
  parseRunState,
  type RunAgentInput,
  type RunContext,
  type RunResult,
  type RunState,
  runAgent,
} from '@skilldock/agent/loop';
import type { ConversationMessage } from '@skilldock/agent/model';
import { ConflictError, SecurityError } from '@skilldock/core/errors';
import type { SkillSession } from '@skilldock/core/runtime';
import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import { loadAgentRecord } from '../agents/agent-records.js';
import { loadViewerAtGeneration } from '../auth/load-viewer.js';
import type { SkilldockDatabase } from '../db/database.js';
import { runEvents, runs } from '../db/schema.js';
import { canOnAgent } from '../policy/agent-access.js';
import { readRunLimitSettings } from '../run-limits/run-limit-settings.js';
import { type AgentRunServices, agentRunSetup } from './agent-run-setup.js';
import { allAnswered, alwaysAllowedTools, applyAlwaysAllowed } from './always-allowed-tools.js';
import { claimRunInTurn } from './claim-run-in-turn.js';
import { effectiveRunLimits } from './effective-run-limits.js';
import { handBackRun } from './hand-back-run.js';
import { INSTALL_SKILL_TOOL, installSkillTool } from './install-skill-tool.js';
import { interruptedToolCalls } from './interrupted-tool-calls.js';
import { type ResolvedRunSkills, resolveRunSkills } from './resolve-run-skills.js';
import type { RunEventBus } from './run-event-bus.js';
import { RunEventWriter } from './run-event-writer.js';
import type { RunHeartbeats } from './run-heartbeats.js';
import { runLimitEnd } from './run-limit-end.js';
import type { RunQueuePlace } from './run-queue-place.js';
import { appendRunEvent, conversationMessages, finishRun, type RunEnd, type RunRow } from './run-records.js';
import { runSubagentTools } from './run-subagent-tools.js';
import { errorFacts, toStoredEvent } from './stored-run-event.js';
import { withPartialText } from './unsaved-run-text.js';
import { WEB_FETCH_TOOL, webFetchTool } from './web-fetch-tool.js';
import { writeRunCheckpoint } from './write-run-checkpoint.js';

/** What executing a run needs: the database, content, keys, and this worker's identity and clocks. */
export interface RunExecutorContext extends AgentRunServices {
  readonly bus: RunEventBus;
  /** Unique per worker process (and per start): who holds a running run. */
  readonly workerId: string;
  /** The worker's heartbeats: they prove the run alive and read its cancel flag. */
  readonly heartbeats: RunHeartbeats;
  /** Sends a run's job again: a run handed back on drain goes to the queue for another worker. */
  readonly requeue: (runId: string) => Promise<void>;
}

/**
 * How a stopping worker lets go of a run (SPEC O1 drain): once `drain` aborts, the run stops at
 * its next checkpoint and is handed back; once `handBack` aborts (the grace period is over), it
 * stops at once and is handed back from its last checkpoint.
 */
export interface RunStopSignals {
  readonly drain: AbortSignal;
  readonly handBack: AbortSignal;
}

/** What a run hands back at a drain throws to end its loop at once (caught by `executeRun`). */
function handedBack(runId: string): ConflictError {
  return new ConflictError('run_handed_back', 'The worker is stopping: the run goes on in another worker.', {
    details: { runId },
  });
}

/** Skills the conversation's previous run ended with active: a new run starts with them active too. */
async function previouslyActive(db: SkilldockDatabase, row: RunRow): Promise<readonly string[]> {
  const [previous] = await db
    .select({ activeSkills: runs.activeSkills })
    .from(runs)
    .where(
      and(eq(runs.conversationId, row.conversationId), ne(runs.id, row.id), eq(runs.status, 'completed')),
    )
    .orderBy(desc(runs.createdAt))
    .limit(1);
  return previous?.activeSkills ?? [];
}

/** How a loop result ends the run's row. */
function endOf(result: RunResult, activeSkills: readonly string[]): RunEnd {
  switch (result.status) {
    case 'completed':
      return { status: 'completed', finalText: result.finalText, activeSkills };
    case 'cancelled':
      return { status: 'cancelled', finalText: result.finalText, activeSkills };
    case 'interrupted':
      return { status: 'waiting_approval', state: result.state, activeSkills };
    default:
      return {
        status: 'failed',
        error: {
          code: `run_${result.status.replace('-', '_')}`,
          message: `The run stopped: ${result.status}`,
        },
        activeSkills,
      };
  }
}

/**
 * Executes one run as a queue job (SPEC Y8, Y16). The run is claimed `queued → running` first, so
 * a job delivered twice runs once; then, for the calling user as of now, the agent must still be
 * readable, the skills are resolved (at the first start; a resumed run reuses what its start
 * resolved) and loaded with `progressive` gating and the preloads, the tools are confined to the
 * run's work folder, the agent's readable sub-agents become delegation tools (`runSubagentTools`;
 * a `run-notice` counts the ones left out), and the loop runs with approvals as interruptions. Every event and message is
 * stored as it happens; a heartbeat keeps the row alive and reads the cancel flag. The row ends
 * `completed`, `cancelled`, `waiting_approval` (resumable by a later request on any process) or
 * `failed` with the reason; a `run-status` event closes the stream.
 *
 * Limits (SPEC O2): the run is claimed only in its user's turn (`claimRunInTurn`); when the user's
 * runs ahead fill the per-user limit it stays queued and its place is returned, for the worker to
 * try it again later. The run's time and turn limits are the agent's own or the admins' defaults
 * (`effectiveRunLimits`), enforced by the agent loop through the same stop signal as a cancel (the
 * calls in flight are aborted); a run past one ends `failed`, `run_time_limit` or `run_max_turns`.
 */
export async function executeRun(
  context: RunExecutorContext,
  runId: string,
  stop: RunStopSignals,
): Promise<RunQueuePlace | undefined> {
  const { db, workerId } = context;
  const claim = await claimRunInTurn(db, runId, workerId);
  if (claim.kind === 'waiting') {
    context.bus.notify(runId);
    return claim.place;
  }
  if (claim.kind === 'gone') return undefined;
  const row = claim.row;
  const started = performance.now();
  const controller = new AbortController();
  const stopListening = context.bus.onCancel(runId, () => controller.abort('cancel'));
  const events = new RunEventWriter(db, runId, context.bus, workerId);
  // Past the grace period: stop now; what the last checkpoint holds goes on elsewhere.
  const onHandBack = () => {
    controller.abort('hand-back');
    events.close();
  };
  stop.handBack.addEventListener('abort', onHandBack, { once: true });
  if (stop.handBack.aborted) onHandBack();
  let lost = false;
  const letHeartbeatGo = context.heartbeats.hold(runId, {
    lost: () => {
      lost = true;
      controller.abort('lost');
      events.close();
    },
    cancelRequested: () => controller.abort('cancel'),
  });
  const letGo = () =>
    controller.signal.aborted && ['hand-back', 'lost'].includes(String(controller.signal.reason));
  let end: RunEnd;
  try {
    end = await runOnce(context, row, events, controller.signal, stop.drain, letGo);
    await events.drain();
  } catch (error) {
    end = { status: 'failed', error: errorFacts(error) };
    if (!letGo() && end.error?.code !== 'run_handed_back' && end.error?.code !== 'run_not_held')
      // The run's error says what a user may see; the log keeps what kind of failure it was.
      context.logger.warn('run_failed', {
        runId,
        userId: row.userId,
        errorName: error instanceof Error ? error.name : typeof error,
        errorCode: end.error?.code,
      });
  } finally {
    letHeartbeatGo();
    stopListening();
    stop.handBack.removeEventListener('abort', onHandBack);
  }
  // Lost (the sweep gave the run to another worker) or no longer held: nothing more is ours to write.
  if (lost || end.error?.code === 'run_not_held') return undefined;
  if (letGo() || end.error?.code === 'run_handed_back') {
    events.close();
    await events.drain().catch(() => {});
    if (await handBackRun(db, runId, workerId, context.requeue, context.bus))
      context.logger.info('run_handed_back', { runId, userId: row.userId });
    return undefined;
  }
  // Whatever was queued before a failure is written first, so the closing event is the last one.
  await events.drain().catch(() => {});
  if (end.status === 'failed') end = await withPartialText(db, runId, workerId, end);
  if (await finishRun(db, runId, workerId, end)) {
    // Counted before the closing event is written: whoever sees that event sees the count.
    context.metrics?.observeRunEnd(end.status, (performance.now() - started) / 1000);
    await appendRunEvent(db, runId, {
      type: 'run-status',
      data: { status: end.status, ...(end.error === undefined ? {} : { error: end.error }) },
    });
    context.bus.notify(runId);
  }
  return undefined;
}

/**
 * A run taken over from a checkpoint (SPEC O1) says so in its stream: `run-resumed` with the
 * attempt, the checkpoint's last event and the turn the run goes on with; when the stream already
 * holds part of that turn (text or calls after the checkpoint), `turn-restart` tells a client to
 * drop what it showed of turns from `turn` on — the resumed turn says it again, so each text is
 * seen once.
 */
async function announceResume(
  db: SkilldockDatabase,
  row: RunRow,
  state: RunState,
  events: RunEventWriter,
): Promise<void> {
  const checkpointSeq = row.checkpointSeq ?? 0;
  const turn = state.stats.turns + 1;
  events.push({
    type: 'run-resumed',
    data: {
      attempt: row.attempts,
      checkpointSeq,
      turn,
      message: 'The worker running this run stopped; the run goes on from its last checkpoint.',
    },
  });
  const [partial] = await db
    .select({ seq: runEvents.seq })
    .from(runEvents)
    .where(
      and(
        eq(runEvents.runId, row.id),
        gt(runEvents.seq, checkpointSeq),
        inArray(runEvents.type, ['text-delta', 'tool-call-start', 'turn-start']),
      ),
    )
    .limit(1);
  if (partial !== undefined) events.push({ type: 'turn-restart', data: { turn, afterSeq: checkpointSeq } });
}

async function runOnce(
  context: RunExecutorContext,
  row: RunRow,
  events: RunEventWriter,
  signal: AbortSignal,
  drain: AbortSignal,
  letGo: () => boolean,
): Promise<RunEnd> {
  const { db } = context;
  events.push({ type: 'run-status', data: { status: 'running', attempt: row.attempts } });
  const checkpoint = row.checkpointSeq === null || row.state === null ? undefined : parseRunState(row.state);
  if (checkpoint !== undefined) await announceResume(db, row, checkpoint, events);
  const found = await loadViewerAtGeneration(db, row.userId);
  if (found === null)
    throw new SecurityError('run_user_disabled', 'The account that started the run is disabled.');
  const { viewer } = found;
  const agent = await loadAgentRecord(db, row.agentId);
  if (agent === null || !canOnAgent(viewer, 'read', agent.access))
    throw new SecurityError(
      'run_agent_unreadable',
      'The agent is no longer readable by the account that started the run.',
    );
  const projection = { db, content: context.content, logger: context.logger };
  let resolved = row.resolved as ResolvedRunSkills | null;
  // Resolved now, for the user as read at this generation: the first refreshes need not redo it.
  const resolvedAtGeneration = resolved === null ? found.generation : undefined;
  if (resolved === null) {
    resolved = await resolveRunSkills(projection, viewer, agent.row);
    await db.update(runs).set({ resolved }).where(eq(runs.id, row.id));
  }
  const subagents = await runSubagentTools({
    services: context,
    viewer,
    parent: agent.row,
    runId: row.id,
    events,
  });
  if (subagents.skipped > 0)
    events.push({
      type: 'run-notice',
      data: {
        message: `Sub-agents not offered: ${subagents.skipped} (missing, or not readable by you).`,
        skippedSubagents: subagents.skipped,
      },
    });
  // The agent's platform tools (issue 26): `install_skill` prepares drafts for the run's user.
  // `web_fetch` reads the admins' allowlist at every call (empty: it answers that it is off).
  const platformTools = [
    ...(agent.row.tools.includes(INSTALL_SKILL_TOOL) && context.install !== undefined
      ? [
          installSkillTool({
            db,
            install: context.install,
            viewer,
            runId: row.id,
            push: (event) => events.push(event),
          }),
        ]
      : []),
    ...(agent.row.tools.includes(WEB_FETCH_TOOL)
      ? [
          webFetchTool({
            db,
            ...(context.install?.remote.allowInsecureLocalhost === true
              ? { allowInsecureLocalhost: true }
              : {}),
          }),
        ]
      : []),
  ];
  const limits = effectiveRunLimits(await readRunLimitSettings(db), agent.row.runLimits);
  const { runContext, skillSession, notices } = await agentRunSetup(context, {
    viewer,
    agent: agent.row,
    runId: row.id,
    resolved,
    ...(resolvedAtGeneration === undefined ? {} : { resolvedAtGeneration }),
    restoredActive: row.state === null ? await previouslyActive(db, row) : row.activeSkills,
    extraTools: [...subagents.tools, ...platformTools],
    interruptForApproval: true,
    limits: { maxTurns: limits.maxTurns, maxTimeMs: Math.round(limits.timeLimitSeconds * 1000) },
  });
  for (const notice of notices) events.push({ type: 'run-notice', data: { message: notice } });
  const last = checkpoint?.messages.at(-1);
  if (last?.role === 'assistant' && (last.toolCalls ?? []).length === 0)
    // Lost between its final answer's checkpoint and its end: the answer is stored, nothing is left to do.
    return { status: 'completed', finalText: last.content, activeSkills: skillSession.activeSkillIds() };
  if (checkpoint !== undefined) {
    const interrupted = interruptedToolCalls(checkpoint, runContext.tools);
    if (interrupted.length > 0) {
      // Calls with side effects that may have run: the user says whether to run them again.
      const asked = new Set(interrupted.map((request) => request.toolCallId));
      for (const request of interrupted) {
        events.push({
          type: 'run-notice',
          data: {
            message: `The worker stopped while ${request.toolName} may have been running: approve to run it again, or deny.`,
            toolCallId: request.toolCallId,
          },
        });
        events.push({ type: 'approval-request', data: { request } });
      }
      return {
        status: 'waiting_approval',
        state: {
          ...checkpoint,
          interruptions: interrupted,
          answers: checkpoint.answers.filter((answer) => !asked.has(answer.toolCallId)),
        },
        activeSkills: skillSession.activeSkillIds(),
      };
    }
  }
  const checkpoints = {
    drain,
    letGo,
    write: (message: ConversationMessage, state: RunState) =>
      events.checkpoint((db, pending) =>
        writeRunCheckpoint(db, {
          runId: row.id,
          workerId: context.workerId,
          conversationId: row.conversationId,
          message,
          state,
          activeSkills: skillSession.activeSkillIds(),
          events: pending,
        }),
      ),
  };
  try {
    return await runLoop(context, row, events, signal, runContext, skillSession, checkpoints);
  } catch (error) {
    const end = runLimitEnd(error, limits, skillSession.activeSkillIds());
    if (end === undefined) throw error;
    return end;
  }
}

/** The agent loop of one run, through the approvals "always allow" rules answer. */
async function runLoop(
  context: RunExecutorContext,
  row: RunRow,
  events: RunEventWriter,
  signal: AbortSignal,
  runContext: RunContext,
  skillSession: SkillSession,
  checkpoints: {
    readonly drain: AbortSignal;
    readonly letGo: () => boolean;
    readonly write: (message: ConversationMessage, state: RunState) => Promise<void>;
  },
): Promise<RunEnd> {
  const { db } = context;
  const input: RunAgentInput =
    row.state === null
      ? { messages: await conversationMessages(db, row.conversationId), prompt: row.prompt }
      : { state: parseRunState(row.state) };
  // Each finished message is a checkpoint (SPEC O1), stored with the events before it. A run let
  // go stores nothing more; a draining worker stops the run right after a checkpoint.
  const onMessage = async (message: ConversationMessage, state: RunState) => {
    if (checkpoints.letGo()) throw handedBack(row.id);
    await checkpoints.write(message, state);
    // A final answer is let through: the run completes here rather than being handed on.
    const final = message.role === 'assistant' && (message.toolCalls ?? []).length === 0;
    if (checkpoints.drain.aborted && !final) throw handedBack(row.id);
  };
  // Answers already in the stream (the approval route's, a rule's): the resumed loop's own
  // `approval-decision` for them would repeat them, and name the user for a rule's answer.
  const announced = new Set(input.state?.answers.map((answer) => answer.toolCallId) ?? []);
  let loop = runAgent(runContext, input, { signal, onMessage });
  for (;;) {
    const next = await loop.next();
    if (next.done !== true) {
      const event = next.value;
      if (event.type !== 'approval-decision' || !announced.has(event.toolCallId))
        events.push(toStoredEvent(event));
      continue;
    }
    const result = next.value;
    if (result.status !== 'interrupted' || result.state === undefined)
      return endOf(result, skillSession.activeSkillIds());
    // "Always allow" rules of the conversation (SPEC W4, G3), read now: they answer without asking.
    const applied = applyAlwaysAllowed(result.state, await alwaysAllowedTools(db, row.conversationId));
    for (const request of applied.allowed) {
      announced.add(request.toolCallId);
      events.push({
        type: 'approval-decision',
        data: {
          toolCallId: request.toolCallId,
          toolName: request.toolName,
          decision: 'allow',
          decidedBy: 'rule',
        },
      });
    }
    if (applied.allowed.length > 0 && allAnswered(applied.state)) {
      loop = runAgent(runContext, { state: applied.state }, { signal, onMessage });
      continue;
    }
    return endOf({ ...result, state: applied.state }, skillSession.activeSkillIds());
  }
}
