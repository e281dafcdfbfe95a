import {
  ACTIVATE_SKILL_TOOL,
  type ApprovalOutcome,
  type ChatItem,
  inputText,
  markPartial,
  type SubagentView,
  skillOfActivation,
  type ToolStatus,
} from './chat-items';

/** One event of a run's stream as the server stores it: its type and JSON data. */
export interface RunStreamEvent {
  readonly type: string;
  // biome-ignore lint/suspicious/noExplicitAny: event data is whatever the server sent; the folder checks each field it reads.
  readonly data: any;
}

/** A run's events folded into what the chat shows. */
export interface RunView {
  readonly items: readonly ChatItem[];
  /** The last `run-status` seen (`queued`, `running`, `waiting_approval`, `completed`, …). */
  readonly status: string | undefined;
  readonly error?: { readonly code: string; readonly message: string };
  /** Why a queued run waits: as many of the user's runs are ahead as may run at once (SPEC O2). */
  readonly queue?: { readonly runsAhead: number; readonly limit: number };
}

/** The empty view a run starts from. */
export const EMPTY_RUN_VIEW: RunView = { items: [], status: undefined };

/** Run statuses after which nothing more happens. */
export const FINISHED_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

const TOOL_OUTCOMES: ReadonlySet<string> = new Set(['done', 'failed', 'refused', 'denied', 'cancelled']);

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

function errorOf(value: unknown): { code: string; message: string } | undefined {
  const error = value as { code?: unknown; message?: unknown } | undefined;
  return typeof error?.code === 'string' && typeof error.message === 'string'
    ? { code: error.code, message: error.message }
    : undefined;
}

/** The items with the text items' `streaming` cleared (the turn or the run ended). */
function settleText(items: readonly ChatItem[]): ChatItem[] {
  return items.map((item) => (item.kind === 'text' && item.streaming ? { ...item, streaming: false } : item));
}

/** The items with the tool item of `toolCallId` changed by `change`; a new one from `create` when absent. */
function updateTool(
  items: readonly ChatItem[],
  toolCallId: string,
  change: (item: ToolItem) => ToolItem,
  create?: () => ToolItem,
): ChatItem[] {
  const index = items.findIndex((item) => item.kind === 'tool' && item.toolCallId === toolCallId);
  if (index < 0) return create === undefined ? [...items] : [...settleText(items), change(create())];
  const next = [...items];
  next[index] = change(items[index] as ToolItem);
  return next;
}

/**
 * Folds one event into `view` (pure: a new view, `view` untouched). Text deltas of a turn grow
 * one text item; tool calls become tool items that later events complete (result, outcome,
 * approval); `activate_skill` calls and skill activations read from a file become skill items;
 * sub-agent events nest a view of their own inside their delegation call. Unknown events are
 * ignored, so a newer server never breaks the page.
 */
export function foldRunEvent(view: RunView, event: RunStreamEvent): RunView {
  const data = event.data ?? {};
  switch (event.type) {
    case 'run-status': {
      const status = typeof data.status === 'string' ? data.status : view.status;
      const error = errorOf(data.error);
      const finished =
        status !== undefined && (FINISHED_STATUSES.has(status) || status === 'waiting_approval');
      const items = finished ? settleText(view.items) : [...view.items];
      // A cancelled run leaves no call running.
      const settled =
        status === 'cancelled'
          ? items.map((item) =>
              item.kind === 'tool' && (item.status === 'running' || item.status === 'waiting')
                ? { ...item, status: 'cancelled' as const }
                : item,
            )
          : items;
      // A failed or stopped run's answer is partial (issue 25); a run that goes on is not.
      const marked =
        status === 'failed' || status === 'cancelled'
          ? markPartial(settled, status)
          : settled.some((item) => item.kind === 'text' && item.partial !== undefined)
            ? markPartial(settled, undefined)
            : settled;
      // Its place in the queue holds only while it is queued.
      const queue = status === 'queued' ? view.queue : undefined;
      return {
        items: marked,
        status,
        ...(error === undefined ? {} : { error }),
        ...(queue === undefined ? {} : { queue }),
      };
    }
    case 'text-delta': {
      if (typeof data.text !== 'string' || data.text === '') return view;
      const last = view.items.at(-1);
      const key = `text-${data.turn ?? 0}`;
      if (last?.kind === 'text' && last.streaming)
        return { ...view, items: [...view.items.slice(0, -1), { ...last, text: last.text + data.text }] };
      const taken = view.items.filter((item) => item.key.startsWith(key)).length;
      return {
        ...view,
        items: [
          ...view.items,
          { kind: 'text', key: taken === 0 ? key : `${key}-${taken}`, text: data.text, streaming: true },
        ],
      };
    }
    case 'turn-end':
      return { ...view, items: settleText(view.items) };
    case 'tool-call-start': {
      const call = data.toolCall as { id?: unknown; name?: unknown; arguments?: unknown } | undefined;
      if (typeof call?.id !== 'string' || typeof call.name !== 'string') return view;
      const argumentsText = typeof call.arguments === 'string' ? call.arguments : '';
      if (call.name === ACTIVATE_SKILL_TOOL) {
        const skillId = skillOfActivation(argumentsText);
        if (skillId === undefined || view.items.some((item) => item.key === `skill-${call.id}`)) return view;
        return {
          ...view,
          items: [...settleText(view.items), { kind: 'skill', key: `skill-${call.id}`, skillId }],
        };
      }
      const id = call.id;
      const name = call.name;
      return {
        ...view,
        items: updateTool(
          view.items,
          id,
          (item) => ({ ...item, name, input: argumentsText || item.input }),
          () => ({ kind: 'tool', key: `tool-${id}`, toolCallId: id, name, input: '', status: 'running' }),
        ),
      };
    }
    case 'tool-call-end': {
      const call = data.toolCall as { id?: unknown; name?: unknown } | undefined;
      if (typeof call?.id !== 'string') return view;
      if (call.name === ACTIVATE_SKILL_TOOL) {
        // An unknown name is answered, not failed (SPEC R2): its notice replaces the skill chip.
        const notice = data.result?.notice;
        if (typeof notice !== 'string') return view;
        const key = `skill-${call.id}`;
        return {
          ...view,
          items: view.items.map((item) => (item.key === key ? { kind: 'notice', key, text: notice } : item)),
        };
      }
      const outcome = (TOOL_OUTCOMES.has(data.outcome) ? data.outcome : 'done') as ToolStatus;
      const result = typeof data.result?.content === 'string' ? data.result.content : undefined;
      return {
        ...view,
        items: updateTool(view.items, call.id, (item) => ({
          ...item,
          status: outcome,
          ...(result === undefined ? {} : { result }),
        })),
      };
    }
    case 'approval-request': {
      const request = data.request as
        | { toolCallId?: unknown; toolName?: unknown; input?: unknown }
        | undefined;
      if (typeof request?.toolCallId !== 'string' || typeof request.toolName !== 'string') return view;
      const id = request.toolCallId;
      const name = request.toolName;
      return {
        ...view,
        items: updateTool(
          view.items,
          id,
          (item) => (item.approval === undefined ? { ...item, status: 'waiting' } : item),
          () => ({
            kind: 'tool',
            key: `tool-${id}`,
            toolCallId: id,
            name,
            input: inputText(request.input),
            status: 'waiting',
          }),
        ),
      };
    }
    case 'approval-decision': {
      if (typeof data.toolCallId !== 'string') return view;
      const approval: ApprovalOutcome = {
        decision: data.decision === 'deny' ? 'deny' : 'allow',
        decidedBy: typeof data.decidedBy === 'string' ? data.decidedBy : 'user',
        always: data.always === true || data.decidedBy === 'rule',
        ...(typeof data.reason === 'string' ? { reason: data.reason } : {}),
      };
      const toolName = typeof data.toolName === 'string' ? data.toolName : '';
      return {
        ...view,
        items: updateTool(
          view.items,
          data.toolCallId,
          (item) => ({
            ...item,
            // The first answer stands: a later echo of it changes nothing.
            approval: item.approval ?? approval,
            status:
              item.status === 'waiting' ? (approval.decision === 'deny' ? 'denied' : 'running') : item.status,
          }),
          () => ({
            kind: 'tool',
            key: `tool-${data.toolCallId}`,
            toolCallId: data.toolCallId,
            name: toolName,
            input: '',
            status: approval.decision === 'deny' ? 'denied' : 'running',
          }),
        ),
      };
    }
    case 'skill-activate': {
      // A model's activation is its `activate_skill` call, shown already; a file read's is not.
      if (typeof data.skillId !== 'string' || data.trigger === 'model') return view;
      return {
        ...view,
        items: [
          ...settleText(view.items),
          { kind: 'skill', key: `skill-read-${data.skillId}-${view.items.length}`, skillId: data.skillId },
        ],
      };
    }
    case 'turn-restart': {
      // A resumed run says turn `turn` (and any after it) again from its checkpoint (SPEC O1):
      // what the lost worker streamed of them goes, so each text is shown once.
      if (typeof data.turn !== 'number') return view;
      const restarted = (item: ChatItem) => {
        const match = item.kind === 'text' ? /^text-(\d+)/.exec(item.key) : null;
        return match !== null && Number(match[1]) >= data.turn;
      };
      return { ...view, items: view.items.filter((item) => !restarted(item)) };
    }
    case 'run-resumed':
    case 'run-notice':
      // "N of your runs are ahead": the status line says it in the reader's language.
      if (
        event.type === 'run-notice' &&
        typeof data.queue?.runsAhead === 'number' &&
        typeof data.queue.limit === 'number'
      )
        return { ...view, queue: { runsAhead: data.queue.runsAhead, limit: data.queue.limit } };
      if (typeof data.message !== 'string') return view;
      return {
        ...view,
        items: [...view.items, { kind: 'notice', key: `notice-${view.items.length}`, text: data.message }],
      };
    case 'subagent-start':
    case 'subagent-event':
    case 'subagent-end':
      return foldSubagentEvent(view, event.type, data);
    default:
      return view;
  }
}

function foldSubagentEvent(
  view: RunView,
  type: 'subagent-start' | 'subagent-event' | 'subagent-end',
  // biome-ignore lint/suspicious/noExplicitAny: checked field by field.
  data: any,
): RunView {
  if (typeof data.toolCallId !== 'string') return view;
  const empty: SubagentView = {
    agentId: typeof data.agentId === 'string' ? data.agentId : '',
    name: typeof data.name === 'string' ? data.name : '',
    status: 'running',
    items: [],
  };
  const change = (subagent: SubagentView): SubagentView => {
    if (type === 'subagent-start') return { ...subagent, agentId: empty.agentId, name: empty.name };
    if (type === 'subagent-end') {
      const error = errorOf(data.error);
      return {
        ...subagent,
        status: typeof data.status === 'string' ? data.status : 'completed',
        items: settleText(subagent.items),
        ...(typeof data.finalText === 'string' ? { finalText: data.finalText } : {}),
        ...(error === undefined ? {} : { error }),
      };
    }
    const nested = data.event as RunStreamEvent | undefined;
    if (typeof nested?.type !== 'string') return subagent;
    const folded = foldRunEvent({ items: subagent.items, status: undefined }, nested);
    return { ...subagent, items: folded.items };
  };
  return {
    ...view,
    items: updateTool(
      view.items,
      data.toolCallId,
      (item) => ({ ...item, subagent: change(item.subagent ?? empty) }),
      () => ({
        kind: 'tool',
        key: `tool-${data.toolCallId}`,
        toolCallId: data.toolCallId,
        name: empty.name,
        input: '',
        status: 'running',
      }),
    ),
  };
}

/** All of `events` folded into one view, from {@link EMPTY_RUN_VIEW}. */
export function foldRunEvents(events: readonly RunStreamEvent[]): RunView {
  return events.reduce(foldRunEvent, EMPTY_RUN_VIEW);
}
