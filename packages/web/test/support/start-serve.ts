/**
 * Runs a real `skilldock serve` (its own HOME and data folder) for the browser tests: on embedded
 * PGlite, as a user gets it, or on a throwaway PostgreSQL database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Paths from `import.meta.dirname`, not URLs: under happy-dom (component tests) file URLs are refused.
const CLI = path.join(import.meta.dirname, '../../../cli/bin/skilldock.js');
/** The built web app `skilldock serve` finds through the `@skilldock/web` package. */
export const WEB_DIST = `${path.join(import.meta.dirname, '../../dist')}/`;

/** A running server: its URL, the first start's one-time password, and how to stop it. */
export interface RunningServe {
  readonly url: string;
  readonly adminPassword: string;
  readonly home: string;
  stderr(): string;
  stop(): Promise<void>;
}

/** How {@link startServe} runs the server. */
export interface StartServeOptions {
  /** More arguments for `skilldock serve`. */
  readonly args?: readonly string[];
  /**
   * `embedded` (the default): PGlite under the data folder, what a user gets with no set-up.
   * `postgres`: a throwaway database copied from the migrated template on the test PostgreSQL
   * (`DATABASE_URL`), dropped at stop — a start costs ~1.6 s of CPU there against ~9 s for a new
   * PGlite, which initialises and migrates in WebAssembly; the pages are the same on both. Falls
   * back to `embedded` when that PostgreSQL is unreachable.
   */
  readonly database?: 'embedded' | 'postgres';
}

/** A throwaway PostgreSQL database for one server, or undefined when PostgreSQL is unreachable. */
async function throwawayDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  // Loaded only when asked: the server's test helpers read files by URL, which happy-dom refuses.
  const databases = await import('../../../server/test/support/test-databases.js');
  if (!databases.POSTGRES_AVAILABLE) return undefined;
  return databases.createThrowawayPostgres({ template: await databases.migratedPostgresTemplate() });
}

/**
 * Starts `skilldock serve --port 0 --json` as its own process and waits for its start line. The
 * web app must have been built (`npm run build`, which `npm run test:all` runs first).
 */
export async function startServe({
  args = [],
  database = 'embedded',
}: StartServeOptions = {}): Promise<RunningServe> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`The web app is not built (${WEB_DIST} has no index.html): run npm run build first`);
  }
  const home = await mkdtemp(path.join(tmpdir(), 'skilldock-web-e2e-'));
  const postgres = database === 'postgres' ? await throwawayDatabase() : undefined;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      CLI,
      'serve',
      '--port',
      '0',
      '--json',
      '--data',
      path.join(home, 'data'),
      // A run a test leaves waiting on the model is handed back after 1 s at stop, not the 30 s default.
      '--drain-timeout',
      '1',
      ...args,
    ],
    {
      cwd: home,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        NO_COLOR: '1',
        ...(postgres === undefined ? {} : { DATABASE_URL: postgres.url }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, 'exit');
  const start = await new Promise<{ url: string; admin?: { oneTimePassword: string | null } }>(
    (resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const line = stdout
          .split('\n')
          .slice(0, -1)
          .find((candidate) => candidate.startsWith('{'));
        if (line !== undefined) resolve(JSON.parse(line));
      });
      void exited.then(([code]) => reject(new Error(`skilldock serve exited with ${code}:\n${stderr}`)));
    },
  );
  const adminPassword = start.admin?.oneTimePassword;
  if (typeof adminPassword !== 'string') throw new Error('skilldock serve printed no one-time password');
  return {
    url: start.url,
    adminPassword,
    home,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
      await rm(home, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}
