/** A signal for one turn, aborted with the run's; see {@link createTurnSignal}. */
export interface TurnSignal {
  readonly signal: AbortSignal;
  /** Detaches the turn from the run. Call it when the turn ends. */
  dispose(): void;
}

/**
 * A child signal for one turn (SEC4): everything the turn starts (the model request, its tools)
 * listens to it, so listeners that code never removes (SDKs, streams) die with the turn instead of
 * piling up on the run's signal (`MaxListenersExceededWarning` in a long run). The run's signal
 * holds one listener per turn, removed by `dispose`.
 */
export function createTurnSignal(parent: AbortSignal): TurnSignal {
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, dispose: () => undefined };
  }
  const relay = () => controller.abort(parent.reason);
  parent.addEventListener('abort', relay, { once: true });
  return { signal: controller.signal, dispose: () => parent.removeEventListener('abort', relay) };
}
