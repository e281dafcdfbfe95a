import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli as runProgram } from '../src/program.js';

/** The committed bin shim; `npm run test:all` builds before its integration tier, so it finds dist/. */
export const BIN = fileURLToPath(new URL('../bin/skilldock.js', import.meta.url));

export interface CliRun {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Where and how a CLI run happens: the folder, the temp home, extra variables, and piped stdin. */
export interface CliRunOptions {
  readonly cwd: string;
  readonly home: string;
  readonly env?: Record<string, string>;
  /** Text on stdin (which then ends); default an empty stdin. */
  readonly input?: string;
}

/** The variables a test run sees: PATH, the temp home, no colour, then the test's own. */
export function cliTestEnvironment(home: string, env: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: home, NO_COLOR: '1', ...env };
}

/**
 * Runs `skilldock …` in this process (`runCli` with injected folder, environment, home and
 * streams): the same program as the real bin, without a Node start-up per call. Same contract as
 * the spawning {@link runCli}: its own HOME, no colour, no TTY, stdin `input` then its end.
 */
export async function runCliInProcess(
  args: readonly string[],
  { cwd, home, env = {}, input }: CliRunOptions,
): Promise<CliRun> {
  const stdout = collector();
  const stderr = collector();
  const status = await runProgram({
    argv: args,
    cwd,
    home,
    env: cliTestEnvironment(home, env),
    stdin: Readable.from(input === undefined ? [] : [Buffer.from(input)]),
    stdout: stdout.stream,
    stderr: stderr.stream,
    isTTY: false,
  });
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}

function collector(): { stream: Writable; text(): string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** Runs `skilldock …` as a real process with its own HOME, no colour and no TTY (smoke tests). */
export function runCli(
  args: readonly string[],
  { cwd, home, env = {} }: { cwd: string; home: string; env?: Record<string, string> },
): CliRun {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    env: cliTestEnvironment(home, env),
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
