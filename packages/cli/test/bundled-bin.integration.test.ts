/**
 * The bundled CLI as users start it: `bin/skilldock.js` runs `dist/bundle/skilldock.js`, which
 * `npm run build` writes with esbuild (scripts/bundle-cli.mjs). Each command below reads files the
 * sources find next to themselves or through a package name — the version, project skills, the model
 * provider, the server's migrations and builtin skills, the web app — so each proves the bundle's
 * paths resolve, and that core and agent load once, from the bundle, not again from their packages.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cliTestEnvironment, makeWorkspace, writeSkill } from './run-cli.js';
import { startServe } from './serve-process.js';

const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLE = path.join(PACKAGE_ROOT, 'dist', 'bundle', 'skilldock.js');
const REPOSITORY_PACKAGES = path.resolve(PACKAGE_ROOT, '..');

/**
 * Preloaded into the child: an ES module loader hook that appends every module URL the process
 * loads to the file named by SKILLDOCK_TEST_MODULE_LOG (hooks run on their own thread in Node 20+),
 * and at exit the CommonJS files it required (`require.cache`; Node 20's hooks do not see them).
 */
const HOOKS = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.SKILLDOCK_TEST_MODULE_LOG, url + '\\n');
  return next(url, context);
}`;
const RECORD_MODULES = `data:text/javascript,${encodeURIComponent(
  `import { appendFileSync } from 'node:fs'; import { createRequire, register } from 'node:module'; import { pathToFileURL } from 'node:url';
  register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});
  const required = createRequire(process.execPath).cache;
  process.on('exit', () => { for (const file of Object.keys(required)) appendFileSync(process.env.SKILLDOCK_TEST_MODULE_LOG, pathToFileURL(file).href + '\\n'); });`,
)}`;

interface Finished {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The file paths of every module the process loaded (ES and CommonJS), node: built-ins left out. */
  readonly modules: readonly string[];
}

/** Runs the real bin as a child process (asynchronously: the fake model answers from this process). */
async function runBin(
  args: readonly string[],
  { cwd, home, env = {} }: { cwd: string; home: string; env?: Record<string, string> },
): Promise<Finished> {
  const log = path.join(home, `modules-${args.join('-').replace(/\W+/g, '_')}.log`);
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', RECORD_MODULES, BIN, ...args],
      {
        cwd,
        env: cliTestEnvironment(home, { ...env, SKILLDOCK_TEST_MODULE_LOG: log }),
        encoding: 'utf8',
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const modules = existsSync(log)
          ? readFileSync(log, 'utf8')
              .split('\n')
              .filter((url) => url.startsWith('file:'))
              .map((url) => fileURLToPath(url))
          : [];
        const status = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ status, stdout, stderr, modules });
      },
    );
    child.stdin?.end();
  });
}

/**
 * The packages whose code a set of loaded bundle files holds: esbuild heads each bundled module
 * with a `// <path>` comment, `// ../../node_modules/tar/dist/esm/index.min.js` for tar.
 */
function bundledPackages(modules: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const file of modules.filter((module) => module.startsWith(path.dirname(BUNDLE)))) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(
      /^\/\/ [./]*node_modules\/((?:@[^/\n]+\/)?[^/\n]+)\//gm,
    ))
      names.add(name!);
  }
  return names;
}

/** Modules loaded from the workspace packages' own folders instead of the bundle. */
function unbundledPackageModules(modules: readonly string[]): string[] {
  return modules.filter(
    (file) =>
      file.startsWith(REPOSITORY_PACKAGES) &&
      !file.startsWith(path.join(PACKAGE_ROOT, 'dist', 'bundle')) &&
      file !== BIN,
  );
}

describe('the bundled skilldock bin', () => {
  const folders: string[] = [];
  let server: FakeModelServer | undefined;
  beforeAll(() => {
    if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run build\` first`);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });
  const workspace = () => {
    const created = makeWorkspace();
    folders.push(path.dirname(created.project));
    return created;
  };

  it('I2 --version prints the package version from the bundle alone', async () => {
    const { project, home } = workspace();
    const result = await runBin(['--version'], { cwd: project, home });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const { version } = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(result.stdout.trim()).toBe(version);
    expect(result.modules).toContain(BUNDLE);
    expect(unbundledPackageModules(result.modules)).toEqual([]);
  });

  it('I2 skills list --json lists a project skill, with core loaded only from the bundle', async () => {
    const { project, home } = workspace();
    writeSkill(
      path.join(project, '.agents', 'skills'),
      'release-notes',
      'name: release-notes\ndescription: Writes release notes from the changes since the last tag.',
    );
    const result = await runBin(['skills', 'list', '--json'], { cwd: project, home });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const listing = JSON.parse(result.stdout) as { projectRoot: string; skills: { id: string }[] };
    expect(listing.projectRoot).toBe(project);
    expect(listing.skills.map((skill) => skill.id)).toEqual(['release-notes']);
    expect(unbundledPackageModules(result.modules)).toEqual([]);
  });

  it('G1 run answers one turn from the fake model server, with agent and core loaded only from the bundle', async () => {
    const { project, home } = workspace();
    server = await startFakeModelServer({ script: [{ text: 'Hello from the bundle.' }] });
    const result = await runBin(['run', '--json', 'Say hello'], {
      cwd: project,
      home,
      env: {
        OPENAI_BASE_URL: server.openaiBaseUrl,
        OPENAI_API_KEY: 'test-key',
        SKILLDOCK_MODEL: 'openai:test-model',
      },
    });
    expect(result.status, result.stderr).toBe(0);
    const last = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(last).toMatchObject({ type: 'run-end', status: 'completed', finalText: 'Hello from the bundle.' });
    expect(server.requests).toHaveLength(1);
    expect((server.requests[0]!.body as { model: string }).model).toBe('test-model');
    expect(unbundledPackageModules(result.modules)).toEqual([]);
    // Issue 28: a run reads no archive, so the archive readers and writers stay unloaded (they came
    // in through core's package and install stage indexes); the model SDK and zod are loaded.
    const loaded = bundledPackages(result.modules);
    expect(loaded).toContain('openai');
    expect(loaded).toContain('zod');
    for (const archiver of ['tar', 'yauzl', 'yazl']) expect(loaded).not.toContain(archiver);
    // Nor anything outside the bundle: fdir's glob matcher (picomatch) loads when a `.glob()` asks.
    expect(result.modules.filter((file) => file.includes(`${path.sep}node_modules${path.sep}`))).toEqual([]);
  });

  it('Y12 serve on an empty data folder migrates, syncs the builtin skills and answers its health endpoint', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'skilldock-bundled-serve-'));
    folders.push(home);
    const data = path.join(home, 'data');
    const serve = await startServe(['--data', data, '--no-worker'], { home });
    try {
      expect(serve.start).toMatchObject({ type: 'server-started', database: 'pglite', dataDir: data });
      const health = await fetch(`${serve.start.url}/api/health`);
      expect(health.status).toBe(200);
      // The migrations ran (sign-in reads the users table) and the builtin skills were synced.
      const login = await fetch(`${serve.start.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: serve.start.admin!.oneTimePassword }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const skills = await fetch(`${serve.start.url}/api/skills`, { headers: { cookie } });
      expect(skills.status).toBe(200);
      expect(JSON.stringify(await skills.json())).toContain('skill-creator');
      // The web app the bundle found through @skilldock/web's package.json.
      const page = await fetch(`${serve.start.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      const ended = await serve.stop('SIGINT');
      expect(ended).toEqual({ code: 0, signal: null });
    }
  }, 180_000);
});
