import { mkdir, mkdtemp, realpath, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { type CuratorPaths, curatorPaths } from '../../src/curator/index.js';

/** Milliseconds in a day. */
export const DAY = 24 * 60 * 60 * 1000;

/** A fixed "now" for every curator test (the injected clock). */
export const NOW = new Date('2026-06-01T12:00:00.000Z');

/** `days` before {@link NOW}. */
export function daysAgo(days: number): Date {
  return new Date(NOW.getTime() - days * DAY);
}

/** A temp project (a git root) with the curator's paths under it. */
export interface CuratorProject {
  readonly root: string;
  readonly paths: CuratorPaths;
  cleanup(): Promise<void>;
}

export async function makeCuratorProject(): Promise<CuratorProject> {
  const base = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-curator-')));
  const root = path.join(base, 'project');
  await mkdir(path.join(root, '.git'), { recursive: true });
  return { root, paths: curatorPaths(root, {}), cleanup: () => rm(base, { recursive: true, force: true }) };
}

/**
 * Writes `<folder>/<name>/SKILL.md` with `source` (none: a user's own skill), its mtime set to
 * `modifiedAt` (default: long ago, so only the record decides).
 */
export async function writeGeneratedSkill(
  folder: string,
  name: string,
  {
    source = 'learned',
    modifiedAt = daysAgo(400),
  }: { source?: 'learned' | 'auto-skill' | null; modifiedAt?: Date } = {},
): Promise<string> {
  const directory = path.join(folder, name);
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, 'SKILL.md');
  await writeFile(
    file,
    `---\nname: ${name}\ndescription: Does ${name} things. Use when ${name} comes up.\n${source === null ? '' : `source: ${source}\n`}---\n## When to use\nAlways.\n`,
  );
  await utimes(file, modifiedAt, modifiedAt);
  return directory;
}

/** Writes the curator state file as given (any JSON or text). */
export async function writeStateFile(paths: CuratorPaths, content: unknown): Promise<void> {
  await mkdir(path.dirname(paths.stateFile), { recursive: true });
  await writeFile(paths.stateFile, typeof content === 'string' ? content : JSON.stringify(content));
}

/** A fresh {@link CuratorProject} for each test of the file, removed after it (read through getters). */
export function useCuratorProject(): Omit<CuratorProject, 'cleanup'> {
  let current: CuratorProject | undefined;
  beforeEach(async () => {
    current = await makeCuratorProject();
  });
  afterEach(() => current?.cleanup());
  return {
    get root() {
      return current!.root;
    },
    get paths() {
      return current!.paths;
    },
  };
}
