/** Why a run was told to stop before it finished. */
export type StopReason = 'cancelled' | 'time-limit';

/** The stop switch and clock of one run: the caller's signal and the time limit in one place. */
export interface RunControl {
  /** Aborts on cancellation and on the time limit; every turn's signal is a child of it. */
  readonly signal: AbortSignal;
  /** Set once the run was told to stop; the first reason wins. */
  readonly stopReason: StopReason | undefined;
  /** Milliseconds the run has taken, earlier segments of a resumed run included. */
  elapsedMs(): number;
  /** The result text of a call cut short, e.g. `Cancelled by the user before it ran.` */
  cancelMessage(when: 'before it ran' | 'while it ran'): string;
  /** Stops the timer and stops listening to the caller's signal. Call it when the run ends. */
  dispose(): void;
}

/**
 * Start a run's control (SPEC G2): `signal` cancels it, `maxTimeMs` (when set) stops it with
 * `time-limit`, and `spentMs` is the time a resumed run had already taken.
 */
export function startRunControl({
  signal,
  maxTimeMs,
  spentMs = 0,
}: {
  readonly signal?: AbortSignal | undefined;
  readonly maxTimeMs?: number | undefined;
  readonly spentMs?: number;
}): RunControl {
  const started = performance.now() - spentMs;
  const controller = new AbortController();
  let stopReason: StopReason | undefined;
  const stop = (reason: StopReason) => {
    stopReason ??= reason;
    controller.abort(reason);
  };
  const onAbort = () => stop('cancelled');
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = maxTimeMs === undefined ? undefined : setTimeout(() => stop('time-limit'), maxTimeMs);
  return {
    signal: controller.signal,
    get stopReason() {
      return stopReason;
    },
    elapsedMs: () => performance.now() - started,
    cancelMessage: (when) =>
      stopReason === 'time-limit'
        ? `Stopped by the run's time limit ${when}.`
        : `Cancelled by the user ${when}.`,
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}
