import {
  type Dirent,
  readdir as readdirCallback,
  readdirSync,
  readFile as readFileCallback,
  readFileSync,
} from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mapConcurrent } from './map-concurrent.js';

/**
 * One way of reading the bytes of many known files with plain `node:fs` — the baseline a
 * discovery is compared with. Each returns the total bytes read, so the work cannot be skipped and
 * the result can be checked.
 */
export interface RawReadStrategy {
  readonly id: 'sync' | 'callback' | 'promises';
  readonly name: string;
  /** Reads every file of a known list. */
  readFiles(files: readonly string[]): Promise<number>;
  /**
   * Lists `root`, lists each folder in it and reads its `fileName` when present: the least walk a
   * discovery of one-level skill folders must do.
   */
  walkAndReadFiles(root: string, fileName: string): Promise<number>;
}

/** Jobs in flight for the asynchronous strategies (more only queues behind libuv's 4 threads). */
export const RAW_READ_CONCURRENCY = 64;

const readFileAsync = (file: string): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    readFileCallback(file, (error, bytes) => (error ? reject(error) : resolve(bytes))),
  );

const readdirAsync = (directory: string): Promise<Dirent[]> =>
  new Promise((resolve, reject) =>
    readdirCallback(directory, { withFileTypes: true }, (error, entries) =>
      error ? reject(error) : resolve(entries),
    ),
  );

/**
 * The strategies measured, so the baseline is the fastest honest one on this machine rather than
 * a straw man: a synchronous loop (no thread-pool round trips; often fastest on a warm cache), the
 * callback API with a window of concurrent reads, and `fs/promises` likewise.
 */
export const RAW_READ_STRATEGIES: readonly RawReadStrategy[] = [
  {
    id: 'sync',
    name: 'readFileSync loop',
    readFiles: async (files) => {
      let total = 0;
      for (const file of files) total += readFileSync(file).byteLength;
      return total;
    },
    walkAndReadFiles: async (root, fileName) => {
      let total = 0;
      for (const entry of readdirSync(root, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        const folder = join(root, entry.name);
        if (readdirSync(folder).includes(fileName)) total += readFileSync(join(folder, fileName)).byteLength;
      }
      return total;
    },
  },
  {
    id: 'callback',
    name: `fs.readFile callbacks, ${RAW_READ_CONCURRENCY} in flight`,
    readFiles: async (files) => sum(await mapConcurrent(files, RAW_READ_CONCURRENCY, readFileAsync)),
    walkAndReadFiles: async (root, fileName) => {
      const folders = (await readdirAsync(root)).filter((entry) => entry.isDirectory());
      const sizes = await mapConcurrent(folders, RAW_READ_CONCURRENCY, async (entry) => {
        const folder = join(root, entry.name);
        const entries = await readdirAsync(folder);
        return entries.some((child) => child.name === fileName)
          ? readFileAsync(join(folder, fileName))
          : undefined;
      });
      return sum(sizes);
    },
  },
  {
    id: 'promises',
    name: `fs/promises readFile, ${RAW_READ_CONCURRENCY} in flight`,
    readFiles: async (files) =>
      sum(await mapConcurrent(files, RAW_READ_CONCURRENCY, (file) => readFile(file))),
    walkAndReadFiles: async (root, fileName) => {
      const folders = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory());
      const sizes = await mapConcurrent(folders, RAW_READ_CONCURRENCY, async (entry) => {
        const folder = join(root, entry.name);
        const entries = await readdir(folder);
        return entries.includes(fileName) ? readFile(join(folder, fileName)) : undefined;
      });
      return sum(sizes);
    },
  },
];

function sum(buffers: ReadonlyArray<Buffer | undefined>): number {
  let total = 0;
  for (const bytes of buffers) total += bytes?.byteLength ?? 0;
  return total;
}
