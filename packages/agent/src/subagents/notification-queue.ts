/**
 * The kinds of notification that share the queue (SPEC A5, A10), as seed 000 lists them:
 * "后台智能体、shell、监视器和工作流的完成通知共享一个队列" — background agents', shells', monitors'
 * and workflows' completions, plus scheduled prompts and interim pulses. Today agents, shells and
 * pulses produce notifications; monitors, workflows and schedules have their kind and rules ready.
 */
export type TaskNotificationKind =
  | 'agent-result'
  | 'shell-result'
  | 'monitor-result'
  | 'workflow-result'
  | 'scheduled-prompt'
  | 'progress';

/**
 * What waits for the parent's next idle point (SPEC A5, A10): a background task's result, a
 * scheduled prompt, or an interim pulse (`progress`) of a task or monitor that still runs.
 */
export interface TaskNotification {
  readonly kind: TaskNotificationKind;
  readonly taskId: string;
  /** What the model reads. */
  readonly text: string;
}

/** How the full queue treats a kind, and how a drop report names it. */
interface KindRule {
  /** Interim: evicted before anything else, and a task's newer one replaces its older one. */
  readonly interim: boolean;
  /** Never evicted in an interactive session. */
  readonly keptWhenInteractive: boolean;
  readonly words: readonly [singular: string, plural: string];
}

/**
 * The eviction rules per kind (seed 000): "第 21 条到来时先驱逐临时的监视器脉冲，否则驱逐最老的排队
 * 通知；智能体结果、工作流结果和定时提示在交互式 TUI 里从不被驱逐" — the 21st first evicts an interim
 * pulse, otherwise the oldest; agent results, workflow results and scheduled prompts are never
 * evicted in an interactive session. Key order is the drop report's order.
 */
const KIND_RULES: Readonly<Record<TaskNotificationKind, KindRule>> = {
  'agent-result': { interim: false, keptWhenInteractive: true, words: ['agent result', 'agent results'] },
  'shell-result': { interim: false, keptWhenInteractive: false, words: ['shell result', 'shell results'] },
  'monitor-result': {
    interim: false,
    keptWhenInteractive: false,
    words: ['monitor result', 'monitor results'],
  },
  'workflow-result': {
    interim: false,
    keptWhenInteractive: true,
    words: ['workflow result', 'workflow results'],
  },
  'scheduled-prompt': {
    interim: false,
    keptWhenInteractive: true,
    words: ['scheduled prompt', 'scheduled prompts'],
  },
  progress: { interim: true, keptWhenInteractive: false, words: ['progress update', 'progress updates'] },
};

const KINDS = Object.keys(KIND_RULES) as TaskNotificationKind[];

/** The queue and what it dropped since the last drain; plain data, replaced on every change. */
export interface NotificationQueue {
  readonly items: readonly TaskNotification[];
  /** Notifications dropped since the last drain, by kind. */
  readonly dropped: Readonly<Record<TaskNotificationKind, number>>;
}

/** Most notifications waiting at once (SPEC A5). */
export const MAX_QUEUED_NOTIFICATIONS = 20;

/** An empty queue. */
export const EMPTY_NOTIFICATION_QUEUE: NotificationQueue = Object.freeze({
  items: Object.freeze([]),
  dropped: Object.freeze(
    Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<TaskNotificationKind, number>,
  ),
});

/** Options of {@link enqueueNotification}. */
export interface EnqueueOptions {
  /**
   * In an interactive session agent results, workflow results and scheduled prompts are never
   * evicted (SPEC A5, A10).
   */
  readonly interactive: boolean;
  readonly limit?: number;
}

/**
 * Adds a notification (SPEC A5, A10), by the rules of its kind: a task's newer interim pulse
 * replaces its older one. When the queue is full, the new item first evicts an interim pulse, else
 * the oldest item — except, in an interactive session, the kinds that are never evicted (agent
 * results, workflow results, scheduled prompts): then the oldest item that may go goes, and when
 * none may, the new item itself is dropped unless it is of a kept kind (the queue then grows past
 * the limit rather than lose one). Every drop is counted by kind.
 * @example enqueueNotification(EMPTY_NOTIFICATION_QUEUE, { kind: 'shell-result', taskId: 'shell-1', text: 'exit 0' }, { interactive: true })
 */
export function enqueueNotification(
  queue: NotificationQueue,
  item: TaskNotification,
  { interactive, limit = MAX_QUEUED_NOTIFICATIONS }: EnqueueOptions,
): NotificationQueue {
  let items = queue.items;
  if (KIND_RULES[item.kind].interim) {
    items = items.filter((queued) => !(queued.kind === item.kind && queued.taskId === item.taskId));
  }
  if (items.length < limit) return { items: [...items, item], dropped: queue.dropped };
  const kept = (notification: TaskNotification) =>
    interactive && KIND_RULES[notification.kind].keptWhenInteractive;
  const pulse = items.findIndex((queued) => KIND_RULES[queued.kind].interim);
  const victim = pulse >= 0 ? pulse : items.findIndex((queued) => !kept(queued));
  if (victim >= 0) {
    const evicted = items[victim]!;
    return {
      items: [...items.slice(0, victim), ...items.slice(victim + 1), item],
      dropped: count(queue.dropped, evicted.kind),
    };
  }
  if (kept(item)) return { items: [...items, item], dropped: queue.dropped };
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

/** `3 notifications were dropped (the queue holds 20): 2 shell results, 1 progress update.` */
export function describeDrops(dropped: NotificationQueue['dropped']): string | undefined {
  const parts = KINDS.filter((kind) => dropped[kind] > 0).map(
    (kind) => `${dropped[kind]} ${KIND_RULES[kind].words[dropped[kind] === 1 ? 0 : 1]}`,
  );
  if (parts.length === 0) return undefined;
  const total = KINDS.reduce((sum, kind) => sum + (dropped[kind] ?? 0), 0);
  return `${total} notification${total === 1 ? ' was' : 's were'} dropped (the queue holds ${MAX_QUEUED_NOTIFICATIONS}): ${parts.join(', ')}. Use list_agents to see every task's status.`;
}

function count(
  dropped: NotificationQueue['dropped'],
  kind: TaskNotificationKind,
): NotificationQueue['dropped'] {
  return { ...dropped, [kind]: dropped[kind] + 1 };
}
