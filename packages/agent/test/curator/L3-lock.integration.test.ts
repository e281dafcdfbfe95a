import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { pinGeneratedSkill, readCuratorState, recordGeneratedSkillUse } from '../../src/curator/index.js';
import { NOW, useCuratorProject, writeGeneratedSkill } from './curator-fixture.js';

/** The built package: a second process runs the same code as a second `skilldock` would. */
const AGENT_DIST = fileURLToPath(new URL('../../dist/curator/index.js', import.meta.url));

const project = useCuratorProject();
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Runs `source` (an ES module) in a new Node process; resolves with its exit code. */
function runNode(
  source: string,
  onLine?: (line: string) => void,
): { child: ChildProcess; exit: Promise<number> } {
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    for (const line of text.split('\n')) if (line !== '') onLine?.(line);
  });
  const exit = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  return { child, exit };
}

describe('L3 the state lock between processes', () => {
  it('L3 two processes and this one recording uses at once lose none of them', async () => {
    const uses = 15;
    const source = `
      import { curatorPaths, recordGeneratedSkillUse } from ${JSON.stringify(AGENT_DIST)};
      const paths = curatorPaths(${JSON.stringify(project.root)}, {});
      for (let i = 0; i < ${uses}; i++) await recordGeneratedSkillUse(paths, 'learned-skill-a', new Date(${NOW.getTime()}));
    `;
    const others = [runNode(source), runNode(source)];
    for (let index = 0; index < uses; index++)
      await recordGeneratedSkillUse(project.paths, 'learned-skill-a', NOW);
    expect(await Promise.all(others.map((other) => other.exit))).toEqual([0, 0]);
    expect((await readCuratorState(project.paths)).skills['learned-skill-a']?.useCount).toBe(3 * uses);
  }, 60_000);

  it('L3 while another process holds the lock, a change waits and then fails with file_locked, writing nothing', async () => {
    await writeGeneratedSkill(project.paths.skillsDirectory, 'learned-skill-a');
    const lockfile = createRequire(import.meta.url).resolve('proper-lockfile');
    let locked!: () => void;
    const ready = new Promise<void>((resolve) => {
      locked = resolve;
    });
    await mkdir(path.dirname(project.paths.stateFile), { recursive: true });
    runNode(
      `import { createRequire } from 'node:module';
       const lockfile = createRequire(import.meta.url)(${JSON.stringify(lockfile)});
       await lockfile.lock(${JSON.stringify(project.paths.stateFile)}, { realpath: false, stale: 10000, update: 5000 });
       console.log('locked');
       setInterval(() => {}, 1000);`,
      (line) => {
        if (line === 'locked') locked();
      },
    );
    await ready;
    await expect(
      pinGeneratedSkill('learned-skill-a', true, {
        paths: project.paths,
        cwd: project.root,
        waitMilliseconds: 300,
      }),
    ).rejects.toMatchObject({ code: 'file_locked' });
    expect((await readCuratorState(project.paths)).skills).toEqual({});
  }, 30_000);

  it('L3 a lock left by a killed process is taken over once stale, without waiting out the limit', async () => {
    await writeGeneratedSkill(project.paths.skillsDirectory, 'learned-skill-a');
    // What a killed holder leaves: the lock folder, last touched a minute ago.
    await mkdir(`${project.paths.stateFile}.lock`, { recursive: true });
    const old = new Date(Date.now() - 60_000);
    await utimes(`${project.paths.stateFile}.lock`, old, old);
    const { record } = await pinGeneratedSkill('learned-skill-a', true, {
      paths: project.paths,
      cwd: project.root,
      waitMilliseconds: 300,
    });
    expect(record.pinned).toBe(true);
    expect((await readCuratorState(project.paths)).skills['learned-skill-a']?.pinned).toBe(true);
  });
});
