import type { Failure } from '@skilldock/core/errors';
import type { RunState } from '../loop/run-state.js';

/** What a task is: a subagent (named or fork, or an external executor) or a shell command. */
export type TaskKind = 'agent' | 'shell';

/** Where a task is. `paused`: it stopped at a limit and can go on; the others are final until messaged. */
export type TaskStatus = 'running' | 'paused' | 'completed' | 'failed' | 'cancelled';

/** Live progress of a running task (SPEC A3): what `chat` and `run --json` show. */
export interface TaskProgress {
  readonly turns: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly toolCalls: number;
  /** The tool running now, e.g. `read_file src/a.ts`. */
  readonly currentTool?: string;
}

/** What one stretch of work ended with. */
export interface TaskOutcome {
  readonly status: Exclude<TaskStatus, 'running'>;
  /** What the model reads: the agent's final answer, or the command's output tail and exit. */
  readonly text: string;
  readonly progress?: TaskProgress;
  /**
   * A foreground `bubble` subagent stopped at an approval its parent's user answers later (SPEC
   * G3): its resumable state (status `paused`). The `agent` tool interrupts the parent with it.
   */
  readonly interruption?: RunState;
}

/** Handed to a runtime for each stretch of work. */
export interface TaskControl {
  /** Aborts on cancellation (`cancel`, the session closing). */
  readonly signal: AbortSignal;
  progress(progress: TaskProgress): void;
}

/** How a task takes messages (SPEC A5). */
export interface TaskMessaging {
  /** Queue a message for the running task: delivered at its next tool boundary. */
  queue(message: string): void;
  /** Go on after it stopped (completed, paused, failed, cancelled), with this message. */
  continueWith(message: string, control: TaskControl): Promise<TaskOutcome>;
}

/** The work behind a task; the manager never knows whether it is our loop, a process or an executor. */
export interface TaskRuntime {
  start(control: TaskControl): Promise<TaskOutcome>;
  /** How it takes messages, or why it cannot. */
  readonly messaging: TaskMessaging | { readonly unavailable: string };
  /** Stops at once what must not outlive the process (a process group); called on `exit`. */
  killNow?(): void;
  /** Releases what it holds (an external session) when the session closes. */
  close?(): Promise<void>;
}

/** A task to start. */
export interface TaskSpec {
  readonly kind: TaskKind;
  /** The agent's name, `fork`, or `shell`. */
  readonly type: string;
  /** A few words for listings. */
  readonly description: string;
  /** Background tasks count against the limit and notify on completion; foreground ones are awaited. */
  readonly background: boolean;
  readonly runtime: TaskRuntime;
  /** Where the task's record lives (an agent's transcript, a shell's output file). */
  readonly file?: string;
  /** What reviving it later needs beside its transcript (a fork's `fork_tools`, a worktree). */
  readonly restore?: Readonly<Record<string, unknown>>;
}

/** One row of `list_agents` (SPEC A5). */
export interface TaskSummary {
  readonly taskId: string;
  readonly kind: TaskKind;
  readonly type: string;
  readonly description: string;
  readonly status: TaskStatus;
  readonly background: boolean;
  readonly canMessage: boolean;
  /** Why it cannot take messages, when it cannot. */
  readonly whyNot?: string;
  readonly progress: TaskProgress;
  /** Milliseconds it has run (all its stretches of work). */
  readonly elapsedMs: number;
  /** True for a task brought back from a resumed session's transcript. */
  readonly restored: boolean;
  readonly file?: string;
  readonly restore?: Readonly<Record<string, unknown>>;
}

/** A started task: its id, and (foreground) the outcome to wait for. */
export type StartedTask =
  | { readonly ok: true; readonly taskId: string; readonly outcome: Promise<TaskOutcome> }
  | Failure<'session_closed' | 'too_many_background_agents'>;

/** What `send_message` did. */
export type MessageDelivery =
  | { readonly ok: true; readonly how: 'queued' | 'continued' }
  | Failure<
      | 'invalid_task_id'
      | 'task_not_found'
      | 'task_takes_no_messages'
      | 'task_revival_failed'
      | 'too_many_background_agents'
    >;

/**
 * Where runs start work that goes on after a tool call returns (SPEC A5, A10): the parts of the
 * task manager tools use. A run without one refuses `run_in_background`.
 */
export interface BackgroundTaskHost {
  start(spec: TaskSpec): StartedTask;
  list(): readonly TaskSummary[];
  get(taskId: string): TaskSummary | undefined;
  /** A new private file for a task's output (`<name>.log` in the session's task folder). */
  outputFile(name: string): Promise<string>;
}
