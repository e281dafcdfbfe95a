import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | undefined;

/**
 * Runs a full garbage collection between measured rounds, so one round's garbage is not collected
 * on the next round's clock. Works without `--expose-gc` on the command line.
 */
export function collectGarbage(): void {
  if (collector === undefined) {
    // The flag only exposes `gc` to contexts created after it is set, hence the fresh context.
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as () => void;
  }
  collector();
}
