import { mkdir, mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A fresh, real (symlink-free) temporary folder. */
export async function temporaryDirectory(prefix = 'skilldock-discover-'): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), prefix)));
}

/** Options of {@link writeSkill}. */
export interface WriteSkillOptions {
  readonly name?: string;
  readonly description?: string;
  /** Extra frontmatter lines, e.g. `priority: 3`. */
  readonly extra?: string;
  readonly body?: string;
  /** Supporting files by relative path. */
  readonly files?: Readonly<Record<string, string>>;
}

/** Writes `<directory>/SKILL.md` (and supporting files); the name defaults to the folder name. */
export async function writeSkill(directory: string, options: WriteSkillOptions = {}): Promise<string> {
  const name = options.name ?? directory.split(/[\\/]/).at(-1)!;
  const description = options.description ?? `Skill ${name}. Use when testing.`;
  const lines = ['---', `name: ${name}`, `description: ${JSON.stringify(description)}`];
  if (options.extra) lines.push(options.extra);
  lines.push('---', '', options.body ?? `# ${name}\n\nDo the thing.`, '');
  await mkdir(directory, { recursive: true });
  await writeFile(join(directory, 'SKILL.md'), lines.join('\n'));
  for (const [path, content] of Object.entries(options.files ?? {})) {
    await mkdir(dirname(join(directory, path)), { recursive: true });
    await writeFile(join(directory, path), content);
  }
  return directory;
}

/** Writes a JSON file, creating its folder. */
export async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

/**
 * The project the watcher tests start from: project skills `alpha` (description `Alpha v1.`) and
 * `beta`, and a personal skill `notes` in a separate home folder.
 */
export async function writeWatchedProject(): Promise<{ project: string; home: string; skills: string }> {
  const project = await temporaryDirectory();
  const home = await temporaryDirectory();
  const skills = join(project, '.agents', 'skills');
  await writeSkill(join(skills, 'alpha'), { description: 'Alpha v1.' });
  await writeSkill(join(skills, 'beta'));
  await writeSkill(join(home, '.agents', 'skills', 'notes'));
  return { project, home, skills };
}
