import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorkspace, runCliInProcess, writeSkill } from './run-cli.js';

let project: string;
let home: string;

beforeEach(() => {
  ({ project, home } = makeWorkspace());
});

afterEach(() => {
  rmSync(path.dirname(project), { recursive: true, force: true });
});

const FRONTMATTER = 'name: demo\ndescription: A demo skill.';

describe('skilldock skills pack', () => {
  it('P2 writes <name>.zip in the current folder by default, the same bytes every time', async () => {
    writeSkill(project, 'demo', FRONTMATTER, '# Demo\n', { 'scripts/run.sh': 'echo hi\n' });
    const first = await runCliInProcess(['skills', 'pack', 'demo'], { cwd: project, home });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Packed demo (2 files');
    expect(first.stdout).toContain('demo.zip');
    const bytes = readFileSync(path.join(project, 'demo.zip'));
    expect(execFileSync('unzip', ['-Z1', path.join(project, 'demo.zip')], { encoding: 'utf8' })).toBe(
      'demo/\ndemo/SKILL.md\ndemo/scripts/\ndemo/scripts/run.sh\n',
    );
    expect(
      (await runCliInProcess(['skills', 'pack', 'demo', '--force'], { cwd: project, home })).status,
    ).toBe(0);
    expect(readFileSync(path.join(project, 'demo.zip')).equals(bytes)).toBe(true);
  });

  it('P2 writes a tgz to --out and prints JSON', async () => {
    writeSkill(project, 'demo', FRONTMATTER);
    const run = await runCliInProcess(
      ['skills', 'pack', 'demo', '--format', 'tgz', '--out', 'dist/bundle.tgz', '--json'],
      {
        cwd: project,
        home,
      },
    );
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr).toContain('the folder for --out dist/bundle.tgz does not exist');
    // The output folder must exist; nothing is created on the way.
    expect(readdirSync(project).sort()).toEqual(['.git', 'demo']);
    const ok = await runCliInProcess(
      ['skills', 'pack', 'demo', '--format', 'tgz', '--out', 'bundle.tgz', '--json'],
      {
        cwd: project,
        home,
      },
    );
    expect(ok.status, ok.stderr).toBe(0);
    const json = JSON.parse(ok.stdout) as Record<string, unknown>;
    expect(json).toMatchObject({
      path: path.join(project, 'bundle.tgz'),
      name: 'demo',
      format: 'tgz',
      files: 1,
      warnings: [],
    });
    expect(json.bytes).toBe(readFileSync(path.join(project, 'bundle.tgz')).length);
    expect(execFileSync('tar', ['-tzf', path.join(project, 'bundle.tgz')], { encoding: 'utf8' })).toBe(
      'demo/\ndemo/SKILL.md\n',
    );
  });

  it('P2 prints noise warnings on stderr', async () => {
    writeSkill(project, 'demo', FRONTMATTER, '# Demo\n', {
      'node_modules/x.js': '',
      'big.bin': 'x'.repeat(1024 * 1024 + 1),
    });
    const run = await runCliInProcess(['skills', 'pack', 'demo'], { cwd: project, home });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('warning skipped node_modules/ (installed dependencies)');
    expect(run.stderr).toContain('warning big.bin is large');
    expect(run.stdout).not.toContain('node_modules');
  });

  it('P2 refuses secrets with exit 1, naming the files and what to do, and leaves no file', async () => {
    writeSkill(project, 'demo', FRONTMATTER, '# Demo\n', { '.env': 'TOKEN=1', 'certs/key.pem': 'x' });
    const run = await runCliInProcess(['skills', 'pack', 'demo'], { cwd: project, home });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('.env (environment file)');
    expect(run.stderr).toContain('certs/key.pem');
    expect(run.stderr).toContain('Remove or move them outside the skill folder');
    expect(readdirSync(project).sort()).toEqual(['.git', 'demo']);
  });

  it('P2 refuses to write the bundle inside the skill folder', async () => {
    writeSkill(project, 'demo', FRONTMATTER);
    const run = await runCliInProcess(['skills', 'pack', 'demo', '--out', 'demo/demo.zip'], {
      cwd: project,
      home,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('inside the skill folder');
  });

  it('P2 exits 2 on a missing folder, a file instead of a folder, or an unknown --format', async () => {
    writeFileSync(path.join(project, 'file.txt'), 'x');
    writeSkill(project, 'demo', FRONTMATTER);
    const missing = await runCliInProcess(['skills', 'pack', 'nope'], { cwd: project, home });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('nope does not exist');
    const file = await runCliInProcess(['skills', 'pack', 'file.txt'], { cwd: project, home });
    expect(file.status).toBe(2);
    expect(file.stderr).toContain('not a folder');
    const format = await runCliInProcess(['skills', 'pack', 'demo', '--format', 'rar'], {
      cwd: project,
      home,
    });
    expect(format.status).toBe(2);
    expect(format.stderr).toContain('rar');
    expect(readdirSync(project).sort()).toEqual(['.git', 'demo', 'file.txt']);
  });

  it('P2 refuses to overwrite an existing bundle without --force, and replaces it with --force', async () => {
    writeSkill(project, 'demo', FRONTMATTER);
    writeFileSync(path.join(project, 'demo.zip'), 'my own file');
    const refused = await runCliInProcess(['skills', 'pack', 'demo'], { cwd: project, home });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('demo.zip already exists; pass --force');
    expect(readFileSync(path.join(project, 'demo.zip'), 'utf8')).toBe('my own file');
    const forced = await runCliInProcess(['skills', 'pack', 'demo', '--force'], { cwd: project, home });
    expect(forced.status, forced.stderr).toBe(0);
    expect(readFileSync(path.join(project, 'demo.zip')).subarray(0, 2).toString()).toBe('PK');
  });

  it('P2 pack and hash validate the folder first (lenient): a folder of skills or an invalid skill is refused', async () => {
    writeSkill(path.join(project, '.agents', 'skills'), 'good', FRONTMATTER.replace('demo', 'good'));
    writeSkill(project, 'nodesc', 'name: nodesc');
    for (const command of ['pack', 'hash']) {
      const folder = await runCliInProcess(['skills', command, '.agents/skills'], { cwd: project, home });
      expect(folder.status, command).toBe(1);
      expect(folder.stdout, command).toBe('');
      expect(folder.stderr, command).toContain('.agents/skills is not a valid skill folder');
      const invalid = await runCliInProcess(['skills', command, 'nodesc'], { cwd: project, home });
      expect(invalid.status, command).toBe(1);
      expect(invalid.stderr, command).toContain('description');
    }
    expect(readdirSync(project).sort()).toEqual(['.agents', '.git', 'nodesc']);
  });
});
