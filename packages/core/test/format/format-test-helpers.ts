import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** Where the contract fixtures of this area live. */
export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/format');

/** A SKILL.md text from frontmatter lines and a body, joined with `lineEnding`. */
export function skillText(frontmatter: readonly string[], body = 'Body.\n', lineEnding = '\n'): string {
  return ['---', ...frontmatter, '---', ''].join(lineEnding) + body;
}

/** A fresh temp folder per call, removed after the current test. */
export function useTempDirectories(): () => Promise<string> {
  const created: string[] = [];
  afterEach(async () => {
    await Promise.all(created.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
  });
  return async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'skilldock-format-'));
    created.push(directory);
    return directory;
  };
}
