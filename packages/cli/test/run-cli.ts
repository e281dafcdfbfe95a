import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The committed bin shim; `npm test` builds before running, so it finds dist/. */
export const BIN = fileURLToPath(new URL('../bin/skilldock.js', import.meta.url));

export interface CliRun {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `skilldock …` as a real process with its own HOME, no colour and no TTY. */
export function runCli(
  args: readonly string[],
  { cwd, home, env = {} }: { cwd: string; home: string; env?: Record<string, string> },
): CliRun {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: home, NO_COLOR: '1', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** A temp project (with `.git` so it is a project root) and an empty temp home. */
export function makeWorkspace(): { project: string; home: string } {
  const base = mkdtempSync(path.join(tmpdir(), 'skilldock-cli-'));
  const project = path.join(base, 'project');
  const home = path.join(base, 'home');
  mkdirSync(path.join(project, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true });
  return { project, home };
}

/** Writes `<root>/<folder>/SKILL.md` (and extra files) and returns the folder. */
export function writeSkill(
  root: string,
  folder: string,
  frontmatter: string,
  body = '# Instructions\n',
  files: Record<string, string> = {},
): string {
  const directory = path.join(root, folder);
  mkdirSync(directory, { recursive: true });
  writeFileSync(path.join(directory, 'SKILL.md'), `---\n${frontmatter}\n---\n${body}`);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(directory, name)), { recursive: true });
    writeFileSync(path.join(directory, name), content);
  }
  return directory;
}
