import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { parseRunState } from '@skilldock/agent/loop';
import { alwaysAllowable } from '@skilldock/agent/policy';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requirePrincipal } from '../http/require-viewer.js';
import { ownConversation, ownRun } from '../runs/authorize-run.js';
import { cancelRun } from '../runs/cancel-run.js';
import { decideApproval } from '../runs/decide-approval.js';
import { queueNewRun } from '../runs/queue-new-run.js';
import { isResumable, retryRun } from '../runs/retry-run.js';
import { currentRunQueuePlace, type RunQueuePlace } from '../runs/run-queue-place.js';
import { FINISHED_RUN_STATUSES, loadRun, type RunRow, runEventsAfter } from '../runs/run-records.js';
import type { RunService } from '../runs/run-service.js';
import type { ServerContext } from '../server-context.js';
import {
  approvalBodySchema,
  approvalParamSchema,
  eventsQuerySchema,
  RUN_EVENT_SCHEMAS,
  runSchema,
  startRunBodySchema,
} from './run-schemas.js';
import { uuidParamSchema } from './schemas.js';

const runAnswer = { 'application/json': { schema: z.object({ run: runSchema }) } };
const notFound = errorResponseSpec('No such run of mine');

/** How long an idle stream waits before it looks at the database again (other processes' runs). */
const STREAM_POLL_MS = 250;
/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;

/** The calls of a stored state still waiting for an answer. */
function pendingOf(state: unknown) {
  if (state === null || state === undefined) return [];
  // Through the schema: a row written before `$schemaVersion` reads the same (parseRunState migrates it).
  const { interruptions, answers } = parseRunState(state);
  const answered = new Set(answers.map((answer) => answer.toolCallId));
  return interruptions
    .filter((request) => !answered.has(request.toolCallId))
    .map((request) => ({
      toolCallId: request.toolCallId,
      toolName: request.toolName,
      input: request.input,
      canAlwaysAllow: alwaysAllowable(request),
    }));
}

/** A run row as the API shows it, with why it waits when that was looked up (`currentRunQueuePlace`). */
export function runOf(row: RunRow, queue?: RunQueuePlace) {
  return {
    id: row.id,
    conversationId: row.conversationId,
    agentId: row.agentId,
    prompt: row.prompt,
    status: row.status,
    error: row.error ?? null,
    finalText: row.finalText,
    pendingApprovals: row.status === 'waiting_approval' ? pendingOf(row.state) : [],
    queue: queue ?? null,
    partial:
      row.status === 'failed' || row.status === 'cancelled'
        ? { reason: row.status, text: row.partialText ?? null }
        : null,
    resumable: isResumable(row),
    retryOf: row.retryOf ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

const startRunRoute = createRoute({
  method: 'post',
  path: '/api/conversations/{id}/runs',
  operationId: 'startRun',
  tags: ['runs'],
  summary: 'Send a prompt: queues a run of the conversation’s agent for me (SPEC Y8, Y16)',
  request: {
    params: uuidParamSchema,
    body: { required: true, content: { 'application/json': { schema: startRunBodySchema } } },
  },
  responses: {
    202: { description: 'The queued run', content: runAnswer },
    400: errorResponseSpec('Invalid body'),
    403: errorResponseSpec('CSRF or a read-only token'),
    404: errorResponseSpec('No such conversation of mine'),
    409: errorResponseSpec('Another run of the conversation is active (run_active)'),
  },
});

const getRunRoute = createRoute({
  method: 'get',
  path: '/api/runs/{id}',
  operationId: 'getRun',
  tags: ['runs'],
  summary: 'One of my runs: status, failure reason, pending approvals',
  request: { params: uuidParamSchema },
  responses: { 200: { description: 'The run', content: runAnswer }, 404: notFound },
});

const eventsRoute = createRoute({
  method: 'get',
  path: '/api/runs/{id}/events',
  operationId: 'streamRunEvents',
  tags: ['runs'],
  summary:
    'The run’s events as Server-Sent Events; reconnect with Last-Event-ID (or ?after=) to miss nothing. Ends after the final run-status event.',
  description:
    'Each SSE message is one stored event (schema RunEvent): `id` its number from 1, `event` its type, `data` its JSON data. A delegation to a sub-agent is the parent’s tool-call-start, then subagent-start (SubagentStartEventData), the sub-agent’s own events as subagent-event (SubagentEventData), subagent-end (SubagentEndEventData), then the parent’s tool-call-end whose result is the sub-agent’s final text.',
  request: { params: uuidParamSchema, query: eventsQuerySchema },
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    400: errorResponseSpec('A Last-Event-ID that is not an event id'),
    404: notFound,
  },
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/api/runs/{id}/cancel',
  operationId: 'cancelRun',
  tags: ['runs'],
  summary: 'Cancel one of my runs: at once when queued or waiting, at the worker’s next step when running',
  request: { params: uuidParamSchema },
  responses: {
    202: { description: 'The run (cancelled, or running with the cancel requested)', content: runAnswer },
    403: errorResponseSpec('CSRF or a read-only token'),
    404: notFound,
    409: errorResponseSpec('The run already ended (run_finished)'),
  },
});

const retryRoute = createRoute({
  method: 'post',
  path: '/api/runs/{id}/retry',
  operationId: 'retryRun',
  tags: ['runs'],
  summary:
    'Retry my conversation’s latest run when it failed or was stopped: from its checkpoint when resumable, else as a new run of its prompt (issue 25)',
  request: { params: uuidParamSchema },
  responses: {
    202: {
      description:
        'The queued run: the same run going on from its checkpoint (`resumed`), or a new run (`retryOf` the retried one)',
      content: {
        'application/json': { schema: z.object({ run: runSchema, resumed: z.boolean() }) },
      },
    },
    403: errorResponseSpec('CSRF or a read-only token'),
    404: notFound,
    409: errorResponseSpec(
      'The run did not fail and was not stopped (run_not_retryable), a later run exists (run_not_latest), or another run of the conversation is active (run_active)',
    ),
  },
});

const approvalRoute = createRoute({
  method: 'post',
  path: '/api/runs/{id}/approvals/{toolCallId}',
  operationId: 'answerToolApproval',
  tags: ['runs'],
  summary: 'Answer a pending approval of my run; when none is left the run resumes on any worker (SPEC G3)',
  request: {
    params: approvalParamSchema,
    body: { required: true, content: { 'application/json': { schema: approvalBodySchema } } },
  },
  responses: {
    200: { description: 'The run (queued again once every approval is answered)', content: runAnswer },
    400: errorResponseSpec('Invalid body'),
    403: errorResponseSpec('CSRF or a read-only token'),
    404: notFound,
    409: errorResponseSpec(
      'The run is not waiting for approval (run_not_waiting), not for this call (approval_not_pending), or the call may not be allowed always (approval_always_refused)',
    ),
  },
});

/** The run's `after` position: `?after=` or the `Last-Event-ID` header, else 0. */
function afterOf(query: string | undefined, header: string | undefined): number {
  const value = query ?? header;
  if (value === undefined || value === '') return 0;
  if (!/^\d{1,9}$/.test(value))
    throw new HttpError(400, 'invalid_request', 'Last-Event-ID must be an event id');
  return Number(value);
}

/**
 * The run routes (SPEC Y8, Y16, G3): start a run (a job on the queue), read it, stream its events
 * (stored, so any process serves them and a reconnect misses nothing), cancel it, answer its
 * approvals (the run resumes as a new job, on any worker). Runs are private to their user: another
 * user's run is a 404 on every route.
 */
export function registerRunRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  service: RunService,
): void {
  const { db } = context.database;
  // The stream's body is text; its events' shapes are components clients can type them with.
  for (const [name, schema] of Object.entries(RUN_EVENT_SCHEMAS)) app.openAPIRegistry.register(name, schema);

  const requireRun = async (viewerId: Parameters<typeof ownRun>[1], id: string) => {
    const row = await ownRun(db, viewerId, id);
    if (row === undefined) throw new HttpError(404, 'not_found', 'No such run');
    return row;
  };

  app.openapi(startRunRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const conversation = await ownConversation(db, viewer, c.req.valid('param').id);
    if (conversation === undefined) throw new HttpError(404, 'not_found', 'No such conversation');
    const row = await queueNewRun(db, service, {
      conversationId: conversation.id,
      userId: viewer.id,
      agentId: conversation.agentId,
      prompt: c.req.valid('json').prompt,
    });
    return c.json({ run: runOf(row) }, 202);
  });

  app.openapi(getRunRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const row = await requireRun(viewer, c.req.valid('param').id);
    return c.json({ run: runOf(row, await currentRunQueuePlace(db, row)) }, 200);
  });

  app.openapi(eventsRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const run = await requireRun(viewer, c.req.valid('param').id);
    let after = afterOf(c.req.valid('query').after, c.req.header('last-event-id'));
    return streamSSE(c, async (stream) => {
      const closed = new AbortController();
      stream.onAbort(() => closed.abort());
      let finishedSeen = false;
      let lastWrite = Date.now();
      while (!closed.signal.aborted) {
        const events = await runEventsAfter(db, run.id, after);
        let ended = false;
        for (const event of events) {
          await stream.writeSSE({
            id: String(event.seq),
            event: event.type,
            data: JSON.stringify(event.data),
          });
          after = event.seq;
          lastWrite = Date.now();
          const status = (event.data as { status?: string }).status;
          ended = event.type === 'run-status' && FINISHED_RUN_STATUSES.has(status as RunRow['status']);
        }
        if (ended || closed.signal.aborted) break;
        if (events.length > 0) continue;
        // Ended without its closing event (a crash between the two writes): one more look, then stop.
        if (finishedSeen) break;
        const now = await loadRun(db, run.id);
        if (now === undefined) break;
        finishedSeen = FINISHED_RUN_STATUSES.has(now.status);
        if (Date.now() - lastWrite >= KEEPALIVE_MS) {
          await stream.write(': keepalive\n\n');
          lastWrite = Date.now();
        }
        await service.bus.wait(run.id, STREAM_POLL_MS, closed.signal);
      }
    });
  });

  app.openapi(cancelRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const run = await requireRun(viewer, c.req.valid('param').id);
    return c.json({ run: runOf(await cancelRun(db, service.bus, run)) }, 202);
  });

  app.openapi(retryRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const run = await requireRun(viewer, c.req.valid('param').id);
    const retried = await retryRun(db, service, run);
    return c.json({ run: runOf(retried.run), resumed: retried.resumed }, 202);
  });

  app.openapi(approvalRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id, toolCallId } = c.req.valid('param');
    const { decision, reason, always } = c.req.valid('json');
    await requireRun(viewer, id);
    const { row, resumed } = await decideApproval(db, id, { toolCallId, decision, reason, always });
    service.bus.notify(id);
    if (resumed) await service.enqueue(id);
    return c.json({ run: runOf(row) }, 200);
  });
}
