import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { removeInside } from '@skilldock/core/fs';
import type { ContentLayout } from './content-layout.js';

/** A private folder under `<data>/staging`, removed by `dispose()` whatever happened. */
export interface WorkFolder {
  readonly directory: string;
  dispose(): Promise<void>;
}

/**
 * Makes a private work folder (mode 0700) on the data folder's file system, so what is built there
 * can be renamed into place atomically.
 */
export async function createWorkFolder(layout: ContentLayout): Promise<WorkFolder> {
  await mkdir(layout.stagingDirectory, { recursive: true, mode: 0o700 });
  const directory = path.join(layout.stagingDirectory, randomUUID());
  await mkdir(directory, { mode: 0o700 });
  return { directory, dispose: () => removeInside(directory, layout.stagingDirectory) };
}
