import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temp home folder and project for transcript tests. */
export interface SessionTestHome {
  readonly home: string;
  readonly projectRoot: string;
  cleanup(): Promise<void>;
}

export async function makeSessionHome(): Promise<SessionTestHome> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'skilldock-sessions-')));
  const home = join(base, 'home');
  const projectRoot = join(base, 'project');
  await mkdir(home);
  await mkdir(projectRoot);
  return { home, projectRoot, cleanup: () => rm(base, { recursive: true, force: true }) };
}

/** A clock that moves one minute per call from `start`. */
export function steppingClock(start: string): () => Date {
  let time = Date.parse(start);
  return () => {
    const now = new Date(time);
    time += 60_000;
    return now;
  };
}
