import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The longest the event loop was held (ms) while `work` ran, as every other request in the
 * process would feel it (SEC7): the event-loop delay histogram records the stall of a synchronous
 * call once the loop turns again. A responsiveness measure, not a speed one.
 */
export async function eventLoopStall(work: () => unknown): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    await sleep(20);
    await work();
    // Let the delayed timer fire and be recorded.
    await sleep(30);
    return histogram.max / 1e6;
  } finally {
    histogram.disable();
  }
}
