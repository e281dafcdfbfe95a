import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Temp folders made by a test file, removed by {@link removeTemporaryDirectories}. */
const made: string[] = [];

/** A fresh, real (symlink-free) temporary folder. */
export async function temporaryDirectory(prefix = 'skilldock-install-'): Promise<string> {
  const directory = await realpath(await mkdtemp(path.join(tmpdir(), prefix)));
  made.push(directory);
  return directory;
}

/** Removes every folder {@link temporaryDirectory} made. */
export async function removeTemporaryDirectories(): Promise<void> {
  await Promise.all(made.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
}

/** What a test skill looks like. */
export interface TestSkill {
  readonly name?: string;
  readonly description?: string;
  /** Extra frontmatter lines. */
  readonly extra?: string;
  readonly files?: Readonly<Record<string, string>>;
}

/** SKILL.md text for a skill. */
export function skillText(name: string, options: TestSkill = {}): string {
  const lines = [
    '---',
    `name: ${name}`,
    `description: ${options.description ?? `Skill ${name}. Use when testing.`}`,
  ];
  if (options.extra) lines.push(options.extra);
  lines.push('---', '', `# ${name}`, '', 'Do the thing.', '');
  return lines.join('\n');
}

/** Writes `<directory>/SKILL.md` and supporting files; the name defaults to the folder name. */
export async function writeSkill(directory: string, options: TestSkill = {}): Promise<string> {
  await mkdir(directory, { recursive: true });
  await writeFile(
    path.join(directory, 'SKILL.md'),
    skillText(options.name ?? path.basename(directory), options),
  );
  for (const [file, content] of Object.entries(options.files ?? {})) {
    await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
    await writeFile(path.join(directory, file), content);
  }
  return directory;
}

/** Writes files given by relative path. */
export async function writeFiles(directory: string, files: Readonly<Record<string, string>>): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
    await writeFile(path.join(directory, file), content);
  }
}

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
};

/** Runs git in a folder and returns its trimmed output. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], {
    cwd,
    env: GIT_ENV,
    encoding: 'utf8',
  }).trim();
}

/**
 * Makes a bare repository `<hostRoot>/<owner>/<repo>.git` whose `main` branch holds what `build`
 * wrote into the work tree; tags name the commit. Returns the commit id.
 */
export async function makeBareRepository(
  hostRoot: string,
  ownerRepo: string,
  build: (workTree: string) => Promise<void>,
  options: { tags?: readonly string[] } = {},
): Promise<string> {
  const workTree = await temporaryDirectory('skilldock-worktree-');
  git(workTree, 'init', '--quiet');
  await build(workTree);
  git(workTree, 'add', '--all');
  git(workTree, 'commit', '--quiet', '--allow-empty', '-m', 'skills');
  for (const tag of options.tags ?? []) git(workTree, 'tag', tag);
  const commit = git(workTree, 'rev-parse', 'HEAD');
  const bare = path.join(hostRoot, `${ownerRepo}.git`);
  await mkdir(path.dirname(bare), { recursive: true });
  git(workTree, 'clone', '--quiet', '--bare', workTree, bare);
  return commit;
}

/** Git settings that send `https://github.com/<owner>/<repo>.git` to `<hostRoot>/<owner>/<repo>.git`. */
export function githubToLocal(hostRoot: string): Record<string, string> {
  return { [`url.file://${hostRoot}/.insteadOf`]: 'https://github.com/', 'protocol.file.allow': 'always' };
}

/** A running HTTP server on 127.0.0.1. */
export interface TestServer {
  readonly origin: string;
  readonly requests: string[];
  close(): Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1, port 0; every request path is recorded. */
export async function startServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<TestServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves a fixed map of path → body (string, Buffer, or a function for special answers); 404 otherwise. */
export function routes(
  table: Record<string, string | Buffer | ((response: ServerResponse) => void)>,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const route = table[request.url ?? ''];
    if (route === undefined) {
      response.writeHead(404).end('not found');
      return;
    }
    if (typeof route === 'function') return route(response);
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(route);
  };
}
