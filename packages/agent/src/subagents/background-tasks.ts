import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { failure } from '@skilldock/core/errors';
import type { ToolRunView } from '../loop/tool-run-view.js';
import type {
  BackgroundTaskHost,
  MessageDelivery,
  StartedTask,
  TaskControl,
  TaskKind,
  TaskOutcome,
  TaskProgress,
  TaskRuntime,
  TaskSpec,
  TaskStatus,
  TaskSummary,
} from './background-task-host.js';
import {
  drainNotifications,
  EMPTY_NOTIFICATION_QUEUE,
  enqueueNotification,
  type NotificationQueue,
  type TaskNotification,
} from './notification-queue.js';
import { createTaskId, showTaskId, TASK_ID_PATTERN } from './task-id.js';

/** Background agents running at once unless `SKILLDOCK_MAX_BACKGROUND_AGENTS` says otherwise. */
export const DEFAULT_MAX_BACKGROUND_AGENTS = 10;

/** Options of {@link BackgroundTasks}. */
export interface BackgroundTasksOptions {
  /** An interactive session never evicts agent results from the notification queue (SPEC A5). */
  readonly interactive: boolean;
  /** Background agents running at once; default {@link DEFAULT_MAX_BACKGROUND_AGENTS}. */
  readonly maxBackgroundAgents?: number;
  /** How long a cancelled task gets to stop before it is given up (and its processes killed). */
  readonly cancelGraceMs?: number;
  /** Where the session's task folder (shell output files) is made; default the system's temp folder. */
  readonly temporaryDirectory?: string;
}

/** What the manager reports, for live progress in `chat` and `run --json` (SPEC A3). */
export type TaskEvent =
  | { readonly type: 'task-start'; readonly task: TaskSummary }
  | { readonly type: 'task-progress'; readonly task: TaskSummary }
  | { readonly type: 'task-end'; readonly task: TaskSummary; readonly outcome: TaskOutcome };

/** A task of an earlier process, listed from a resumed session's transcript. */
export interface RestoredTask {
  readonly taskId: string;
  readonly kind: TaskKind;
  readonly type: string;
  readonly description: string;
  readonly status: Exclude<TaskStatus, 'running'>;
  readonly file?: string;
  readonly restore?: Readonly<Record<string, unknown>>;
  /** Builds a runtime from what the task left (its transcript); absent: it cannot take messages. */
  readonly revive?: (caller: ToolRunView) => Promise<TaskRuntime>;
  /** Why it cannot be revived, when `revive` is absent. */
  readonly whyNot?: string;
}

interface TaskEntry {
  readonly taskId: string;
  readonly kind: TaskKind;
  readonly type: string;
  readonly description: string;
  readonly file?: string;
  readonly restore?: Readonly<Record<string, unknown>>;
  readonly restored: boolean;
  background: boolean;
  runtime?: TaskRuntime;
  revive?: RestoredTask['revive'];
  whyNot?: string;
  status: TaskStatus;
  progress: TaskProgress;
  elapsedBefore: number;
  stretchStarted?: number;
  controller?: AbortController;
  /** The running stretch; settles once, with the outcome or the grace period's give-up. */
  running?: Promise<TaskOutcome>;
  giveUp?: (outcome: TaskOutcome) => void;
}

const NO_PROGRESS: TaskProgress = { turns: 0, inputTokens: 0, outputTokens: 0, toolCalls: 0 };

/**
 * The session's tasks (SPEC A5, A10): subagents and shell commands, foreground and background.
 * Background work counts against a limit, reports its completion once per stretch of work to one
 * notification queue (delivered at the parent's next idle point), takes messages, and is cancelled
 * with a grace period. Nothing outlives the session: {@link BackgroundTasks.close} stops it all,
 * and process groups are killed on `exit` too.
 * @example
 * const tasks = new BackgroundTasks({ interactive: false });
 * // … the agent tool starts tasks; at an idle point:
 * const text = tasks.takeNotificationText();
 */
export class BackgroundTasks implements BackgroundTaskHost {
  readonly #entries = new Map<string, TaskEntry>();
  readonly #listeners = new Set<(event: TaskEvent) => void>();
  readonly #waiters = new Set<() => void>();
  readonly #interactive: boolean;
  readonly #maxBackgroundAgents: number;
  readonly #cancelGraceMs: number;
  readonly #temporaryDirectory: string;
  #outputFolder: Promise<string> | undefined;
  #queue: NotificationQueue = EMPTY_NOTIFICATION_QUEUE;
  #sequence = 0;
  #closing = false;
  #exitHook: (() => void) | undefined;

  constructor({
    interactive,
    maxBackgroundAgents = DEFAULT_MAX_BACKGROUND_AGENTS,
    cancelGraceMs = 2000,
    temporaryDirectory = tmpdir(),
  }: BackgroundTasksOptions) {
    this.#temporaryDirectory = temporaryDirectory;
    this.#interactive = interactive;
    this.#maxBackgroundAgents = maxBackgroundAgents;
    this.#cancelGraceMs = cancelGraceMs;
  }

  /** Whether this session is interactive (forks always go to the background when it is not). */
  get interactive(): boolean {
    return this.#interactive;
  }

  /** Starts a task. A background agent over the limit is refused with a reason the model reads. */
  start(spec: TaskSpec): StartedTask {
    if (this.#closing) return failure('session_closed', 'The session is closing; no task can start.');
    if (
      spec.background &&
      spec.kind === 'agent' &&
      this.#runningBackgroundAgents() >= this.#maxBackgroundAgents
    ) {
      return failure('too_many_background_agents', this.#limitReason());
    }
    const taskId = createTaskId(spec.kind, ++this.#sequence);
    const entry: TaskEntry = {
      taskId,
      kind: spec.kind,
      type: spec.type,
      description: spec.description,
      ...(spec.file === undefined ? {} : { file: spec.file }),
      ...(spec.restore === undefined ? {} : { restore: spec.restore }),
      restored: false,
      background: spec.background,
      runtime: spec.runtime,
      status: 'running',
      progress: NO_PROGRESS,
      elapsedBefore: 0,
    };
    this.#entries.set(taskId, entry);
    this.#hookExit();
    const outcome = this.#stretch(entry, (control) => spec.runtime.start(control));
    return { ok: true, taskId, outcome };
  }

  /** Lists a task of an earlier process (resumed session), so `list_agents` and `send_message` see it. */
  restore(task: RestoredTask): void {
    if (this.#entries.has(task.taskId) || !TASK_ID_PATTERN.test(task.taskId)) return;
    const sequence = Number(task.taskId.split('-')[1]);
    this.#sequence = Math.max(this.#sequence, sequence);
    this.#entries.set(task.taskId, {
      taskId: task.taskId,
      kind: task.kind,
      type: task.type,
      description: task.description,
      ...(task.file === undefined ? {} : { file: task.file }),
      ...(task.restore === undefined ? {} : { restore: task.restore }),
      restored: true,
      background: true,
      ...(task.revive === undefined ? {} : { revive: task.revive }),
      ...(task.whyNot === undefined ? {} : { whyNot: task.whyNot }),
      status: task.status,
      progress: NO_PROGRESS,
      elapsedBefore: 0,
    });
  }

  list(): readonly TaskSummary[] {
    return [...this.#entries.values()].map((entry) => this.#summary(entry));
  }

  get(taskId: string): TaskSummary | undefined {
    const entry = this.#entries.get(taskId);
    return entry === undefined ? undefined : this.#summary(entry);
  }

  /** True while some background task runs (a headless run waits for these, SPEC A5). */
  hasRunningBackground(): boolean {
    return [...this.#entries.values()].some((entry) => entry.background && entry.status === 'running');
  }

  /**
   * `send_message` (SPEC A5): queued for a running task (its next tool boundary), or the task goes
   * on with it — on its live runtime, or revived from its transcript by `caller`'s session.
   */
  async sendMessage(taskId: string, message: string, caller?: ToolRunView): Promise<MessageDelivery> {
    if (!TASK_ID_PATTERN.test(taskId)) {
      return failure(
        'invalid_task_id',
        `${showTaskId(taskId)} is not a task id (they look like agent-3-9f2c1a); list_agents shows them.`,
      );
    }
    const entry = this.#entries.get(taskId);
    if (entry === undefined)
      return failure(
        'task_not_found',
        `There is no task ${taskId} in this session; list_agents shows the tasks.`,
      );
    const why = this.#whyNot(entry);
    if (why !== undefined) return failure('task_takes_no_messages', why);
    if (entry.runtime === undefined) {
      if (caller === undefined)
        return failure(
          'task_revival_failed',
          `The task ${taskId} must be revived from its transcript, which needs a running agent.`,
        );
      try {
        entry.runtime = await entry.revive!(caller);
      } catch (error) {
        return failure(
          'task_revival_failed',
          `The task ${taskId} could not be revived from its transcript: ${(error as Error).message}`,
        );
      }
    }
    const messaging = entry.runtime.messaging;
    if (!('queue' in messaging)) return failure('task_takes_no_messages', messaging.unavailable);
    if (entry.status === 'running') {
      messaging.queue(message);
      return { ok: true, how: 'queued' };
    }
    if (entry.kind === 'agent' && this.#runningBackgroundAgents() >= this.#maxBackgroundAgents) {
      return failure('too_many_background_agents', this.#limitReason());
    }
    entry.background = true;
    this.#hookExit();
    void this.#stretch(entry, (control) => messaging.continueWith(message, control));
    return { ok: true, how: 'continued' };
  }

  /** Cancels a running task; it gets the grace period to stop, then it is given up (processes killed). */
  cancel(taskId: string): boolean {
    const entry = this.#entries.get(taskId);
    if (entry?.status !== 'running' || entry.controller === undefined) return false;
    this.#cancelEntry(entry);
    return true;
  }

  async outputFile(name: string): Promise<string> {
    this.#outputFolder ??= mkdtemp(path.join(this.#temporaryDirectory, 'skilldock-tasks-'));
    return path.join(await this.#outputFolder, `${name.replace(/[^a-z0-9-]/gi, '_')}.log`);
  }

  /** Sees every task event; returns a function that stops it. */
  subscribe(listener: (event: TaskEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** True when a task result waits in the queue (progress pulses alone do not count). */
  hasResults(): boolean {
    return this.#queue.items.some((item) => item.kind !== 'progress');
  }

  /**
   * Resolves when a task result is queued, when no background task runs any more (nothing will
   * come), or when `signal` aborts: where a headless run waits (SPEC A5).
   */
  waitForResult(signal?: AbortSignal): Promise<void> {
    if (this.hasResults() || !this.hasRunningBackground() || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.#waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      this.#waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** Resolves once no task runs (a continuation started meanwhile is waited for too). */
  async whenIdle(): Promise<void> {
    for (;;) {
      const running = [...this.#entries.values()].filter((entry) => entry.status === 'running');
      if (running.length === 0) return;
      await Promise.allSettled(running.map((entry) => entry.running));
    }
  }

  /** Takes the queued notifications (an idle point): the items, and a line on what was dropped. */
  takeNotifications(): { readonly items: readonly TaskNotification[]; readonly dropReport?: string } {
    const drained = drainNotifications(this.#queue);
    this.#queue = drained.queue;
    return drained;
  }

  /**
   * The queued notifications as the one message the parent's model reads at an idle point, or
   * `undefined` when nothing waits.
   */
  takeNotificationText(): string | undefined {
    const { items, dropReport } = this.takeNotifications();
    if (items.length === 0 && dropReport === undefined) return undefined;
    return [
      '<task-notifications>',
      ...items.map((item) => item.text),
      ...(dropReport === undefined ? [] : [dropReport]),
      '</task-notifications>',
    ].join('\n\n');
  }

  /** Cancels every running task (each with the grace period) and releases every runtime. */
  async close(): Promise<void> {
    this.#closing = true;
    const running = [...this.#entries.values()].filter((entry) => entry.status === 'running');
    for (const entry of running) this.#cancelEntry(entry);
    await Promise.allSettled(running.map((entry) => entry.running));
    await Promise.allSettled([...this.#entries.values()].map((entry) => entry.runtime?.close?.()));
    if (this.#exitHook !== undefined) process.off('exit', this.#exitHook);
    if (this.#outputFolder !== undefined) {
      await rm(await this.#outputFolder, { recursive: true, force: true }).catch(() => undefined);
    }
    this.#exitHook = undefined;
    for (const wake of [...this.#waiters]) wake();
  }

  #stretch(entry: TaskEntry, work: (control: TaskControl) => Promise<TaskOutcome>): Promise<TaskOutcome> {
    const controller = new AbortController();
    entry.controller = controller;
    entry.status = 'running';
    entry.stretchStarted = performance.now();
    const control: TaskControl = {
      signal: controller.signal,
      progress: (progress) => {
        entry.progress = progress;
        this.#emit({ type: 'task-progress', task: this.#summary(entry) });
        // One pulse per task waits at most: each report replaces the task's last one.
        if (entry.background && !this.#closing) this.#enqueue(pulse(entry));
      },
    };
    const given = new Promise<TaskOutcome>((resolve) => {
      entry.giveUp = resolve;
    });
    this.#emit({ type: 'task-start', task: this.#summary(entry) });
    const running = Promise.race([
      work(control).catch(
        (error: unknown): TaskOutcome => ({
          status: controller.signal.aborted ? 'cancelled' : 'failed',
          text: `The task failed: ${error instanceof Error ? error.message : String(error)}`,
        }),
      ),
      given,
    ]).then((outcome) => {
      entry.giveUp = undefined;
      entry.controller = undefined;
      entry.elapsedBefore += performance.now() - (entry.stretchStarted ?? performance.now());
      entry.stretchStarted = undefined;
      entry.status = outcome.status;
      // Runtimes report the whole task's totals (every stretch), so the last report stands.
      const { currentTool: _done, ...totals } = outcome.progress ?? entry.progress;
      entry.progress = totals;
      const task = this.#summary(entry);
      this.#emit({ type: 'task-end', task, outcome });
      // Exactly one notification per stretch of background work; none once the session closes.
      if (entry.background && !this.#closing) this.#enqueue(resultNotification(task, outcome));
      this.#wake();
      return outcome;
    });
    entry.running = running;
    return running;
  }

  #cancelEntry(entry: TaskEntry): void {
    entry.controller?.abort();
    const timer = setTimeout(() => {
      entry.runtime?.killNow?.();
      entry.giveUp?.({
        status: 'cancelled',
        text: `The task did not stop within ${this.#cancelGraceMs} ms of being cancelled; it was given up.`,
      });
    }, this.#cancelGraceMs);
    timer.unref();
    void entry.running?.finally(() => clearTimeout(timer));
  }

  #enqueue(item: TaskNotification): void {
    this.#queue = enqueueNotification(this.#queue, item, { interactive: this.#interactive });
    if (item.kind !== 'progress') this.#wake();
  }

  #wake(): void {
    if (!this.hasResults() && this.hasRunningBackground()) return;
    for (const wake of [...this.#waiters]) wake();
  }

  #emit(event: TaskEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A broken display must not stop a task.
      }
    }
  }

  #runningBackgroundAgents(): number {
    return [...this.#entries.values()].filter(
      (entry) => entry.kind === 'agent' && entry.background && entry.status === 'running',
    ).length;
  }

  #limitReason(): string {
    return `${this.#maxBackgroundAgents} background agents are already running (the limit; SKILLDOCK_MAX_BACKGROUND_AGENTS changes it). Wait for a result, or run this task with run_in_background: false.`;
  }

  #whyNot(entry: TaskEntry): string | undefined {
    if (entry.kind === 'shell') return `The task ${entry.taskId} is a shell command; it takes no messages.`;
    if (entry.runtime === undefined)
      return entry.revive === undefined ? (entry.whyNot ?? 'It cannot be revived.') : undefined;
    const messaging = entry.runtime.messaging;
    return 'queue' in messaging ? undefined : messaging.unavailable;
  }

  #summary(entry: TaskEntry): TaskSummary {
    const why = this.#whyNot(entry);
    const running = entry.stretchStarted === undefined ? 0 : performance.now() - entry.stretchStarted;
    return {
      taskId: entry.taskId,
      kind: entry.kind,
      type: entry.type,
      description: entry.description,
      status: entry.status,
      background: entry.background,
      canMessage: why === undefined,
      ...(why === undefined ? {} : { whyNot: why }),
      progress: entry.progress,
      elapsedMs: Math.round(entry.elapsedBefore + running),
      restored: entry.restored,
      ...(entry.file === undefined ? {} : { file: entry.file }),
      ...(entry.restore === undefined ? {} : { restore: entry.restore }),
    };
  }

  #hookExit(): void {
    if (this.#exitHook !== undefined) return;
    this.#exitHook = () => {
      for (const entry of this.#entries.values()) if (entry.status === 'running') entry.runtime?.killNow?.();
    };
    process.on('exit', this.#exitHook);
  }
}

/**
 * The budget of the session from the environment: `SKILLDOCK_MAX_BACKGROUND_AGENTS` (a whole
 * number of at least 1), else {@link DEFAULT_MAX_BACKGROUND_AGENTS}.
 */
export function maxBackgroundAgentsFrom(env: Readonly<Record<string, string | undefined>>): number {
  const value = Number(env.SKILLDOCK_MAX_BACKGROUND_AGENTS);
  return Number.isInteger(value) && value >= 1 ? value : DEFAULT_MAX_BACKGROUND_AGENTS;
}

function heading(task: TaskSummary): string {
  return `[${task.taskId} · ${task.type} · ${JSON.stringify(task.description)}]`;
}

function resultNotification(task: TaskSummary, outcome: TaskOutcome): TaskNotification {
  const { turns, inputTokens, outputTokens, toolCalls } = task.progress;
  const stats =
    task.kind === 'agent'
      ? ` (${turns} turns, ${inputTokens + outputTokens} tokens, ${toolCalls} tool calls, ${(task.elapsedMs / 1000).toFixed(1)} s)`
      : '';
  return {
    kind: task.kind === 'agent' ? 'agent-result' : 'shell-result',
    taskId: task.taskId,
    text: `${heading(task)} ${outcome.status}${stats}:\n${outcome.text}`,
  };
}

function pulse(entry: TaskEntry): TaskNotification {
  const { turns, inputTokens, outputTokens, currentTool } = entry.progress;
  return {
    kind: 'progress',
    taskId: entry.taskId,
    text: `[${entry.taskId} · ${entry.type}] still running: ${turns} turns, ${inputTokens + outputTokens} tokens${currentTool === undefined ? '' : `, now ${currentTool}`}.`,
  };
}
