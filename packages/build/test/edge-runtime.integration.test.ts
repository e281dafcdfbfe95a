import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { build as esbuild } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLERS, bundleWith, NODE_REQUIRE_BANNER } from './bundle-with.js';
import { makeProject, REFUNDS_SKILL } from './project.js';

const run = promisify(execFile);
// The built core, as an app's bundler finds it in node_modules (not the sources Vitest aliases).
const coreEntry = createRequire(import.meta.url).resolve('@skilldock/core');

// The app asks the skill session what a model would: activate, read text, read bytes, try to climb.
const APP = `import refunds from './skills/refunds/SKILL.md';
import { buildCatalog, createSkillSession } from '@skilldock/core';
const session = await createSkillSession({ catalog: buildCatalog([refunds]) });
const answers = [];
for (const [tool, input] of [
  ['activate_skill', { name: 'refunds' }],
  ['read_skill_resource', { path: '/.skills/refunds/POLICY.md', offset: 2 }],
  ['read_skill_resource', { path: '/.skills/refunds/assets/logo.png' }],
  ['read_skill_resource', { path: '/.skills/refunds/../other/SKILL.md' }],
]) answers.push(await session.handleToolCall(tool, input));
const host = await session.resolveSkillResourcePath('/.skills/refunds/POLICY.md');
answers.push(host.content);
console.log(JSON.stringify(answers));
`;

/** Run a bundle file with Node: plainly, or with no file read allowed but the bundle itself. */
async function runBundle(file: string, { fileSystem }: { fileSystem: boolean }): Promise<string> {
  const flags = fileSystem ? [] : ['--experimental-permission', `--allow-fs-read=${file}`, '--no-warnings'];
  const { stdout } = await run(process.execPath, [...flags, file], { cwd: path.dirname(file) });
  return stdout;
}

describe('a bundled skill without a file system', () => {
  let root: string;
  let rollupCore: string;

  beforeAll(async () => {
    root = await makeProject({ ...REFUNDS_SKILL, 'app.js': APP });
    // Rollup has no Node resolution or CommonJS of its own: it gets the part of core the app uses
    // as one ES module.
    rollupCore = path.join(root, 'core.mjs');
    await esbuild({
      stdin: {
        contents: `export { buildCatalog, createSkillSession } from ${JSON.stringify(coreEntry)};`,
        resolveDir: root,
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: rollupCore,
      logLevel: 'silent',
      banner: { js: NODE_REQUIRE_BANNER },
    });
  });

  it.each(BUNDLERS)(
    'I5 R4 the %s build serves the same activation and resources with file reads denied as in plain Node',
    async (bundler) => {
      const { code } = await bundleWith(bundler, {
        entry: `${root}/app.js`,
        root,
        aliases: { '@skilldock/core': bundler === 'rollup' ? rollupCore : coreEntry },
        banner: NODE_REQUIRE_BANNER,
      });
      const file = path.join(root, `bundle-${bundler}.mjs`);
      await writeFile(file, code);
      const plain = await runBundle(file, { fileSystem: true });
      const answers = JSON.parse(plain) as Array<{ isError: boolean; content: string } | string>;
      expect(answers[0]).toMatchObject({ isError: false });
      expect((answers[0] as { content: string }).content).toContain('Base directory: /.skills/refunds');
      expect((answers[0] as { content: string }).content).toContain('/.skills/refunds/assets/logo.png');
      expect(answers[1]).toEqual({ isError: false, content: 'No refunds on gift cards.\n' });
      expect(answers[2]).toEqual({
        isError: false,
        content: '/.skills/refunds/assets/logo.png is a binary file (11 bytes); its contents are not shown.',
      });
      expect(answers[3]).toMatchObject({ isError: true });
      expect(answers[4]).toBe(REFUNDS_SKILL['skills/refunds/POLICY.md']);

      const denied = await runBundle(file, { fileSystem: false });
      expect(denied).toBe(plain);
    },
    // Rollup tree-shakes the part of core the app uses (zod, yaml) itself: slow on a loaded machine.
    180_000,
  );

  it('I5 the sandbox really denies reading files, so the bundle read nothing from disk', async () => {
    const probe = path.join(root, 'probe.mjs');
    await writeFile(
      probe,
      `import { readFileSync } from 'node:fs';\ntry { readFileSync(${JSON.stringify(path.join(root, 'skills/refunds/POLICY.md'))}); console.log('read'); } catch (error) { console.log(error.code); }\n`,
    );
    expect((await runBundle(probe, { fileSystem: false })).trim()).toBe('ERR_ACCESS_DENIED');
    expect((await runBundle(probe, { fileSystem: true })).trim()).toBe('read');
  });

  it('I5 R3 a bundled skill is served from its bundle: removing the folder after the build changes nothing', async () => {
    const copy = await makeProject({ ...REFUNDS_SKILL, 'app.js': APP });
    const { code } = await bundleWith('esbuild', {
      entry: `${copy}/app.js`,
      root: copy,
      aliases: { '@skilldock/core': coreEntry },
      banner: NODE_REQUIRE_BANNER,
    });
    const file = path.join(copy, 'bundle.mjs');
    await writeFile(file, code);
    const before = await runBundle(file, { fileSystem: true });
    await rm(path.join(copy, 'skills'), { recursive: true });
    expect(await runBundle(file, { fileSystem: true })).toBe(before);
  });
});
