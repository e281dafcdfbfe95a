import {
  describeDrops,
  drainNotifications,
  EMPTY_NOTIFICATION_QUEUE,
  enqueueNotification,
  MAX_QUEUED_NOTIFICATIONS,
  type NotificationQueue,
  type TaskNotification,
} from '@skilldock/agent/subagents';
import { describe, expect, it } from 'vitest';

const agent = (n: number): TaskNotification => ({
  kind: 'agent-result',
  taskId: `agent-${n}-aaaaaa`,
  text: `a${n}`,
});
const shell = (n: number): TaskNotification => ({
  kind: 'shell-result',
  taskId: `shell-${n}-bbbbbb`,
  text: `s${n}`,
});
const pulse = (n: number): TaskNotification => ({
  kind: 'progress',
  taskId: `agent-${n}-aaaaaa`,
  text: `p${n}`,
});
const monitor = (n: number): TaskNotification => ({
  kind: 'monitor-result',
  taskId: `monitor-${n}-cccccc`,
  text: `m${n}`,
});
const workflow = (n: number): TaskNotification => ({
  kind: 'workflow-result',
  taskId: `workflow-${n}-dddddd`,
  text: `w${n}`,
});
const scheduled = (n: number): TaskNotification => ({
  kind: 'scheduled-prompt',
  taskId: `schedule-${n}-eeeeee`,
  text: `c${n}`,
});
/** Every kind at zero: what an untouched `dropped` holds. */
const NO_DROPS: NotificationQueue['dropped'] = {
  'agent-result': 0,
  'shell-result': 0,
  'monitor-result': 0,
  'workflow-result': 0,
  'scheduled-prompt': 0,
  progress: 0,
};

function fill(items: readonly TaskNotification[], interactive: boolean): NotificationQueue {
  return items.reduce(
    (queue, item) => enqueueNotification(queue, item, { interactive }),
    EMPTY_NOTIFICATION_QUEUE,
  );
}
const range = (count: number, make: (n: number) => TaskNotification) =>
  Array.from({ length: count }, (_, index) => make(index + 1));

interface Row {
  readonly name: string;
  readonly interactive: boolean;
  readonly before: readonly TaskNotification[];
  readonly add: TaskNotification;
  /** Texts of the queue after the add. */
  readonly texts: readonly string[];
  readonly dropped: Partial<NotificationQueue['dropped']>;
}

const ROWS: readonly Row[] = [
  {
    name: 'room left: appended',
    interactive: true,
    before: [agent(1)],
    add: shell(1),
    texts: ['a1', 's1'],
    dropped: {},
  },
  {
    name: 'a newer pulse of a task replaces its older one',
    interactive: true,
    before: [pulse(1), agent(2)],
    add: { ...pulse(1), text: 'p1 again' },
    texts: ['a2', 'p1 again'],
    dropped: {},
  },
  {
    name: 'full: the 21st evicts a progress pulse first',
    interactive: false,
    before: [...range(10, shell), pulse(99), ...range(9, agent)],
    add: shell(50),
    texts: [...range(10, shell), ...range(9, agent), shell(50)].map((item) => item.text),
    dropped: { progress: 1 },
  },
  {
    name: 'full, no pulse, headless: the oldest goes, even an agent result',
    interactive: false,
    before: range(20, agent),
    add: shell(1),
    texts: [...range(20, agent).slice(1), shell(1)].map((item) => item.text),
    dropped: { 'agent-result': 1 },
  },
  {
    name: 'full, interactive: the oldest that is not an agent result goes',
    interactive: true,
    before: [agent(1), shell(1), ...range(18, (n) => agent(n + 1))],
    add: shell(2),
    texts: [agent(1), ...range(18, (n) => agent(n + 1)), shell(2)].map((item) => item.text),
    dropped: { 'shell-result': 1 },
  },
  {
    name: 'full of agent results, interactive: a shell result is dropped itself',
    interactive: true,
    before: range(20, agent),
    add: shell(1),
    texts: range(20, agent).map((item) => item.text),
    dropped: { 'shell-result': 1 },
  },
  {
    name: 'full of agent results, interactive: another agent result is kept (never evicted)',
    interactive: true,
    before: range(20, agent),
    add: agent(21),
    texts: range(21, agent).map((item) => item.text),
    dropped: {},
  },
  // Seed 000 (A10): background agents, shells, monitors and workflows share the queue; "智能体结果、
  // 工作流结果和定时提示在交互式 TUI 里从不被驱逐" — agent results, workflow results and scheduled
  // prompts are never evicted in an interactive session; monitor results age out like shell results.
  {
    name: 'full, interactive: workflow results and scheduled prompts stay, the oldest monitor result goes',
    interactive: true,
    before: [workflow(1), scheduled(1), monitor(1), shell(1), ...range(16, agent)],
    add: monitor(2),
    texts: [workflow(1), scheduled(1), shell(1), ...range(16, agent), monitor(2)].map((item) => item.text),
    dropped: { 'monitor-result': 1 },
  },
  {
    name: 'full, interactive: a monitor pulse is evicted before anything else',
    interactive: true,
    before: [monitor(1), ...range(18, workflow), { ...pulse(7), taskId: 'monitor-7-cccccc' }],
    add: scheduled(1),
    texts: [monitor(1), ...range(18, workflow), scheduled(1)].map((item) => item.text),
    dropped: { progress: 1 },
  },
  {
    name: 'full of kept kinds, interactive: a new workflow result is kept too (the queue grows)',
    interactive: true,
    before: [...range(10, workflow), ...range(10, scheduled)],
    add: workflow(11),
    texts: [...range(10, workflow), ...range(10, scheduled), workflow(11)].map((item) => item.text),
    dropped: {},
  },
  {
    name: 'full of kept kinds, interactive: a new monitor result is dropped itself',
    interactive: true,
    before: [...range(10, workflow), ...range(10, scheduled)],
    add: monitor(1),
    texts: [...range(10, workflow), ...range(10, scheduled)].map((item) => item.text),
    dropped: { 'monitor-result': 1 },
  },
  {
    name: 'full, headless: the oldest goes, even a workflow result',
    interactive: false,
    before: [workflow(1), ...range(19, scheduled)],
    add: monitor(1),
    texts: [...range(19, scheduled), monitor(1)].map((item) => item.text),
    dropped: { 'workflow-result': 1 },
  },
];

describe('the notification queue (SPEC A5, A10)', () => {
  it.each(ROWS)('A5 $name', ({ interactive, before, add, texts, dropped }) => {
    const queue = enqueueNotification(fill(before, interactive), add, { interactive });
    expect(queue.items.map((item) => item.text)).toEqual(texts);
    expect(queue.dropped).toEqual({ ...NO_DROPS, ...dropped });
  });

  it('A5 never holds more than 20 items unless they are all agent results of an interactive session', () => {
    const mixed = fill([...range(30, shell), ...range(30, pulse)], false);
    expect(mixed.items).toHaveLength(MAX_QUEUED_NOTIFICATIONS);
    expect(Object.values(mixed.dropped).reduce((sum, value) => sum + value, 0)).toBe(40);
  });

  it('A5 drains everything at once and reports every drop in one line, then starts counting again', () => {
    const queue = fill([...range(21, shell), ...range(2, pulse)], true);
    const drained = drainNotifications(queue);
    expect(drained.items).toHaveLength(20);
    expect(drained.dropReport).toBe(
      "3 notifications were dropped (the queue holds 20): 2 shell results, 1 progress update. Use list_agents to see every task's status.",
    );
    expect(drained.queue).toEqual(EMPTY_NOTIFICATION_QUEUE);
    expect(drainNotifications(drained.queue).dropReport).toBeUndefined();
  });

  it('A5 describes a single drop in the singular', () => {
    expect(describeDrops({ ...NO_DROPS, 'agent-result': 1 })).toMatch(
      /^1 notification was dropped .*: 1 agent result\./,
    );
    expect(describeDrops(NO_DROPS)).toBeUndefined();
  });

  it('A10 names every kind it dropped: monitor and workflow results, scheduled prompts', () => {
    expect(
      describeDrops({ ...NO_DROPS, 'monitor-result': 2, 'workflow-result': 1, 'scheduled-prompt': 3 }),
    ).toBe(
      "6 notifications were dropped (the queue holds 20): 2 monitor results, 1 workflow result, 3 scheduled prompts. Use list_agents to see every task's status.",
    );
  });
});
