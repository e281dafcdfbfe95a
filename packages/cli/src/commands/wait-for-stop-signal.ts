/** Resolves on the first SIGINT or SIGTERM (then stops listening for them); `cancel` stops listening now. */
export function waitForStopSignal(): {
  readonly signal: Promise<NodeJS.Signals>;
  received(): NodeJS.Signals | undefined;
  cancel(): void;
} {
  let received: NodeJS.Signals | undefined;
  let resolve: (signal: NodeJS.Signals) => void = () => {};
  const signal = new Promise<NodeJS.Signals>((done) => {
    resolve = done;
  });
  const cancel = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  // The listeners stay until the command has shut down (`cancel()` then): removing them while the
  // signal is being handled would leave a listener that proper-lockfile's signal-exit adds (once a
  // lock is first taken) alone, and it re-raises the signal, killing the process mid-shutdown.
  function onSignal(name: NodeJS.Signals) {
    received ??= name;
    resolve(name);
  }
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { signal, received: () => received, cancel };
}
