import { execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createSeededRandom } from '../lib/seeded-random.js';

/** What {@link generateSkillRepository} wrote. */
export interface GeneratedSkillRepository {
  readonly root: string;
  readonly skillNames: readonly string[];
  readonly files: number;
  readonly bytes: number;
}

/**
 * A git repository of `count` skills as `skills/<name>/`: a SKILL.md, an executable script, a
 * reference of a few KiB and a small JSON file each; the same seed writes the same bytes.
 */
export async function generateSkillRepository(
  root: string,
  { count = 200, seed = 20_251_130 }: { count?: number; seed?: number } = {},
): Promise<GeneratedSkillRepository> {
  const random = createSeededRandom(seed);
  const words = [
    'parse',
    'render',
    'deploy',
    'review',
    'summarise',
    'convert',
    'index',
    'audit',
    'plan',
    'test',
  ];
  const skillNames: string[] = [];
  let files = 0;
  let bytes = 0;
  const write = async (file: string, content: string) => {
    await writeFile(file, content);
    files++;
    bytes += Buffer.byteLength(content);
  };
  for (let index = 0; index < count; index++) {
    const name = `${random.pick(words)}-${random.pick(words)}-${String(index).padStart(3, '0')}`;
    skillNames.push(name);
    const directory = join(root, 'skills', name);
    await mkdir(join(directory, 'scripts'), { recursive: true });
    await mkdir(join(directory, 'references'), { recursive: true });
    await write(
      join(directory, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Use when you need to ${name.replaceAll('-', ' ')} in a project.\n---\n# ${name}\n\n${'Follow the steps. '.repeat(random.integer(5, 40))}\n`,
    );
    await write(join(directory, 'scripts', 'run.sh'), `#!/bin/sh\necho ${name}\n`);
    await chmod(join(directory, 'scripts', 'run.sh'), 0o755);
    await write(
      join(directory, 'references', 'guide.md'),
      `# Guide\n\n${'Detail line. '.repeat(random.integer(100, 400))}\n`,
    );
    await write(
      join(directory, 'references', 'data.json'),
      `${JSON.stringify({ name, weight: random.integer(1, 99) })}\n`,
    );
  }
  const git = promisify(execFile);
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
  await git('git', ['init', '-q', '-b', 'main'], { cwd: root, env });
  await git('git', ['add', '-A'], { cwd: root, env });
  await git(
    'git',
    ['-c', 'user.email=bench@example.com', '-c', 'user.name=bench', 'commit', '-q', '-m', 'skills'],
    { cwd: root, env },
  );
  return { root, skillNames, files, bytes };
}
