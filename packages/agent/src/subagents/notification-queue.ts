/**
 * What waits for the parent's next idle point (SPEC A5): a background task's result (agent or
 * shell), or an interim progress pulse of a task that still runs.
 */
export interface TaskNotification {
  readonly kind: 'agent-result' | 'shell-result' | 'progress';
  readonly taskId: string;
  /** What the model reads. */
  readonly text: string;
}

/** The queue and what it dropped since the last drain; plain data, replaced on every change. */
export interface NotificationQueue {
  readonly items: readonly TaskNotification[];
  /** Notifications dropped since the last drain, by kind. */
  readonly dropped: Readonly<Record<TaskNotification['kind'], number>>;
}

/** Most notifications waiting at once (SPEC A5). */
export const MAX_QUEUED_NOTIFICATIONS = 20;

/** An empty queue. */
export const EMPTY_NOTIFICATION_QUEUE: NotificationQueue = Object.freeze({
  items: Object.freeze([]),
  dropped: Object.freeze({ 'agent-result': 0, 'shell-result': 0, progress: 0 }),
});

/** Options of {@link enqueueNotification}. */
export interface EnqueueOptions {
  /** In an interactive session agent results are never evicted (SPEC A5). */
  readonly interactive: boolean;
  readonly limit?: number;
}

/**
 * Adds a notification (SPEC A5). A task's newer progress pulse replaces its older one. When the
 * queue is full, the new item first evicts an interim progress pulse, else the oldest item —
 * except agent results in an interactive session, which are never evicted: then the oldest item
 * that may go goes, and when none may, the new item itself is dropped unless it is an agent
 * result (the queue then grows past the limit rather than lose one). Every drop is counted.
 * @example enqueueNotification(EMPTY_NOTIFICATION_QUEUE, { kind: 'shell-result', taskId: 'shell-1', text: 'exit 0' }, { interactive: true })
 */
export function enqueueNotification(
  queue: NotificationQueue,
  item: TaskNotification,
  { interactive, limit = MAX_QUEUED_NOTIFICATIONS }: EnqueueOptions,
): NotificationQueue {
  let items = queue.items;
  if (item.kind === 'progress') {
    items = items.filter((queued) => !(queued.kind === 'progress' && queued.taskId === item.taskId));
  }
  if (items.length < limit) return { items: [...items, item], dropped: queue.dropped };
  const evictable = (queued: TaskNotification) => !(interactive && queued.kind === 'agent-result');
  const pulse = items.findIndex((queued) => queued.kind === 'progress');
  const victim = pulse >= 0 ? pulse : items.findIndex(evictable);
  if (victim >= 0) {
    const evicted = items[victim]!;
    return {
      items: [...items.slice(0, victim), ...items.slice(victim + 1), item],
      dropped: count(queue.dropped, evicted.kind),
    };
  }
  if (item.kind === 'agent-result') return { items: [...items, item], dropped: queue.dropped };
  return { items, dropped: count(queue.dropped, item.kind) };
}

/**
 * Takes every queued notification for one model turn: the items in arrival order, and one line
 * reporting what was dropped since the last drain (absent when nothing was).
 * @example drainNotifications(queue) // { items: [...], dropReport: '3 notifications were dropped …', queue: EMPTY }
 */
export function drainNotifications(queue: NotificationQueue): {
  readonly items: readonly TaskNotification[];
  readonly dropReport?: string;
  readonly queue: NotificationQueue;
} {
  const report = describeDrops(queue.dropped);
  return {
    items: queue.items,
    ...(report === undefined ? {} : { dropReport: report }),
    queue: EMPTY_NOTIFICATION_QUEUE,
  };
}

const KIND_WORDS: Record<TaskNotification['kind'], [string, string]> = {
  'agent-result': ['agent result', 'agent results'],
  'shell-result': ['shell result', 'shell results'],
  progress: ['progress update', 'progress updates'],
};

/** `3 notifications were dropped (the queue holds 20): 2 progress updates, 1 shell result.` */
export function describeDrops(dropped: NotificationQueue['dropped']): string | undefined {
  const parts = (Object.keys(KIND_WORDS) as TaskNotification['kind'][])
    .filter((kind) => dropped[kind] > 0)
    .map((kind) => `${dropped[kind]} ${KIND_WORDS[kind][dropped[kind] === 1 ? 0 : 1]}`);
  if (parts.length === 0) return undefined;
  const total = Object.values(dropped).reduce((sum, value) => sum + value, 0);
  return `${total} notification${total === 1 ? ' was' : 's were'} dropped (the queue holds ${MAX_QUEUED_NOTIFICATIONS}): ${parts.join(', ')}. Use list_agents to see every task's status.`;
}

function count(
  dropped: NotificationQueue['dropped'],
  kind: TaskNotification['kind'],
): NotificationQueue['dropped'] {
  return { ...dropped, [kind]: dropped[kind] + 1 };
}
