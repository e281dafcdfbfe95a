import { randomUUID } from 'node:crypto';
import type { RunState } from '@skilldock/agent/loop';
import type { ConversationMessage } from '@skilldock/agent/model';
import { type Database, schema } from '@skilldock/server';
// Internals on purpose, as the server's own tests use them: the cost of one checkpoint is measured
// on the code that writes it, against the same events written without one.
import { RunEventBus } from '../packages/server/src/runs/run-event-bus.js';
import { RunEventWriter } from '../packages/server/src/runs/run-event-writer.js';
import type { StoredRunEvent } from '../packages/server/src/runs/stored-run-event.js';
import { writeRunCheckpoint } from '../packages/server/src/runs/write-run-checkpoint.js';
import { type BenchmarkReport, formatMilliseconds } from './lib/benchmark-report.js';
import { fromSamples } from './lib/measure-rounds.js';

/** Model turns per measured run: the state the checkpoint stores grows with each. */
const TURNS = 30;
/** The per-turn checkpoint cost the platform must stay under (issue 25). */
const CHECKPOINT_TARGET_MS = 5;
const WORKER_ID = 'bench-worker';

/** A model turn's events as the loop streams them: the answer in chunks, a tool call, its end. */
function turnEvents(turn: number): { answer: StoredRunEvent[]; tool: StoredRunEvent[] } {
  const text = `Turn ${turn}: reading the folder listing before the next step of the task. `.repeat(3);
  const toolCall = { id: `call_${turn}`, name: 'ls', arguments: '{"path":"."}' };
  const chunks = text.match(/.{1,16}/gs) ?? [];
  return {
    answer: [
      { type: 'turn-start', data: { turn } },
      ...chunks.map((chunk) => ({ type: 'text-delta', data: { turn, text: chunk } })),
      { type: 'usage', data: { turn, usage: { inputTokens: 900, outputTokens: 60 } } },
      { type: 'tool-call-start', data: { turn, toolCall } },
    ],
    tool: [{ type: 'tool-call-end', data: { turn, toolCall, result: { content: listing(turn) } } }],
  };
}

/** An `ls` answer of about 1 KB. */
function listing(turn: number): string {
  return Array.from({ length: 40 }, (_, index) => `file-${turn}-${index}.md`).join('\n');
}

/** The two messages a turn adds: the answer with its tool call, and the tool's result. */
function turnMessages(turn: number): [ConversationMessage, ConversationMessage] {
  const text = `Turn ${turn}: reading the folder listing before the next step of the task. `.repeat(3);
  return [
    {
      role: 'assistant',
      content: text,
      toolCalls: [{ id: `call_${turn}`, name: 'ls', arguments: '{"path":"."}' }],
    },
    { role: 'tool', toolCallId: `call_${turn}`, toolName: 'ls', content: listing(turn), isError: false },
  ];
}

function stateOf(messages: readonly ConversationMessage[], turns: number): RunState {
  return {
    $schemaVersion: 2,
    messages: [...messages],
    stats: {
      turns,
      toolCalls: turns,
      wallTimeMs: turns * 1000,
      inputTokens: turns * 900,
      outputTokens: turns * 60,
      cachedInputTokens: 0,
    },
    interruptions: [],
    answers: [],
  };
}

/** A conversation and a `running` run held by {@link WORKER_ID}, as a worker's claim leaves it. */
async function runningRun(database: Database, userId: string, agentId: string) {
  const conversationId = randomUUID();
  const runId = randomUUID();
  await database.db.insert(schema.conversations).values({ id: conversationId, userId, agentId });
  await database.db.insert(schema.runs).values({
    id: runId,
    conversationId,
    userId,
    agentId,
    prompt: 'bench',
    status: 'running',
    workerId: WORKER_ID,
    attempts: 1,
  });
  return { runId, conversationId };
}

/**
 * The cost of a checkpoint per model turn on `database` (SPEC O1): two runs play the same
 * {@link TURNS} turns, turn by turn in alternation — one stores each turn's events alone (the
 * baseline: the event writer's flush, as before checkpoints), the other stores the same events
 * with a checkpoint after the answer and after the tool result (`writeRunCheckpoint`: the
 * message, the state with the whole conversation so far). `rounds` pairs of new runs; the
 * overhead is the median of the per-turn differences over all of them.
 */
export async function measureCheckpointOverhead(
  report: BenchmarkReport,
  label: string,
  database: Database,
  seeded: { readonly userId: string; readonly agentId: string },
  rounds = 3,
): Promise<void> {
  const eventsOnly: number[] = [];
  const withCheckpoint: number[] = [];
  const roundMedians: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const played = await playTurns(database, seeded);
    eventsOnly.push(...played.eventsOnly);
    withCheckpoint.push(...played.withCheckpoint);
    roundMedians.push(
      fromSamples(played.withCheckpoint.map((value, index) => value - played.eventsOnly[index]!)).median,
    );
  }
  const baseline = report.baseline(
    `${label}: a turn's events stored, no checkpoint`,
    fromSamples(eventsOnly),
    'events only',
  );
  report.measurement(
    `${label}: the same with its 2 checkpoints (answer, tool result)`,
    fromSamples(withCheckpoint),
    baseline,
  );
  const overheads = withCheckpoint.map((value, index) => value - eventsOnly[index]!);
  const p90 = [...overheads].sort((a, b) => a - b)[Math.floor(overheads.length * 0.9)]!;
  const stateBytes = Buffer.byteLength(JSON.stringify(stateOf(turnsConversation(TURNS), TURNS)));
  report.note(
    `${label}: ${rounds} × ${TURNS} turns, the last checkpoint's state ${(stateBytes / 1024).toFixed(0)} KiB; overhead per turn by round ${roundMedians.map(formatMilliseconds).join(', ')}, p90 ${formatMilliseconds(p90)}`,
  );
  report.target(
    `checkpoint overhead per turn on ${label} ≤ ${CHECKPOINT_TARGET_MS} ms`,
    fromSamples(overheads).median,
    CHECKPOINT_TARGET_MS,
    'ms',
    {
      figure: `checkpoint overhead per turn, ${label}, ${TURNS} turns`,
      value: formatMilliseconds(fromSamples(overheads).median),
      baseline: `events only ${formatMilliseconds(fromSamples(eventsOnly).median)}`,
      goal: `≤ ${CHECKPOINT_TARGET_MS} ms`,
    },
  );
}

/** The conversation after `turns` turns: the prompt, then each turn's answer and tool result. */
function turnsConversation(turns: number): ConversationMessage[] {
  const messages: ConversationMessage[] = [{ role: 'user', content: 'bench' }];
  for (let turn = 1; turn <= turns; turn++) messages.push(...turnMessages(turn));
  return messages;
}

/** One round: a plain run and a checkpointed one play {@link TURNS} turns; milliseconds per turn each. */
async function playTurns(database: Database, seeded: { readonly userId: string; readonly agentId: string }) {
  const bus = new RunEventBus();
  const plain = await runningRun(database, seeded.userId, seeded.agentId);
  const checkpointed = await runningRun(database, seeded.userId, seeded.agentId);
  const plainWriter = new RunEventWriter(database.db, plain.runId, bus, WORKER_ID);
  const writer = new RunEventWriter(database.db, checkpointed.runId, bus, WORKER_ID);
  const checkpoint = (message: ConversationMessage, state: RunState) =>
    writer.checkpoint((db, events) =>
      writeRunCheckpoint(db, {
        runId: checkpointed.runId,
        workerId: WORKER_ID,
        conversationId: checkpointed.conversationId,
        message,
        state,
        activeSkills: [],
        events,
      }),
    );
  const messages: ConversationMessage[] = [{ role: 'user', content: 'bench' }];
  await checkpoint(messages[0]!, stateOf(messages, 0));
  const eventsOnly: number[] = [];
  const withCheckpoint: number[] = [];
  for (let turn = 1; turn <= TURNS; turn++) {
    const { answer, tool } = turnEvents(turn);
    let started = performance.now();
    for (const event of answer) plainWriter.push(event);
    await plainWriter.drain();
    for (const event of tool) plainWriter.push(event);
    await plainWriter.drain();
    eventsOnly.push(performance.now() - started);

    const [assistant, result] = turnMessages(turn);
    started = performance.now();
    for (const event of answer) writer.push(event);
    messages.push(assistant);
    await checkpoint(assistant, stateOf(messages, turn));
    for (const event of tool) writer.push(event);
    messages.push(result);
    await checkpoint(result, stateOf(messages, turn));
    withCheckpoint.push(performance.now() - started);
  }
  return { eventsOnly, withCheckpoint };
}
