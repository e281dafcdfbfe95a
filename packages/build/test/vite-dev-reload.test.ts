import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skilldockVite } from '../src/index.js';
import { makeProject, REFUNDS_SKILL } from './project.js';

interface LoadedSkill {
  readonly body: string;
  readonly inlineFiles: Readonly<Record<string, unknown>>;
}

describe('the Vite dev server', () => {
  let root: string;
  let server: ViteDevServer;

  beforeAll(async () => {
    root = await makeProject({
      ...REFUNDS_SKILL,
      'app.js': "import refunds from './skills/refunds/SKILL.md';\nexport default refunds;\n",
    });
    server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      appType: 'custom',
      plugins: [skilldockVite()],
      server: { middlewareMode: true, hmr: false, ws: false },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  /** Load the app, as a dev request would, and return the skill it imports. */
  async function loadSkill(): Promise<LoadedSkill> {
    return ((await server.ssrLoadModule('/app.js')) as { default: LoadedSkill }).default;
  }

  /** Write a file in the watched project and wait until the watcher (and the plugin) saw it. */
  async function changeFile(relativePath: string, content: string): Promise<void> {
    const file = path.join(root, relativePath);
    const seen = new Promise<void>((resolve) => {
      const onEvent = (changed: string) => {
        if (path.resolve(changed) !== file) return;
        server.watcher.off('change', onEvent);
        server.watcher.off('add', onEvent);
        // The plugin's listener was registered first; let it finish its invalidation.
        setImmediate(resolve);
      };
      server.watcher.on('change', onEvent);
      server.watcher.on('add', onEvent);
    });
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    await seen;
  }

  it('I5 reloads an imported skill when a resource file in its folder is edited', async () => {
    expect((await loadSkill()).inlineFiles['POLICY.md']).toBe(REFUNDS_SKILL['skills/refunds/POLICY.md']);
    const module = [
      ...(server.environments.ssr.moduleGraph.getModulesByFile(path.join(root, 'skills/refunds/SKILL.md')) ??
        []),
    ][0];
    expect(module?.transformResult).not.toBeNull();
    await changeFile('skills/refunds/POLICY.md', 'Refunds within 14 days.\n');
    expect(module?.transformResult).toBeNull();
    expect((await loadSkill()).inlineFiles['POLICY.md']).toBe('Refunds within 14 days.\n');
  });

  it('I5 reloads an imported skill when a new file appears in its folder, or SKILL.md changes', async () => {
    await loadSkill();
    await changeFile('skills/refunds/templates/reply.md', 'Dear customer,\n');
    expect((await loadSkill()).inlineFiles['templates/reply.md']).toBe('Dear customer,\n');
    await changeFile(
      'skills/refunds/SKILL.md',
      REFUNDS_SKILL['skills/refunds/SKILL.md'].replace('2. Decide.', '2. Decide and confirm.'),
    );
    expect((await loadSkill()).body).toBe('1. Read POLICY.md.\n2. Decide and confirm.\n');
  });
});
