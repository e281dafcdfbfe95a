import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { isPathInside } from '@skilldock/core/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 27 item 3: what a stranger gets from `npm install`. Every workspace package is packed the
 * way `npm publish` would pack it, the tarballs are installed into a brand-new project outside the
 * repository (third-party packages come from the machine's npm cache, else the registry), and the
 * README's library examples run there from that project's node_modules alone: a Node agent built
 * by the Vite plugin in SSR mode, its harness against the fake model server, and the CLI from
 * `node_modules/.bin`. Needs the build (`npm run test:all` builds first).
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const WORKSPACES = ['core', 'agent', 'server', 'build', 'cli', 'web'];
/** An install from the cache takes well under a minute here; a cold cache fetches ~400 packages. */
const INSTALL_TIMEOUT_MS = 5 * 60_000;
const STEP_TIMEOUT_MS = 2 * 60_000;

interface Run {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The environment of every child: npm's own `npm_*` variables (set when the suite runs under
 * `npm run`) are dropped, or the install would read the repository's config and prefix.
 */
function childEnvironment(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD'),
  );
  return {
    ...inherited,
    HOME: home,
    NO_COLOR: '1',
    // The machine's npm cache (the suite's HOME is a temp folder), so the install is offline when
    // every third-party version is cached.
    npm_config_cache: process.env.npm_config_cache ?? path.join(process.env.HOME ?? '', '.npm'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    ...extra,
  };
}

function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeout: number },
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { ...options, maxBuffer: 64 * 1024 * 1024, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({
          status,
          stdout,
          stderr: error !== null && status === -1 ? `${stderr}${error.message}` : stderr,
        });
      },
    );
  });
}

function expectSuccess(result: Run, what: string): void {
  if (result.status !== 0) {
    throw new Error(
      `${what} exited ${result.status}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    );
  }
}

const REFUNDS_SKILL = `---
name: refunds
description: Handle customer refund requests end to end. Use when a customer asks for a refund.
---

Read \`POLICY.md\`, check the eligibility rule for the reason given, then answer.
`;

const REFUNDS_POLICY = '# Refund policy\n\nDamaged or missing items are refunded in full within 30 days.\n';

/** The README's Node agent: a harness whose skill is imported from its SKILL.md. */
const AGENT_SOURCE = `/// <reference types="@skilldock/build/client" />
import { createHarness, useModel, useSkill } from '@skilldock/agent/harness';
import { isBundledSkill } from '@skilldock/core/format';
import refunds from './skills/refunds/SKILL.md';

function SupportAgent(): string {
  useModel('anthropic:claude-haiku-4-5');
  useSkill(refunds);
  return 'Answer customer support questions clearly and accurately.';
}

const harness = createHarness(SupportAgent, { workspace: process.cwd() });
try {
  const result = await harness.prompt(process.argv[2] ?? 'Refund order 1234');
  process.stdout.write(
    JSON.stringify({
      bundled: isBundledSkill(refunds),
      skillFiles: Object.keys(refunds.inlineFiles ?? {}),
      status: result.status,
      finalText: result.finalText,
    }),
  );
} finally {
  await harness.close();
}
`;

/** The README's build: a Node (SSR) bundle; node_modules stay imports, resolved at run time. */
const VITE_CONFIG = `import { skilldockVite } from '@skilldock/build';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [skilldockVite()],
  build: { ssr: 'src/agent.ts', outDir: 'dist', target: 'node20', emptyOutDir: true },
});
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2023',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    strict: true,
    noEmit: true,
    types: ['node'],
    // The packages' own declarations are checked too: a type they name must resolve for a user.
    skipLibCheck: false,
  },
  include: ['src'],
};

/**
 * A module importing the types of every public entry point of the library packages (core, agent,
 * build), so the app's tsc (skipLibCheck off) checks all the declarations a library user can reach.
 * Left out: the server and the CLI (programs first; their declarations pull in the database and
 * HTTP stacks, whose own declarations take tsc minutes on a loaded 2-core machine), `./package.json`,
 * the build plugin's `./client` (the agent references it), and `@skilldock/agent/ai-sdk`, whose
 * types come from the optional peer `ai` that this project does not install.
 */
async function entryPointsSource(): Promise<string> {
  const lines: string[] = [];
  for (const name of ['core', 'agent', 'build']) {
    const manifest = JSON.parse(
      await readFile(path.join(repoRoot, 'packages', name, 'package.json'), 'utf8'),
    ) as {
      name: string;
      exports: Record<string, unknown>;
    };
    for (const subpath of Object.keys(manifest.exports)) {
      if (subpath === './package.json' || subpath === './client') continue;
      const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      if (specifier === '@skilldock/agent/ai-sdk') continue;
      lines.push(`import type * as entry${lines.length} from '${specifier}';`);
    }
  }
  return `${lines.join('\n')}\n`;
}

describe('packed packages installed into a new project (issue 27 item 3)', () => {
  let base: string;
  let app: string;
  let home: string;
  let server: FakeModelServer | undefined;

  beforeAll(
    async () => {
      for (const name of WORKSPACES) {
        const built = name === 'web' ? 'dist/index.html' : 'dist/index.js';
        if (!existsSync(path.join(repoRoot, 'packages', name, built))) {
          throw new Error(`packages/${name} is not built: run \`npm run build\` first`);
        }
      }
      base = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-pack-install-')));
      // A stranger's project: nothing above it may be the repository (no workspace links to find).
      expect(isPathInside(base, repoRoot)).toBe(false);
      const tarballs = path.join(base, 'tarballs');
      app = path.join(base, 'app');
      home = path.join(base, 'home');
      await Promise.all([mkdir(tarballs), mkdir(app), mkdir(home)]);

      const packed = await run(
        'npm',
        [
          'pack',
          '--json',
          '--ignore-scripts',
          '--pack-destination',
          tarballs,
          ...WORKSPACES.flatMap((name) => ['-w', `packages/${name}`]),
        ],
        { cwd: repoRoot, env: childEnvironment(home), timeout: STEP_TIMEOUT_MS },
      );
      expectSuccess(packed, 'npm pack');
      const packages = JSON.parse(packed.stdout) as { name: string; filename: string }[];
      expect(packages.map((entry) => entry.name).sort()).toEqual([
        '@skilldock/agent',
        '@skilldock/build',
        '@skilldock/core',
        '@skilldock/server',
        '@skilldock/web',
        'skilldock',
      ]);

      const rootManifest = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
        devDependencies: Record<string, string>;
      };
      const agentManifest = JSON.parse(
        await readFile(path.join(repoRoot, 'packages/agent/package.json'), 'utf8'),
      ) as { dependencies: Record<string, string> };
      await writeFile(
        path.join(app, 'package.json'),
        `${JSON.stringify(
          {
            name: 'pack-install-app',
            private: true,
            type: 'module',
            dependencies: Object.fromEntries(
              packages.map((entry) => [entry.name, `file:../tarballs/${entry.filename}`]),
            ),
            devDependencies: {
              '@types/node': rootManifest.devDependencies['@types/node'],
              typescript: rootManifest.devDependencies.typescript,
              vite: rootManifest.devDependencies.vite,
              zod: agentManifest.dependencies.zod,
            },
          },
          null,
          2,
        )}\n`,
      );
      await mkdir(path.join(app, 'src/skills/refunds'), { recursive: true });
      await mkdir(path.join(app, '.agents/skills/release-notes'), { recursive: true });
      await mkdir(path.join(app, '.git'));
      await Promise.all([
        writeFile(path.join(app, 'src/skills/refunds/SKILL.md'), REFUNDS_SKILL),
        writeFile(path.join(app, 'src/skills/refunds/POLICY.md'), REFUNDS_POLICY),
        writeFile(path.join(app, 'src/agent.ts'), AGENT_SOURCE),
        entryPointsSource().then((source) => writeFile(path.join(app, 'src/entry-points.ts'), source)),
        writeFile(path.join(app, 'vite.config.js'), VITE_CONFIG),
        writeFile(path.join(app, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`),
        writeFile(
          path.join(app, '.agents/skills/release-notes/SKILL.md'),
          '---\nname: release-notes\ndescription: Write release notes from merged changes. Use when preparing a release.\n---\n\nList the changes by kind.\n',
        ),
      ]);

      const installed = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: app,
        env: childEnvironment(home),
        timeout: INSTALL_TIMEOUT_MS,
      });
      expectSuccess(installed, 'npm install');
    },
    INSTALL_TIMEOUT_MS + 2 * STEP_TIMEOUT_MS,
  );

  afterAll(async () => {
    await server?.close();
    if (base !== undefined) await rm(base, { recursive: true, force: true });
  });

  it('installs the packages themselves, not links into the repository, with one copy of hono', async () => {
    for (const name of [
      '@skilldock/core',
      '@skilldock/agent',
      '@skilldock/server',
      '@skilldock/build',
      'skilldock',
    ]) {
      const folder = await realpath(path.join(app, 'node_modules', name));
      expect(isPathInside(folder, path.join(app, 'node_modules'))).toBe(true);
      expect(existsSync(path.join(folder, 'LICENSE'))).toBe(true);
    }
    // The web app ships its bundle only: none of its libraries is installed for it.
    expect(existsSync(path.join(app, 'node_modules/@skilldock/web/dist/index.html'))).toBe(true);
    expect(existsSync(path.join(app, 'node_modules/react-dom'))).toBe(false);
    const hono = await run('npm', ['query', '#hono'], {
      cwd: app,
      env: childEnvironment(home),
      timeout: STEP_TIMEOUT_MS,
    });
    expectSuccess(hono, 'npm query #hono');
    expect((JSON.parse(hono.stdout) as { location: string }[]).map((node) => node.location)).toEqual([
      'node_modules/hono',
    ]);
  });

  it(
    'type-checks a TypeScript agent against the installed declarations (SKILL.md imports included)',
    async () => {
      const checked = await run(
        process.execPath,
        [path.join(app, 'node_modules/typescript/bin/tsc'), '-p', '.'],
        {
          cwd: app,
          env: childEnvironment(home),
          timeout: 2 * STEP_TIMEOUT_MS,
        },
      );
      // skipLibCheck is off so our declarations are checked, which also checks third-party ones a
      // Vite-only app cannot satisfy (unplugin names every bundler it supports). So: no error in the
      // app's own code or in a Skilldock package, except @skilldock/build naming the Rollup and
      // esbuild types of the plugins this app does not use.
      const errors = checked.stdout
        .split('\n')
        .filter((line) => /^\S+\(\d+,\d+\): error TS\d+/.test(line))
        .filter((line) => /^(src\/|node_modules\/(@skilldock\/|skilldock\/))/.test(line))
        .filter(
          (line) =>
            !/^node_modules\/@skilldock\/build\/.*error TS2307: Cannot find module '(rollup|esbuild)'/.test(
              line,
            ),
        );
      expect(errors).toEqual([]);
      expect(checked.stdout.trim() === '' || checked.status === 2).toBe(true);
    },
    2 * STEP_TIMEOUT_MS + 10_000,
  );

  it(
    'builds the agent with the Vite plugin in SSR mode and runs its harness against the fake model',
    async () => {
      const built = await run(process.execPath, [path.join(app, 'node_modules/vite/bin/vite.js'), 'build'], {
        cwd: app,
        env: childEnvironment(home),
        timeout: STEP_TIMEOUT_MS,
      });
      expectSuccess(built, 'vite build');
      const bundle = await readFile(path.join(app, 'dist/agent.js'), 'utf8');
      // The skill is in the bundle, the packages stay imports of node_modules.
      expect(bundle).toContain('Damaged or missing items');
      expect(bundle).toMatch(/from ["']@skilldock\/agent\/harness["']/);
      expect(bundle).not.toContain(app);

      server = await startFakeModelServer({
        script: [
          { toolCalls: [{ name: 'activate_skill', arguments: { name: 'refunds' } }] },
          { toolCalls: [{ name: 'read_skill_resource', arguments: { path: '/.skills/refunds/POLICY.md' } }] },
          { text: 'Order 1234 is refunded in full.' },
        ],
      });
      const ran = await run(process.execPath, ['dist/agent.js', 'My order 1234 arrived broken.'], {
        cwd: app,
        env: childEnvironment(home, {
          ANTHROPIC_API_KEY: 'test-key',
          ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
        }),
        timeout: STEP_TIMEOUT_MS,
      });
      expectSuccess(ran, 'node dist/agent.js');
      expect(JSON.parse(ran.stdout)).toEqual({
        bundled: true,
        skillFiles: ['POLICY.md'],
        status: 'completed',
        finalText: 'Order 1234 is refunded in full.',
      });
      expect(server.requests).toHaveLength(3);
      expect((server.requests[0]!.body as { model: string }).model).toBe('claude-haiku-4-5');
      // The supporting file was served from the bundle at its virtual path.
      expect(JSON.stringify(server.requests[2]!.body)).toContain('Damaged or missing items');
      await server.close();
      server = undefined;
    },
    2 * STEP_TIMEOUT_MS,
  );

  it(
    "runs the CLI from the project's node_modules/.bin: --version, skills list --json, run",
    async () => {
      const skilldock = path.join(app, 'node_modules/.bin/skilldock');
      const cli = (args: readonly string[], env: Record<string, string> = {}) =>
        run(skilldock, args, { cwd: app, env: childEnvironment(home, env), timeout: STEP_TIMEOUT_MS });

      const version = await cli(['--version']);
      expectSuccess(version, 'skilldock --version');
      const { version: installedVersion } = JSON.parse(
        await readFile(path.join(app, 'node_modules/skilldock/package.json'), 'utf8'),
      ) as { version: string };
      expect(version.stdout.trim()).toBe(installedVersion);

      const listed = await cli(['skills', 'list', '--json']);
      expectSuccess(listed, 'skilldock skills list --json');
      const listing = JSON.parse(listed.stdout) as { projectRoot: string; skills: { id: string }[] };
      expect(listing.projectRoot).toBe(app);
      expect(listing.skills.map((skill) => skill.id)).toEqual(['release-notes']);

      server = await startFakeModelServer({
        script: [{ toolCalls: [{ name: 'ls', arguments: { path: '.' } }] }, { text: 'A Vite project.' }],
      });
      const ran = await cli(['run', '--json', 'What is in this folder?'], {
        OPENAI_BASE_URL: server.openaiBaseUrl,
        OPENAI_API_KEY: 'test-key',
        SKILLDOCK_MODEL: 'openai:test-model',
      });
      expectSuccess(ran, 'skilldock run');
      const events = ran.stdout
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as { type: string; status?: string; finalText?: string });
      expect(events.at(-1)).toMatchObject({
        type: 'run-end',
        status: 'completed',
        finalText: 'A Vite project.',
      });
      // The listing tool ran in the installed project.
      expect(JSON.stringify(server.requests[1]!.body)).toContain('vite.config.js');
      await server.close();
      server = undefined;
    },
    STEP_TIMEOUT_MS,
  );

  // Issue 27: the pack-and-install check passes on Node 20 (the runner above), 22 and 24. The same
  // installed project runs its built agent and its CLI under the pinned Node 22 and 24 builds that
  // `npm run test:all` uses (scripts/node-versions.mjs fetches them once into ~/.cache).
  for (const major of [22, 24] as const)
    it(
      `runs the installed agent bundle and CLI on Node ${major}`,
      async () => {
        const { ensureNode } = (await import(
          pathToFileURL(path.join(repoRoot, 'scripts/node-versions.mjs')).href
        )) as {
          ensureNode: (major: number) => Promise<string>;
        };
        const node = path.join(await ensureNode(major), 'node');
        const reported = await run(node, ['--version'], {
          cwd: app,
          env: childEnvironment(home),
          timeout: STEP_TIMEOUT_MS,
        });
        expect(reported.stdout.trim()).toMatch(new RegExp(`^v${major}\\.`));
        // Built by the SSR test above (tests of a file run in order).
        expect(existsSync(path.join(app, 'dist/agent.js'))).toBe(true);

        server = await startFakeModelServer({
          script: [
            { toolCalls: [{ name: 'activate_skill', arguments: { name: 'refunds' } }] },
            {
              toolCalls: [{ name: 'read_skill_resource', arguments: { path: '/.skills/refunds/POLICY.md' } }],
            },
            { text: `Refunded on Node ${major}.` },
            { toolCalls: [{ name: 'ls', arguments: { path: '.' } }] },
            { text: `Listed on Node ${major}.` },
          ],
        });
        const agent = await run(node, ['dist/agent.js', 'My order 1234 arrived broken.'], {
          cwd: app,
          env: childEnvironment(home, {
            ANTHROPIC_API_KEY: 'test-key',
            ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
          }),
          timeout: STEP_TIMEOUT_MS,
        });
        expectSuccess(agent, `node ${major} dist/agent.js`);
        expect(JSON.parse(agent.stdout)).toMatchObject({
          status: 'completed',
          finalText: `Refunded on Node ${major}.`,
        });

        const cli = await run(
          node,
          [
            path.join(app, 'node_modules/skilldock/bin/skilldock.js'),
            'run',
            '--json',
            'What is in this folder?',
          ],
          {
            cwd: app,
            env: childEnvironment(home, {
              OPENAI_BASE_URL: server.openaiBaseUrl,
              OPENAI_API_KEY: 'test-key',
              SKILLDOCK_MODEL: 'openai:test-model',
            }),
            timeout: STEP_TIMEOUT_MS,
          },
        );
        expectSuccess(cli, `node ${major} skilldock run`);
        const last = cli.stdout.trim().split('\n').at(-1)!;
        expect(JSON.parse(last)).toMatchObject({
          type: 'run-end',
          status: 'completed',
          finalText: `Listed on Node ${major}.`,
        });
        expect(server.requests).toHaveLength(5);
        await server.close();
        server = undefined;
      },
      3 * STEP_TIMEOUT_MS,
    );

  it("finds the web app's bundle the way `skilldock serve` does", async () => {
    const resolved = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { createRequire } from 'node:module'; const require = createRequire(process.argv[1]); process.stdout.write(require.resolve('@skilldock/web/package.json'));",
        path.join(app, 'node_modules/skilldock/dist/main.js'),
      ],
      { cwd: app, env: childEnvironment(home), timeout: STEP_TIMEOUT_MS },
    );
    expectSuccess(resolved, 'require.resolve(@skilldock/web)');
    expect(existsSync(path.join(path.dirname(resolved.stdout), 'dist/index.html'))).toBe(true);
  });
});
