import { cp, mkdir, mkdtemp, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCatalog } from '../../src/catalog/build-catalog.js';
import type { CatalogSnapshot } from '../../src/catalog/types.js';
import { loadSkill } from '../../src/format/load-skill.js';
import type { Skill } from '../../src/format/types.js';
import { createSkillSession } from '../../src/runtime/create-skill-session.js';

const FIXTURE_PROJECT = fileURLToPath(new URL('../fixtures/runtime/project', import.meta.url));

/** A copy of the runtime fixture project in a temporary folder, with helpers to change it. */
export interface RuntimeProject {
  readonly root: string;
  readonly skillsDirectory: string;
  /** Load every skill folder under `.agents/skills` and build a snapshot. */
  catalog(options?: {
    version?: number;
    extra?: readonly Skill[];
    disabled?: readonly string[];
  }): Promise<CatalogSnapshot>;
  /** Write (or overwrite) `.agents/skills/<folder>/SKILL.md`. */
  writeSkill(folder: string, frontmatter: string, body: string): Promise<string>;
  /** Write a file relative to the project root. */
  writeFile(relativePath: string, content: string | Uint8Array): Promise<string>;
  remove(): Promise<void>;
}

/** Copy `test/fixtures/runtime/project` to a fresh temporary folder (never edit the fixture itself). */
export async function copyRuntimeProject(): Promise<RuntimeProject> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-runtime-')));
  await cp(FIXTURE_PROJECT, root, { recursive: true });
  const skillsDirectory = path.join(root, '.agents', 'skills');
  return {
    root,
    skillsDirectory,
    async catalog({ version = 1, extra = [], disabled = [] } = {}) {
      const folders = (await readdir(skillsDirectory, { withFileTypes: true })).filter((entry) =>
        entry.isDirectory(),
      );
      const skills: Skill[] = [...extra];
      for (const folder of folders.map((entry) => entry.name).sort()) {
        const loaded = await loadSkill(path.join(skillsDirectory, folder), {
          origin: { sourceType: 'project', sourceDir: skillsDirectory },
        });
        if (loaded.ok) skills.push(loaded.skill);
      }
      return buildCatalog(skills, { projectRoot: root, version, disabled });
    },
    async writeSkill(folder, frontmatter, body) {
      const directory = path.join(skillsDirectory, folder);
      await mkdir(directory, { recursive: true });
      const file = path.join(directory, 'SKILL.md');
      await writeFile(file, `---\n${frontmatter.trim()}\n---\n${body}`);
      return file;
    },
    async writeFile(relativePath, content) {
      const file = path.join(root, relativePath);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
      return file;
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** `read_skill_resource` with `args`, through a new session on `project`'s current catalog. */
export async function readSkillResource(project: RuntimeProject, args: Record<string, unknown>) {
  return (await createSkillSession({ catalog: await project.catalog() })).handleToolCall(
    'read_skill_resource',
    args,
  );
}
