import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Temporary folders of one benchmark run. `removeAll()` deletes them; as a safety net they are also
 * deleted when the process exits or is interrupted (Ctrl-C, SIGTERM), so a failing or aborted run
 * leaves nothing behind in the temp folder.
 */
export class TempDirectories {
  readonly #directories = new Set<string>();
  readonly #onExit = (): void => this.#removeAllNow();
  readonly #onSignal = (signal: NodeJS.Signals): void => {
    this.#removeAllNow();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };

  constructor() {
    process.on('exit', this.#onExit);
    process.once('SIGINT', this.#onSignal);
    process.once('SIGTERM', this.#onSignal);
  }

  /** Creates a fresh empty folder under the system temp folder, e.g. `skilldock-bench-discover-Ab12Cd`. */
  async create(name: string): Promise<string> {
    const directory = await mkdtemp(join(tmpdir(), `skilldock-bench-${name}-`));
    this.#directories.add(directory);
    return directory;
  }

  /** Deletes every folder created so far and stops watching for exit. */
  async removeAll(): Promise<void> {
    const directories = [...this.#directories];
    this.#directories.clear();
    await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
    process.off('exit', this.#onExit);
    process.off('SIGINT', this.#onSignal);
    process.off('SIGTERM', this.#onSignal);
  }

  #removeAllNow(): void {
    for (const directory of this.#directories) rmSync(directory, { recursive: true, force: true });
    this.#directories.clear();
  }
}
