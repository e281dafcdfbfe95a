import type { ExecutorProcess } from './executor-process.js';
import { ExternalExecutorError } from './external-executor-error.js';

/**
 * The lifetime of one external task's process: the first thing that goes wrong (the process
 * exits or cannot start, the caller cancels, the protocol breaks, the time limit passes) ends it
 * and rejects every operation raced against it with that error. Closing on purpose is not a failure.
 */
export class ExecutorLifetime {
  #failure: ExternalExecutorError | undefined;
  #rejectFailed!: (error: ExternalExecutorError) => void;
  /** Rejects with the first failure; never resolves. */
  readonly failed: Promise<never>;
  readonly #process: ExecutorProcess;
  readonly #signal: AbortSignal;
  readonly #onAbort: () => void;

  /** `label` names the executor in messages, such as `codex (codex)`. */
  constructor(
    process: ExecutorProcess,
    readonly label: string,
    signal: AbortSignal,
  ) {
    this.#process = process;
    this.#signal = signal;
    this.failed = new Promise<never>((_resolve, reject) => {
      this.#rejectFailed = reject;
    });
    // Nobody may be racing yet; the rejection is still seen by every later `run`.
    this.failed.catch(() => {});
    this.#onAbort = () => {
      const timedOut = signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
      this.fail(
        new ExternalExecutorError(
          'executor_cancelled',
          timedOut
            ? `${label} was stopped: it reached its time limit (runConfig.max_time_minutes).`
            : `${label} was cancelled.`,
          { cause: signal.reason },
        ),
      );
    };
    signal.addEventListener('abort', this.#onAbort, { once: true });
    if (signal.aborted) this.#onAbort();
    // After a failure or `close`, the exit is expected: `fail` ignores it.
    void process.exited.then((exit) => {
      const spawnError = process.spawnError();
      const stderr = process.stderrTail();
      const how =
        spawnError !== undefined
          ? `could not be started: ${spawnError.message}`
          : exit.signal !== null
            ? `was killed by ${exit.signal}`
            : `exited with code ${exit.code}`;
      this.fail(
        new ExternalExecutorError(
          'executor_failed',
          `${label} ${how} before it finished the task.${stderr === '' ? '' : ` Its last output:\n${stderr}`}`,
          { cause: spawnError, details: { exitCode: exit.code, signal: exit.signal } },
        ),
      );
    });
  }

  /** The failure that ended the task, if one did. */
  get failure(): ExternalExecutorError | undefined {
    return this.#failure;
  }

  /** Ends the task with `error` (the first failure wins) and stops the process. */
  fail(error: ExternalExecutorError): void {
    if (this.#failure !== undefined) return;
    this.#failure = error;
    this.#rejectFailed(error);
    void this.close();
  }

  /** Settles with `operation`, or rejects with the task's failure if that comes first. */
  run<T>(operation: Promise<T>): Promise<T> {
    return Promise.race([operation, this.failed]);
  }

  /**
   * Stops the process on purpose (its exit is then not a failure; operations still running reject
   * with `executor_session_closed`); resolves once it has exited.
   */
  async close(): Promise<void> {
    if (this.#failure === undefined) {
      this.#failure = new ExternalExecutorError('executor_session_closed', `${this.label} was closed.`);
      this.#rejectFailed(this.#failure);
    }
    this.#signal.removeEventListener('abort', this.#onAbort);
    await this.#process.stop();
  }
}
